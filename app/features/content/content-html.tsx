import { createContext, useContext, useEffect, useRef, useState } from "react";

/**
 * The server's reader of content bodies by reference (see ContentHtml); absent in the browser.
 * entry.server.tsx provides it.
 */
export const ServerContentHtml = createContext<((ref: string) => string | undefined) | null>(null);

/**
 * A content body (a course chapter, a page) as compiled HTML. On a document request the loader sends
 * `html: null`: the server renders the body from its store, and the browser keeps the server's DOM as it
 * hydrates (React does not compare innerHTML). A chapter would otherwise travel twice, in the page and
 * again, escaped, in the hydration data. Client navigations get the HTML in the loader data.
 */
export function ContentHtml(props: { html: string | null; htmlRef: string; className?: string }) {
  // A body of its own per reference: a route component reused for another chapter starts afresh.
  return <ContentBody key={props.htmlRef} {...props} />;
}

function ContentBody({ html, htmlRef, className }: { html: string | null; htmlRef: string; className?: string }) {
  const readOnServer = useContext(ServerContentHtml);
  // Hydrated from the document: a later revalidation of the same page must not rewrite the body.
  const [hydrated] = useState(() => html === null);
  const content = hydrated ? (readOnServer?.(htmlRef) ?? "") : (html ?? "");
  const ref = useRef<HTMLDivElement>(null);
  useScrollableFormulas(ref);
  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: content }} suppressHydrationWarning />;
}

/**
 * A display formula wider than the column scrolls inside its own block (app.css): this marks the ones
 * that overflow, so the stylesheet fades the side that has more (the visible hint), and makes them
 * reachable with the keyboard (a scrolling region must take the focus). Formulas that appear later (a
 * hint, a solution, the next quiz question) are marked as they come.
 */
export function useScrollableFormulas(ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const mark = (formula: HTMLElement) => {
      const overflowing = formula.scrollWidth > formula.clientWidth + 1;
      formula.toggleAttribute("data-overflowing", overflowing);
      formula.toggleAttribute("data-at-start", formula.scrollLeft <= 1);
      formula.toggleAttribute("data-at-end", formula.scrollLeft + formula.clientWidth >= formula.scrollWidth - 1);
      if (overflowing) {
        formula.tabIndex = 0;
        formula.setAttribute("role", "group");
        formula.setAttribute("aria-label", "Formule défilante");
      } else {
        formula.removeAttribute("tabindex");
        formula.removeAttribute("role");
        formula.removeAttribute("aria-label");
      }
    };
    const markAll = () => container.querySelectorAll<HTMLElement>(".math-display").forEach(mark);
    const onScroll = (event: Event) => {
      if (event.target instanceof HTMLElement && event.target.classList.contains("math-display")) mark(event.target);
    };
    const resizes = new ResizeObserver(markAll);
    resizes.observe(container);
    const additions = new MutationObserver(markAll);
    additions.observe(container, { childList: true, subtree: true });
    // Scroll events do not bubble; capturing them on the container sees every formula's.
    container.addEventListener("scroll", onScroll, { capture: true, passive: true });
    markAll();
    return () => {
      resizes.disconnect();
      additions.disconnect();
      container.removeEventListener("scroll", onScroll, { capture: true });
    };
  }, [ref]);
}
