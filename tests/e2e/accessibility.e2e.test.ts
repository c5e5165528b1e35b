import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import type { BrowserContextOptions, Page } from "playwright-core";
import { AXE_TAGS, DESKTOP, MOBILE, gotoHydrated, registerThroughForm, setupBrowser, uniqueEmail } from "./support/browser";

const browser = setupBrowser();

/** One page per page type: home, listing, Markdown page (offer, legal), design system, 404. */
const pageTypes = [
  "/",
  "/formations",
  "/coaching",
  "/politique-confidentialite",
  "/design-system",
  "/login",
  "/register",
  "/mot-de-passe-oublie",
  "/acces-restreint?section=maths&next=%2Fformation%2Fmaths",
  "/chapitres-libres/suites-cours",
  "/chapitres-libres/suites-exercices",
  "/chapitres-libres/suites-quiz",
  "/formation/anglais/vocabulaire",
  "/recherche?q=python",
  "/page-inexistante",
];

/**
 * WCAG 2.2 A and AA, and axe's experimental rules: among them label-content-name-mismatch (WCAG 2.5.3,
 * Label in Name: a control's visible text is part of its accessible name), tagged experimental and wcag21a.
 */

async function seriousViolations(
  path: string,
  options: Parameters<typeof browser.newPage>[0],
  prepare?: (page: Awaited<ReturnType<typeof browser.newPage>>) => Promise<void>,
) {
  const page = await browser.newPage(options);
  await gotoHydrated(page, path);
  await prepare?.(page);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

describe("accessibility (axe, WCAG 2.2 AA)", () => {
  it.each(pageTypes)("%s has no serious or critical violation in the light theme", async (path) => {
    expect(await seriousViolations(path, { ...DESKTOP, colorScheme: "light" })).toEqual([]);
  });

  it.each(pageTypes)("%s has no serious or critical violation in the dark theme", async (path) => {
    expect(await seriousViolations(path, { ...DESKTOP, colorScheme: "dark" })).toEqual([]);
  });

  // The success toast's green was 4.26:1 on its background (found by the teacher-space test, issue #13).
  it.each(["light", "dark"] as const)("success and error toasts have enough contrast (%s theme)", async (colorScheme) => {
    const toastViolations = async (page: Awaited<ReturnType<typeof browser.newPage>>) => {
      await page.locator('[data-sonner-toast][data-visible="true"]').first().waitFor();
      // Toasts slide and fade in over 400 ms: axe would read their colours halfway.
      await page.waitForTimeout(600);
      const results = await new AxeBuilder({ page }).include("[data-sonner-toaster]").withTags(["wcag2aa"]).analyze();
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    };
    const page = await browser.newPage({ ...DESKTOP, colorScheme });
    await registerThroughForm(page, { firstName: "Toast", email: uniqueEmail("toast"), password: "violon-nuage-cerise-42" });
    expect(await toastViolations(page)).toEqual([]);
    const visitor = await browser.newPage({ ...DESKTOP, colorScheme });
    await gotoHydrated(visitor, "/login");
    await visitor.getByLabel("Adresse e-mail ou numéro de téléphone").fill(uniqueEmail("inconnu"));
    await visitor.getByLabel("Mot de passe", { exact: true }).fill("mauvais-mot-de-passe");
    await visitor.getByRole("button", { name: "Se connecter" }).click();
    expect(await toastViolations(visitor)).toEqual([]);
  });

  it.each(["light", "dark"] as const)("signed-in page types have no serious or critical violation (%s theme)", async (colorScheme) => {
    const page = await browser.newPage({ ...DESKTOP, colorScheme });
    await registerThroughForm(page, { firstName: "Axe", email: uniqueEmail("axe"), password: "violon-nuage-cerise-42" });
    const found: string[] = [];
    for (const path of [
      "/dashboard",
      "/compte",
      "/formation/python-fondamentaux",
      "/formation/python-fondamentaux-exercices",
      "/formation/python-quiz",
      "/python-flashcards",
      "/python-reference",
    ]) {
      await gotoHydrated(page, path);
      if (path.endsWith("-exercices")) {
        await page
          .getByRole("button", { name: /Afficher une indication/ })
          .first()
          .click();
        await page.getByRole("button", { name: "Voir la solution" }).first().click();
      }
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      found.push(
        ...results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      );
    }
    expect(found).toEqual([]);
  });

  it.each([
    ["desktop palette", DESKTOP, "Rechercher (Ctrl K)"],
    ["mobile full-screen search", MOBILE, "Rechercher"],
  ] as const)("the open %s with results has no serious or critical violation", async (_, options, button) => {
    const violations = await seriousViolations("/", options, async (page) => {
      await page.getByRole("button", { name: button, exact: true }).click();
      await page.getByRole("combobox", { name: "Rechercher sur Tremplin" }).fill("python");
      await page.getByRole("option").first().waitFor();
    });
    expect(violations).toEqual([]);
  });

  it("the open mobile menu has no serious or critical violation", async () => {
    const violations = await seriousViolations("/", MOBILE, async (page) => {
      await page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
    });
    expect(violations).toEqual([]);
  });
});

/**
 * WCAG 2.5.3 (Label in Name): the visible buttons and links of the page whose accessible name does not hold
 * their visible text, its words in the same order (case, spaces and punctuation aside). One line each.
 */
async function labelNotInName(page: Page): Promise<string[]> {
  const controls = await page.evaluate(() => {
    const found: { index: number; role: "button" | "link"; text: string }[] = [];
    const selector = 'a[href]:not([role]), button:not([role]), [role="button"], [role="link"]';
    document.querySelectorAll<HTMLElement>(selector).forEach((element, index) => {
      // Out of the accessibility tree (another check's business), or a formula: KaTeX shows one text and names by another.
      if (element.closest('[aria-hidden="true"], [inert]') || element.querySelector(".katex, math")) return;
      if (!element.checkVisibility({ visibilityProperty: true })) return;
      const text = element.innerText.trim();
      if (!text) return;
      element.dataset.labelInName = String(index);
      const role = element.getAttribute("role") ?? (element.localName === "a" ? "link" : "button");
      found.push({ index, role: role === "link" ? "link" : "button", text });
    });
    return found;
  });
  const problems: string[] = [];
  for (const { index, role, text } of controls) {
    const words = text.match(/[\p{L}\p{N}]+/gu);
    if (!words) continue;
    // Playwright tests the regular expression on the accessible name it computes.
    const name = new RegExp(words.join("[^\\p{L}\\p{N}]+"), "iu");
    const named = await page.locator(`[data-label-in-name="${index}"]`).and(page.getByRole(role, { name })).count();
    if (named === 0) problems.push(`${role} «\u00a0${text.replace(/\s+/g, " ")}\u00a0»`);
  }
  return problems;
}

describe("label in name (WCAG 2.5.3)", () => {
  const viewports: [string, BrowserContextOptions][] = [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ];

  it.each(viewports)("every visible button and link holds its visible text in its name, signed out (%s)", async (_, options) => {
    const page = await browser.newPage(options);
    for (const path of ["/", "/chapitres-libres/suites-cours", "/recherche?q=suites"]) {
      await gotoHydrated(page, path);
      await expect.poll(async () => (await labelNotInName(page)).map((problem) => `${path} ${problem}`)).toEqual([]);
    }
  });

  it.each(viewports)("every visible button and link holds its visible text in its name, signed in (%s)", async (_, options) => {
    // Signed up at desktop size (the form waits for the header's « Déconnexion »), then the session is carried over.
    const signUp = await browser.newPage(DESKTOP);
    await registerThroughForm(signUp, { firstName: "Étiquette", email: uniqueEmail("label"), password: "violon-nuage-cerise-42" });
    const page = await browser.newPage({ ...options, storageState: await signUp.context().storageState() });
    for (const path of ["/", "/python-flashcards"]) {
      await gotoHydrated(page, path);
      // Polled: the signed-in header may render again (session revalidated) between the two steps of the check.
      await expect.poll(async () => (await labelNotInName(page)).map((problem) => `${path} ${problem}`)).toEqual([]);
    }
  });

  it("names the header search button by its word and the shortcut it shows", async () => {
    const page = await browser.newPage(DESKTOP);
    await gotoHydrated(page, "/");
    const search = page.getByRole("button", { name: "Rechercher (Ctrl K)", exact: true });
    expect(await search.isVisible()).toBe(true);
    expect(await search.innerText()).toBe("Ctrl K");
    expect(await search.getAttribute("aria-keyshortcuts")).toBe("Control+K Meta+K");
    await search.click();
    await page.getByRole("combobox", { name: "Rechercher sur Tremplin" }).waitFor();
    const close = page.getByRole("button", { name: "Fermer la recherche (Échap)", exact: true });
    expect(await close.innerText()).toBe("Échap");

    const mobile = await browser.newPage(MOBILE);
    await gotoHydrated(mobile, "/");
    expect(await mobile.getByRole("button", { name: "Rechercher", exact: true }).isVisible()).toBe(true);
  });
});
