import { ArrowUp, ListTree, MessageCircle } from "lucide-react";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { Heading } from "../../../content/compiled";
import type { loader as rootLoader } from "../../root";
import { Dialog } from "../ui/dialog";
import { CHAT_PREFILLED_MESSAGE, messagingHref } from "./constants";
import { TocList } from "./toc";

/** What a route module exports as `handle` to get the reading toolbar instead of the floating chat button on phones. */
export const READING_HANDLE = { readingToolbar: true } as const;

export function hasReadingToolbar(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { readingToolbar?: boolean }).readingToolbar === true;
}

const TOOL_CLASS =
  "inline-flex min-h-12 flex-1 flex-col items-center justify-center gap-0.5 whitespace-nowrap rounded-lg px-2 text-xs font-semibold hover:bg-muted";

/**
 * Below desktop width, on long reading pages (courses, exercises, quiz, flashcards): a bar at the bottom
 * with the table of contents, a way back to the top and the question to a tutor, in place of the
 * floating chat button that covered the text. The page keeps room for the bar after its last line.
 */
export function ReadingToolbar({ headings = [], tocLabel = "Sommaire du chapitre" }: { headings?: Heading[]; tocLabel?: string }) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const [tocOpen, setTocOpen] = useState(false);
  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    document.getElementById("contenu")?.focus({ preventScroll: true });
  };
  return (
    <>
      <div aria-hidden="true" className="h-20 lg:hidden" />
      <nav
        aria-label="Outils de lecture"
        data-testid="reading-toolbar"
        className="fixed inset-x-0 bottom-0 z-30 flex gap-1 border-t border-border bg-background/95 px-2 py-1.5 backdrop-blur lg:hidden"
      >
        {headings.length >= 2 ? (
          <button type="button" className={TOOL_CLASS} onClick={() => setTocOpen(true)}>
            <ListTree aria-hidden="true" className="size-5" /> Sommaire
          </button>
        ) : null}
        <button type="button" className={TOOL_CLASS} onClick={backToTop}>
          <ArrowUp aria-hidden="true" className="size-5" /> Haut de page
        </button>
        {rootData ? (
          <a
            href={messagingHref(rootData.config.messagingUrl, CHAT_PREFILLED_MESSAGE)}
            target="_blank"
            rel="noopener noreferrer"
            className={TOOL_CLASS}
          >
            <MessageCircle aria-hidden="true" className="size-5" /> Une question<span className="sr-only"> (nouvel onglet)</span>
          </a>
        ) : null}
      </nav>
      {headings.length >= 2 ? (
        <Dialog open={tocOpen} onClose={() => setTocOpen(false)} title={tocLabel}>
          <nav aria-label={tocLabel} className="max-h-[60vh] overflow-y-auto">
            <TocList headings={headings} onNavigate={() => setTocOpen(false)} />
          </nav>
        </Dialog>
      ) : null}
    </>
  );
}
