import { Search, X } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SearchCategory } from "~/catalog/types";
import { saveActivity } from "../activity/activity-client";
import { availableCategories, groupResults, search, searchPageHref } from "./search";
import type { SearchResult } from "./search";
import { SearchHistoryRecorder } from "./search-history";
import { SearchResultSummary } from "./search-result-summary";
import { SEARCH_TEXT } from "./search-text";
import type { SearchVariant } from "./search-text";

/** The open search (loaded on first use): input, category filter and grouped results. */
export default function SearchDialog({ variant, signedIn, onClose }: { variant: SearchVariant; signedIn: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const [category, setCategory] = useState<SearchCategory | null>(null);
  const [active, setActive] = useState(0);
  const recorder = useMemo(() => new SearchHistoryRecorder((activity) => void saveActivity(activity)), []);

  const results = useMemo(() => search(term, category), [term, category]);
  const groups = useMemo(() => groupResults(results), [results]);
  const shown = useMemo(() => groups.flatMap((group) => group.results), [groups]);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    dialog.current?.showModal();
    input.current?.focus();
    return () => recorder.cancel();
  }, [recorder]);

  useEffect(() => {
    setActive(0);
    if (signedIn) recorder.update(term, category, results);
  }, [term, category, results, signedIn, recorder]);

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const close = useCallback(() => {
    recorder.cancel();
    setTerm("");
    onClose();
  }, [onClose, recorder]);

  const goTo = (url: string) => {
    if (signedIn) recorder.flush();
    setTerm("");
    onClose();
    void navigate(url);
  };
  const choose = (result: SearchResult) => goTo(result.url);

  const onInputKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (!shown.length) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((index) => (index + 1) % shown.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (index - 1 + shown.length) % shown.length);
    } else if (event.key === "Home" && event.ctrlKey) {
      setActive(0);
    } else if (event.key === "End" && event.ctrlKey) {
      setActive(shown.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(shown[active]);
    }
  };

  const fullscreen = variant === "fullscreen";
  let index = -1;
  return (
    <dialog
      ref={dialog}
      onClose={close}
      onClick={(event) => event.target === dialog.current && close()}
      aria-label="Recherche"
      data-variant={variant}
      className={
        fullscreen
          ? "m-0 h-dvh max-h-none w-screen max-w-none bg-background p-4 text-foreground"
          : "mx-auto mt-[12vh] w-[min(40rem,calc(100vw-2rem))] rounded-2xl border border-border bg-card p-0 text-foreground shadow-2xl backdrop:bg-black/50"
      }
    >
      <div className={fullscreen ? "flex items-center gap-2" : "flex items-center gap-2 border-b border-border px-4"}>
        <Search aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Rechercher sur Tremplin"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown.length ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={fullscreen ? SEARCH_TEXT.mobilePlaceholder : SEARCH_TEXT.palettePlaceholder}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={onInputKey}
          className={`h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground ${
            fullscreen ? "rounded-lg border border-input px-3 focus-visible:ring-2 focus-visible:ring-ring" : ""
          } [&::-webkit-search-cancel-button]:hidden`}
        />
        {fullscreen && term && (
          <button
            type="button"
            onClick={() => {
              setTerm("");
              input.current?.focus();
            }}
            aria-label="Effacer la recherche"
            className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-muted"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        )}
        <button
          type="button"
          onClick={close}
          // The name starts with or holds the visible word: « Fermer » full screen, the key « Échap » in the palette.
          aria-label={fullscreen ? "Fermer la recherche" : "Fermer la recherche (Échap)"}
          aria-keyshortcuts="Escape"
          className={
            fullscreen
              ? "inline-flex h-11 items-center rounded-lg px-3 text-sm font-medium hover:bg-muted"
              : "rounded-md border border-border px-1.5 text-xs text-muted-foreground hover:bg-muted"
          }
        >
          {fullscreen ? "Fermer" : "Échap"}
        </button>
      </div>

      <div role="group" aria-label="Filtrer par catégorie" className={`flex flex-wrap gap-1.5 ${fullscreen ? "py-3" : "px-4 py-3"}`}>
        {[null, ...availableCategories].map((option) => (
          <button
            key={option ?? "all"}
            type="button"
            aria-pressed={category === option}
            onClick={() => setCategory(option)}
            className="rounded-full border border-border px-3 py-1 text-xs font-medium hover:bg-muted aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {option ?? "Toutes"}
          </button>
        ))}
      </div>

      <div className={fullscreen ? "" : "px-2 pb-2"}>
        <p aria-live="polite" className={shown.length ? "sr-only" : "px-2 py-6 text-center text-sm text-muted-foreground"}>
          {!term.trim()
            ? SEARCH_TEXT.empty
            : shown.length
              ? `${results.length} résultat${results.length > 1 ? "s" : ""}`
              : SEARCH_TEXT.noResult}
        </p>
        <div
          id={listId}
          role="listbox"
          aria-label="Résultats de recherche"
          className="max-h-[300px] overflow-y-auto"
          data-testid="search-results"
        >
          {groups.map((group) => (
            <div key={group.category} role="group" aria-label={group.category}>
              <p aria-hidden="true" className="px-2 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {group.category}
              </p>
              {group.results.map((result) => {
                index += 1;
                const position = index;
                return (
                  <div
                    key={result.id}
                    id={optionId(position)}
                    role="option"
                    aria-selected={position === active}
                    onClick={() => choose(result)}
                    onMouseMove={() => setActive(position)}
                    className="flex cursor-pointer items-start justify-between gap-3 rounded-lg px-2 py-2 aria-selected:bg-muted"
                  >
                    <SearchResultSummary title={result.title} description={result.description} category={result.category} clamp />
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {term.trim() && results.length > 0 ? (
          <a
            href={searchPageHref(term, category)}
            onClick={(event) => {
              event.preventDefault();
              goTo(searchPageHref(term, category));
            }}
            className="mt-2 flex min-h-11 items-center justify-center rounded-lg border border-border px-3 text-sm font-semibold text-primary hover:bg-muted"
          >
            {results.length > shown.length ? `Voir tous les résultats (${results.length})` : "Voir tous les résultats"}
          </a>
        ) : null}
      </div>
    </dialog>
  );
}
