import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalog, findCatalogEntry, routeIdFor } from "./catalog";
import { PAGE_FLAGS } from "./page-flags";
import { PERMANENT_REDIRECTS, permanentRedirectFor } from "./redirects";
import { documentTitle, hasPage, hasPageFlag } from "./site-pages";
import { footerColumns, headerMenus, legalLinks } from "./navigation";

// The URLs and titles of the site Tremplin replaces (kept in the repository: the project stands alone).
const inventoryFile = path.resolve(import.meta.dirname, "../../docs/spec/url-inventory.tsv");
const inventory = new Map(
  readFileSync(inventoryFile, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split("\t"))
    .map(([urlPath, title]) => [urlPath, title]),
);

/**
 * A title reduced to its words: case, dashes and colons between parts, « & », apostrophes, chapter
 * numbers and the course pages' leading « Maths – » or « Cours – » aside.
 */
function comparableTitle(title: string) {
  return title
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/ & /g, " et ")
    .replace(/'/g, "’")
    .replace(/1ère/g, "1re")
    .replace(/2ème/g, "2e")
    .replace(/ [-–—:] /g, " | ")
    .replace(/chapitre \d+ \| /g, "")
    .replace(/^(maths|cours) \| /, "");
}

describe("route catalogue", () => {
  it("has unique paths and unique route ids", () => {
    const paths = catalog.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    const ids = catalog.map(routeIdFor);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // docs/decisions/0011: a kept page keeps its title's words; the typography follows the house style.
  it("keeps the titles of the site it replaces for the paths it kept, in the house style", () => {
    const kept = catalog.filter((entry) => inventory.has(entry.path));
    expect(kept.length).toBeGreaterThan(15);
    for (const entry of kept) expect(comparableTitle(entry.title), entry.path).toBe(comparableTitle(inventory.get(entry.path)!));
    expect(comparableTitle("Exercices - Chapitre 3 : Sommes, produits & coefficients binomiaux")).toBe(
      comparableTitle("Exercices – Sommes, produits et coefficients binomiaux"),
    );
    expect(comparableTitle("Cours - Chapitre 6 : Variables aléatoires à densité")).toBe(
      comparableTitle("Maths – Variables aléatoires à densité"),
    );
    expect(comparableTitle("Maths - Polynômes")).not.toBe(comparableTitle("Maths – Polynômes et fractions"));
  });

  it("writes every title in the house style: en dash between parts, « et », typographic apostrophe, 1re and 2e", () => {
    for (const entry of catalog) {
      expect(entry.title, entry.path).not.toMatch(/\s-\s|&|'|1ère|2ème|^Chapitre \d/);
    }
  });

  it("redirects merged inventory paths to a page of the catalogue, never from one", () => {
    for (const [from, to] of Object.entries(PERMANENT_REDIRECTS)) {
      expect(inventory.has(from), from).toBe(true);
      expect(findCatalogEntry(from), from).toBeUndefined();
      expect(findCatalogEntry(to), to).toBeDefined();
    }
    expect(permanentRedirectFor(new URL("http://x/formation/maths-fonctions/?a=1"))).toBe(
      "/formation/maths-fonctions-d-une-variable-reelle?a=1",
    );
    expect(permanentRedirectFor(new URL("http://x/formation/maths-polynomes"))).toBeUndefined();
  });

  it("holds the pages of the foundation", () => {
    for (const required of [
      "/",
      "/formations",
      "/apropos",
      "/partners",
      "/nos-offres",
      "/stage-accompagnement",
      "/offres/pre-rentree",
      "/coaching",
      "/offre/gratuite",
      "/offre/coaching-maths",
      "/offre/coaching-python",
      "/offre/organisation-ete",
      "/offre/preparation-cube",
      "/parent",
      "/design-system",
      "/mentions-legales",
      "/politique-confidentialite",
      "/cgu",
      "/cgv",
    ]) {
      expect(findCatalogEntry(required), required).toBeDefined();
    }
    expect(findCatalogEntry("/offres/pre-rentree")?.title).toBe("Stage de Pré-entrée");
  });

  it("finds entries with or without a trailing slash", () => {
    expect(findCatalogEntry("/apropos/")?.path).toBe("/apropos");
    expect(findCatalogEntry("/inconnu")).toBeUndefined();
  });

  it("gives the browser every path with its flags, and nothing else", () => {
    for (const entry of catalog.filter((item) => !item.path.includes("/:"))) {
      expect(hasPage(entry.path), entry.path).toBe(true);
      expect(hasPageFlag(entry.path, PAGE_FLAGS.guarded), entry.path).toBe(
        Boolean(entry.protected || entry.section || entry.chrome === "teacher"),
      );
    }
    expect(hasPageFlag("/dashboard", PAGE_FLAGS.guarded)).toBe(true);
    expect(hasPageFlag("/formation/maths-elements-de-logique/", PAGE_FLAGS.guarded)).toBe(true);
    expect(hasPageFlag("/chapitres-libres/suites-cours", PAGE_FLAGS.tracked)).toBe(true);
    expect(hasPageFlag("/chapitres-libres/suites-cours", PAGE_FLAGS.guarded)).toBe(false);
    expect(hasPageFlag("/apropos", PAGE_FLAGS.tracked)).toBe(false);
    expect(hasPage("/apropos/")).toBe(true);
    expect(hasPage("/inconnu")).toBe(false);
    // Teacher pages with parameters are not listed, and are guarded all the same.
    expect(hasPage("/prof/courses/:courseId")).toBe(false);
    expect(hasPageFlag("/prof/courses/0b0c4f1e-8b9d-4c3e-9a55-2d1f0e6a7b8c/students", PAGE_FLAGS.guarded)).toBe(true);
  });

  it("formats document titles as « titre | Tremplin »", () => {
    expect(documentTitle("À propos")).toBe("À propos | Tremplin");
  });
});

describe("navigation", () => {
  const allLinks = [...headerMenus, ...footerColumns].flatMap((menu) => menu.groups.flatMap((group) => group.links)).concat(legalLinks);

  it("only links to pages of the catalogue", () => {
    for (const link of allLinks) expect(findCatalogEntry(link.path), link.path).toBeDefined();
  });

  it("has four footer columns and the Formations and Contact dropdowns", () => {
    expect(footerColumns).toHaveLength(4);
    expect(headerMenus.map((menu) => menu.label)).toEqual(expect.arrayContaining(["Formations", "Contact"]));
    expect(legalLinks.map((link) => link.path)).toEqual(["/mentions-legales", "/politique-confidentialite", "/cgu", "/cgv"]);
  });

  it("leaves out a menu whose pages do not exist yet rather than linking to a 404", () => {
    const niveau = headerMenus.find((menu) => menu.label === "Niveau");
    const anyArticle = catalog.some((entry) => entry.path.startsWith("/articles"));
    expect(Boolean(niveau)).toBe(anyArticle);
  });
});
