import type { Locator, Page } from "playwright-core";

/** The « Chapitre N : Titre » names of a hub's chapter list, in order (items holding their pages' links). */
export function chapterNames(page: Page, list: Locator): Promise<(string | null)[]> {
  return list
    .getByRole("listitem")
    .filter({ has: page.getByRole("list", { name: "Pages du chapitre" }) })
    .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
}
