import type { ClientActivity } from "../activity/activity";
import type { SearchCategory } from "~/catalog/types";
import type { SearchResult } from "./search";

/** How long the term must stay unchanged before the search counts as settled and is recorded. */
export const SEARCH_SETTLE_MS = 1000;

/** The `search` activity of platform-core §3: term and category in, count and top three out. */
export function searchActivity(term: string, category: SearchCategory | null, results: readonly SearchResult[]): ClientActivity {
  return {
    activityType: "search",
    inputData: { term: term.trim(), category },
    outputData: {
      resultCount: results.length,
      topResults: results.slice(0, 3).map(({ title, category }) => ({ title, category })),
    },
    metadata: { resultCount: results.length, categories: [...new Set(results.map((result) => result.category))] },
  };
}

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * Records each settled search once, not each keystroke: a term is saved after it has stayed
 * unchanged for SEARCH_SETTLE_MS, or at once when a result is chosen before that.
 */
export class SearchHistoryRecorder {
  private pending: { key: string; activity: ClientActivity } | null = null;
  private timer: unknown = null;
  private lastRecordedKey: string | null = null;

  constructor(
    private readonly save: (activity: ClientActivity) => void,
    private readonly timers: Timers = {
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  ) {}

  update(term: string, category: SearchCategory | null, results: readonly SearchResult[]) {
    this.cancel();
    if (!term.trim()) return;
    const key = `${term.trim().toLowerCase()}|${category ?? ""}`;
    if (key === this.lastRecordedKey) return;
    this.pending = { key, activity: searchActivity(term, category, results) };
    this.timer = this.timers.setTimeout(() => this.flush(), SEARCH_SETTLE_MS);
  }

  /** Saves the pending search now (a result was chosen). */
  flush() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending) return;
    this.lastRecordedKey = this.pending.key;
    this.save(this.pending.activity);
    this.pending = null;
  }

  /** Drops a search that never settled (the palette closed while typing). */
  cancel() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  /** A new opening of the palette may record the same term again. */
  reset() {
    this.cancel();
    this.lastRecordedKey = null;
  }
}
