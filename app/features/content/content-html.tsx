import { createContext, useContext, useState } from "react";

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
  return <div className={className} dangerouslySetInnerHTML={{ __html: content }} suppressHydrationWarning />;
}
