import { catalog } from "~/catalog/catalog";
import { foldForSearch as fold } from "~/components/ui/search-filter";
import { SEARCH_CATEGORIES } from "~/catalog/types";
import type { SearchCategory } from "~/catalog/types";

/** A searchable content entry (platform-core §3). */
export interface SearchEntry {
  id: string;
  title: string;
  description: string;
  category: SearchCategory;
  url: string;
  keywords: string[];
}

export interface SearchResult extends SearchEntry {
  score: number;
}

export interface ResultGroup {
  category: SearchCategory;
  results: SearchResult[];
}

/** Scoring and limits of platform-core §9. */
export const SCORE = { title: 10, keyword: 5, description: 3 } as const;
export const MAX_RESULTS_PER_CATEGORY = 5;

/** The entries come from the catalogue, so every result points at a page that exists. */
export const searchEntries: readonly SearchEntry[] = catalog.flatMap((entry) =>
  entry.search
    ? [
        {
          id: entry.path,
          title: entry.title,
          description: entry.description ?? "",
          category: entry.search.category,
          url: entry.path,
          keywords: entry.search.keywords,
        },
      ]
    : [],
);

/** The categories that have at least one entry: a filter that could only find nothing is not offered. */
export const availableCategories: readonly SearchCategory[] = SEARCH_CATEGORIES.filter((category) =>
  searchEntries.some((entry) => entry.category === category),
);

/** Case and accents are ignored: « methodologie » finds « Méthodologie ». */
export function scoreEntry(entry: SearchEntry, term: string): number {
  const needle = fold(term.trim());
  if (!needle) return 0;
  let score = 0;
  if (fold(entry.title).includes(needle)) score += SCORE.title;
  for (const keyword of entry.keywords) if (fold(keyword).includes(needle)) score += SCORE.keyword;
  if (fold(entry.description).includes(needle)) score += SCORE.description;
  return score;
}

/**
 * Entries scoring above 0, best first (ties keep catalogue order). A blank term gives nothing;
 * a selected category excludes the others.
 */
export function search(
  term: string,
  category: SearchCategory | null = null,
  entries: readonly SearchEntry[] = searchEntries,
): SearchResult[] {
  if (!term.trim()) return [];
  return entries
    .filter((entry) => !category || entry.category === category)
    .map((entry) => ({ ...entry, score: scoreEntry(entry, term) }))
    .filter((result) => result.score > 0)
    .sort((a, b) => b.score - a.score);
}

/**
 * Results grouped in the fixed category order, empty groups left out: at most five per group in the
 * palette, all of them on the results page (/recherche).
 */
export function groupResults(results: readonly SearchResult[], perGroup: number = MAX_RESULTS_PER_CATEGORY): ResultGroup[] {
  return SEARCH_CATEGORIES.map((category) => ({
    category,
    results: results.filter((result) => result.category === category).slice(0, perGroup),
  })).filter((group) => group.results.length > 0);
}

/** The results page of a term (and a category, when one is chosen). */
export function searchPageHref(term: string, category: SearchCategory | null = null): string {
  const query = new URLSearchParams({ q: term.trim() });
  if (category) query.set("categorie", category);
  return `/recherche?${query.toString()}`;
}
