import { describe, expect, inject, it } from "vitest";
import { proseSentinel } from "../support/prose";
import { gotoHydrated, pageProblems, registerThroughForm, setupBrowser, uniqueEmail } from "./support/browser";
import { readBuiltContent } from "../support/compiled-content";

const store = readBuiltContent();

const baseUrl = inject("baseUrl");
const browser = setupBrowser();

const suites = store.courses["chapitres-libres-suites-cours"];
const series = store.courses["chapitres-libres-series-cours"];
const apropos = store.pages.apropos;
const suitesQuiz = store.quizzes["chapitres-libres-suites-quiz"];
// A revision module's sheet, at the head of its exercise set.
const moduleSheet = store.exerciseSets["premiere-deuxieme-module-3-integration-exercices"];

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe("content bodies in the document", () => {
  it.each([
    ["/chapitres-libres/suites-cours", suites.html],
    ["/apropos", apropos.html],
    ["/formation/math/premiere-vers-deuxieme/module-3-integration-exercices", moduleSheet.introHtml!],
  ])("%s sends its body once: in the page, not again in the hydration data", async (path, html) => {
    const sentence = proseSentinel(html)!;
    expect(sentence).toBeDefined();
    const page = await (await fetch(`${baseUrl}${path}`)).text();
    expect(occurrences(page, sentence)).toBe(1);
    const hydrationData = [...page.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map(([, script]) => script).join("\n");
    expect(hydrationData).not.toContain(sentence);
  });

  it("sends a quiz's first question only: each next one comes with the grading of the one before", async () => {
    const page = await (await fetch(`${baseUrl}/chapitres-libres/suites-quiz`)).text();
    const [first, ...others] = suitesQuiz.questions.map((question) => proseSentinel(question.promptHtml));
    expect(first).toBeDefined();
    expect(page).toContain(first);
    const later = others.filter((sentence): sentence is string => Boolean(sentence));
    expect(later.length).toBeGreaterThan(3);
    for (const sentence of later) expect(page).not.toContain(sentence);
  });

  it("keeps the server's chapter through hydration, and client navigations bring their own", async () => {
    const page = await browser.newPage();
    // textContent, not innerText: blocks far from the screen are not rendered (content-visibility).
    const body = page.locator("article .prose-content");
    await gotoHydrated(page, "/chapitres-libres/suites-cours");
    expect(await body.textContent()).toContain(proseSentinel(suites.html)!);
    expect(await body.locator("math").count()).toBeGreaterThan(50);

    // By the keyboard: under load, blocks of the long chapter that render as the link scrolls into view
    // (content-visibility) can move it between Playwright's aim and its click (2 full runs in 4 lost it).
    const next = page.getByRole("navigation", { name: "Chapitres" }).getByRole("link", { name: /Chapitre suivant/ });
    await next.focus();
    await page.keyboard.press("Enter");
    // A client navigation fires no load event: the URL is enough.
    await page.waitForURL("**/chapitres-libres/series-cours", { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1, name: series.title }).waitFor();
    expect(await body.textContent()).toContain(proseSentinel(series.html)!);

    await page.goBack();
    await page.getByRole("heading", { level: 1, name: suites.title }).waitFor();
    expect(await body.textContent()).toContain(proseSentinel(suites.html)!);
    expect(pageProblems(page)).toEqual([]);
  });

  it("keeps the hydrated chapter as it is when the page revalidates (a sign-in in another tab)", async () => {
    const reader = await browser.newPage();
    await gotoHydrated(reader, "/chapitres-libres/suites-cours");
    const body = reader.locator("article .prose-content");
    // A mark on the DOM node itself: rewriting the body would drop it.
    await body.evaluate((element) => element.firstElementChild!.setAttribute("data-kept", "yes"));
    const other = await reader.context().newPage();
    await registerThroughForm(other, { firstName: "Maëlle", email: uniqueEmail("relecture"), password: "violon-nuage-cerise-42" });
    await reader.getByRole("link", { name: "Mon compte (Maëlle)" }).waitFor();
    expect(await body.locator("[data-kept=yes]").count()).toBe(1);
    expect(await body.textContent()).toContain(proseSentinel(suites.html)!);
  });
});
