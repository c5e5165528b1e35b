import { describe, expect, it, vi } from "vitest";
import { catalog } from "~/catalog/catalog";
import { hasPage } from "~/catalog/site-pages";
import { SEARCH_CATEGORIES } from "~/catalog/types";
import { MAX_RESULTS_PER_CATEGORY, groupResults, scoreEntry, search, searchEntries } from "./search";
import type { SearchEntry } from "./search";
import { SEARCH_SETTLE_MS, SearchHistoryRecorder, searchActivity } from "./search-history";

const entry = (overrides: Partial<SearchEntry>): SearchEntry => ({
  id: overrides.url ?? "/x",
  title: "Titre",
  description: "Description",
  category: "Formation",
  url: "/x",
  keywords: [],
  ...overrides,
});

describe("search scoring (platform-core §9)", () => {
  const methode = entry({
    title: "Méthodologie Mathématiques",
    description: "Comment réviser les maths",
    keywords: ["méthode", "méthodologie", "colles"],
    category: "Méthodologie",
    url: "/m",
  });

  it("adds 10 for the title, 5 per matching keyword and 3 for the description", () => {
    expect(scoreEntry(methode, "méthodologie")).toBe(10 + 5);
    expect(scoreEntry(methode, "méthod")).toBe(10 + 5 + 5);
    expect(scoreEntry(methode, "réviser")).toBe(3);
    expect(scoreEntry(methode, "maths")).toBe(3);
    expect(scoreEntry(methode, "mathématiques")).toBe(10);
    expect(scoreEntry(methode, "colles")).toBe(5);
    expect(scoreEntry(entry({ title: "Python", description: "cours de python", keywords: ["python"] }), "python")).toBe(18);
  });

  it("ignores case and accents", () => {
    expect(scoreEntry(methode, "METHODOLOGIE")).toBe(15);
    expect(scoreEntry(methode, "methodologie")).toBe(15);
    expect(scoreEntry(methode, "  Methodologie  ")).toBe(15);
  });

  it("gives nothing for a blank or whitespace-only term", () => {
    expect(search("", null, [methode])).toEqual([]);
    expect(search("   \t", null, [methode])).toEqual([]);
    expect(scoreEntry(methode, " ")).toBe(0);
  });

  it("keeps only scores above 0, sorted by descending score", () => {
    const entries = [
      entry({ url: "/a", title: "Autre chose", description: "rien" }),
      entry({ url: "/b", title: "Bases", description: "les suites numériques" }),
      entry({ url: "/c", title: "Suites", keywords: ["suites"] }),
      entry({ url: "/d", title: "Divers", keywords: ["suites"] }),
    ];
    expect(search("suites", null, entries).map((result) => [result.url, result.score])).toEqual([
      ["/c", 15],
      ["/d", 5],
      ["/b", 3],
    ]);
  });

  it("excludes the other categories when one is selected", () => {
    const entries = [
      entry({ url: "/a", title: "Python", category: "Formation" }),
      entry({ url: "/b", title: "Python", category: "Services" }),
    ];
    expect(search("python", "Services", entries).map((result) => result.url)).toEqual(["/b"]);
    expect(search("python", null, entries)).toHaveLength(2);
  });

  it("groups in the fixed category order with at most five results per group", () => {
    const entries = [
      ...Array.from({ length: 7 }, (_, i) => entry({ url: `/f${i}`, title: "Python", category: "Formation" })),
      entry({ url: "/s", title: "Python", category: "Services" }),
      entry({ url: "/m", title: "Python", category: "Méthodologie" }),
    ];
    const groups = groupResults(search("python", null, entries));
    expect(groups.map((group) => group.category)).toEqual(["Méthodologie", "Formation", "Services"]);
    expect(groups[1].results).toHaveLength(MAX_RESULTS_PER_CATEGORY);
  });
});

describe("search entries come from the catalogue", () => {
  it("point at pages that exist, with a title, a description and a known category", () => {
    expect(searchEntries.length).toBeGreaterThanOrEqual(35);
    for (const item of searchEntries) {
      expect(hasPage(item.url), item.url).toBe(true);
      expect(item.title.length, item.url).toBeGreaterThan(1);
      expect(item.description.length, item.url).toBeGreaterThan(20);
      expect(SEARCH_CATEGORIES).toContain(item.category);
    }
    expect(new Set(searchEntries.map((item) => item.url)).size).toBe(searchEntries.length);
  });

  it("leaves out sign-in, account and legal pages", () => {
    const urls = searchEntries.map((item) => item.url);
    for (const path of ["/login", "/register", "/compte", "/mentions-legales", "/acces-restreint"]) expect(urls).not.toContain(path);
    expect(catalog.filter((item) => item.noindex && item.search)).toEqual([]);
  });

  it("finds the methodology page without accents", () => {
    const [first] = search("methodologie");
    expect(first.url).toBe("/formation/maths-methodologie");
    expect(first.category).toBe("Méthodologie");
  });
});

describe("search history", () => {
  const results = search("python");

  it("describes the search as platform-core §3 says", () => {
    const activity = searchActivity(" python ", "Formation", results);
    expect(activity.activityType).toBe("search");
    expect(activity.inputData).toEqual({ term: "python", category: "Formation" });
    expect(activity.outputData).toEqual({
      resultCount: results.length,
      topResults: results.slice(0, 3).map(({ title, category }) => ({ title, category })),
    });
    expect(activity.metadata).toEqual({ resultCount: results.length, categories: [...new Set(results.map((r) => r.category))] });
  });

  it("records a settled search once, not each keystroke", () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const recorder = new SearchHistoryRecorder(save);
    for (const prefix of ["p", "py", "pyt", "pyth", "pytho", "python"]) {
      recorder.update(prefix, null, search(prefix));
      vi.advanceTimersByTime(SEARCH_SETTLE_MS - 1);
    }
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0].inputData).toEqual({ term: "python", category: null });
    // The same term again (e.g. results re-rendered) is not recorded twice; choosing a result adds nothing.
    recorder.update("python", null, results);
    vi.advanceTimersByTime(SEARCH_SETTLE_MS);
    recorder.flush();
    expect(save).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it("records at once when a result is chosen before the search settles, and drops unsettled searches on close", () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const recorder = new SearchHistoryRecorder(save);
    recorder.update("suites", null, search("suites"));
    recorder.flush();
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SEARCH_SETTLE_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
    recorder.update("séries", null, search("séries"));
    recorder.cancel();
    vi.advanceTimersByTime(SEARCH_SETTLE_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
    recorder.update("   ", null, []);
    vi.advanceTimersByTime(SEARCH_SETTLE_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
