import { Search } from "lucide-react";
import { Suspense, lazy, useEffect, useState } from "react";
import type { SearchVariant } from "./search-text";

/** The dialog and the search index load on first use: they are not needed to read a page. */
const SearchDialog = lazy(() => import("./search-dialog"));

/** Below Tailwind's md breakpoint the search opens full screen (platform-core §2). */
const MEDIUM_BREAKPOINT = "(min-width: 768px)";

/**
 * The header's search: an icon button on desktop, a search button on mobile, and Ctrl/Cmd+K
 * anywhere. Search history is recorded only for signed-in users.
 */
export function SearchLauncher({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState<SearchVariant | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(window.matchMedia(MEDIUM_BREAKPOINT).matches ? "palette" : "fullscreen");
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen("palette")}
        // The name holds the shortcut as it is shown (« Ctrl K », from 1280 px): the visible text is part of the name.
        aria-label="Rechercher (Ctrl K)"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className="hidden h-11 items-center gap-2 rounded-lg px-3 text-sm text-muted-foreground hover:bg-muted md:inline-flex"
      >
        <Search aria-hidden="true" className="size-5" />
        <kbd className="hidden rounded border border-border px-1.5 font-sans text-xs whitespace-nowrap xl:inline">Ctrl K</kbd>
      </button>
      <button
        type="button"
        onClick={() => setOpen("fullscreen")}
        aria-label="Rechercher"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-muted md:hidden"
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog variant={open} signedIn={signedIn} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
