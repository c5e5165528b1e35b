import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, gotoHydrated, pageProblems, registerThroughForm, setupBrowser, uniqueEmail } from "./support/browser";
import { answerWholeQuiz, readQuizFile } from "./support/quiz";

const browser = setupBrowser();
const PASSWORD = "violon-nuage-cerise-42";

const palette = (page: Page) => page.locator("dialog[data-variant]");
const results = (page: Page) => page.getByRole("listbox", { name: "Résultats de recherche" });

async function member(firstName = "Margaux") {
  const page = await browser.newPage();
  await registerThroughForm(page, { firstName, email: uniqueEmail("recherche"), password: PASSWORD });
  return page;
}

async function searchRows(page: Page) {
  const response = await page.request.get("/api/activity");
  const { history } = (await response.json()) as {
    history: { activityType: string; inputData: unknown; outputData: unknown; metadata: unknown }[];
  };
  return history.filter((row) => row.activityType === "search");
}

describe("search palette on desktop", () => {
  it("opens with Ctrl+K, guides an empty search, finds without accents and navigates on Enter", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/apropos");
    await page.keyboard.press("Control+k");
    const input = page.getByRole("combobox", { name: "Rechercher sur Tremplin" });
    await input.waitFor();
    expect(await input.getAttribute("placeholder")).toBe("Rechercher des cours, écoles, questions...");
    expect(await palette(page).getAttribute("data-variant")).toBe("palette");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("combobox");
    await page.getByText("Tapez pour rechercher du contenu...").waitFor();

    await input.fill("zzzqqq");
    await page.getByText("Aucun résultat trouvé.").waitFor();

    await input.fill("methodologie");
    const group = results(page).getByRole("group", { name: "Méthodologie" });
    const first = group.getByRole("option").first();
    expect(await first.textContent()).toContain("Méthodologie Mathématiques");
    expect(await first.getAttribute("aria-selected")).toBe("true");
    expect(await results(page).evaluate((list) => getComputedStyle(list).maxHeight)).toBe("300px");

    await input.press("Enter");
    await page.waitForURL("**/formation/maths-methodologie");
    await palette(page).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Rechercher (Ctrl K)" }).click();
    expect(await page.getByRole("combobox", { name: "Rechercher sur Tremplin" }).inputValue()).toBe("");
    expect(pageProblems(page)).toEqual([]);
  });

  it("groups results by category, at most five each with a badge, filters by category and works by keyboard", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Rechercher (Ctrl K)" }).click();
    const input = page.getByRole("combobox", { name: "Rechercher sur Tremplin" });
    await input.fill("python");
    const groups = results(page).getByRole("group");
    await groups.first().waitFor();
    const names = await groups.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label")));
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) {
      const options = results(page).getByRole("group", { name: name! }).getByRole("option");
      expect(await options.count()).toBeLessThanOrEqual(5);
      expect(await options.first().textContent()).toContain(name!);
    }

    await page.getByRole("group", { name: "Filtrer par catégorie" }).getByRole("button", { name: "Services" }).click();
    expect(await groups.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label")))).toEqual(["Services"]);

    await input.press("ArrowDown");
    const active = await input.getAttribute("aria-activedescendant");
    expect(await page.locator(`[id="${active}"]`).getAttribute("aria-selected")).toBe("true");
    const title = (await page.locator(`[id="${active}"] span.block.font-semibold`).textContent())!;
    await input.press("Enter");
    await page.getByRole("heading", { level: 1, name: title }).waitFor();

    await page.keyboard.press("Control+k");
    await page.keyboard.press("Escape");
    await palette(page).waitFor({ state: "detached" });
  });

  it("records nothing for a visitor", async () => {
    const page = await browser.newPage();
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await gotoHydrated(page, "/");
    await page.keyboard.press("Control+k");
    await page.getByRole("combobox", { name: "Rechercher sur Tremplin" }).pressSequentially("chapitres libres", { delay: 50 });
    await page.waitForTimeout(1500);
    await page.getByRole("option").first().click();
    await page.waitForURL("**/chapitres-libres");
    expect(posts.filter((url) => url.includes("/api/activity"))).toEqual([]);
  });
});

describe("search history for a signed-in user", () => {
  it("writes one row per settled search, not per keystroke, with the spec's fields", async () => {
    const page = await member();
    await page.keyboard.press("Control+k");
    const input = page.getByRole("combobox", { name: "Rechercher sur Tremplin" });
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/activity") && response.request().method() === "POST");
    await input.pressSequentially("séries", { delay: 80 });
    expect((await saved).status()).toBe(201);
    await page.getByRole("option").first().click();
    // The first result is a séries chapter: the full one, which sends this member to its access page, or a free one.
    await page.waitForURL(/series/);
    const rows = await searchRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0].inputData).toEqual({ term: "séries", category: null });
    const output = rows[0].outputData as { resultCount: number; topResults: { title: string; category: string }[] };
    expect(output.resultCount).toBeGreaterThanOrEqual(3);
    expect(output.topResults).toHaveLength(3);
    expect(output.topResults[0]).toEqual({ title: expect.stringContaining("Séries"), category: "Formation" });
    expect(rows[0].metadata).toEqual({ resultCount: output.resultCount, categories: expect.arrayContaining(["Formation"]) });
  });

  it("records a search chosen before it settles once, at selection", async () => {
    const page = await member();
    await page.keyboard.press("Control+k");
    const input = page.getByRole("combobox", { name: "Rechercher sur Tremplin" });
    await input.fill("intégrales");
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/activity") && response.request().method() === "POST");
    await input.press("Enter");
    await saved;
    await page.waitForURL(/integrales/);
    await page.waitForTimeout(1500);
    expect(await searchRows(page)).toHaveLength(1);
  });
});

describe("search on a mobile viewport", () => {
  it("opens full screen from the search button, clears and closes", async () => {
    const page = await browser.newPage(MOBILE);
    await gotoHydrated(page, "/");
    expect(await page.getByRole("button", { name: "Rechercher (Ctrl K)" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Rechercher", exact: true }).tap();
    const input = page.getByRole("combobox", { name: "Rechercher sur Tremplin" });
    await input.waitFor();
    expect(await input.getAttribute("placeholder")).toBe("Rechercher...");
    expect(await palette(page).getAttribute("data-variant")).toBe("fullscreen");
    const box = (await palette(page).boundingBox())!;
    expect(box.width).toBe(375);
    expect(box.height).toBe(740);

    await input.fill("suites");
    await results(page).getByRole("option").first().waitFor();
    await page.getByRole("button", { name: "Effacer la recherche" }).tap();
    expect(await input.inputValue()).toBe("");
    await page.getByText("Tapez pour rechercher du contenu...").waitFor();

    await input.fill("coaching");
    await page.getByRole("button", { name: "Fermer la recherche" }).tap();
    await palette(page).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Rechercher", exact: true }).tap();
    expect(await page.getByRole("combobox", { name: "Rechercher sur Tremplin" }).inputValue()).toBe("");
    await page.getByRole("combobox", { name: "Rechercher sur Tremplin" }).fill("coaching");
    await results(page).getByRole("option").first().tap();
    await page.waitForURL(/\/(coaching|offre\/)/);
    await palette(page).waitFor({ state: "detached" });
  });
});

describe("the dashboard", () => {
  it("is protected", async () => {
    const page = await browser.newPage();
    await page.goto("/dashboard");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/login?next=%2Fdashboard");
  });

  it("shows the figures of real activity: progress, subjects, resume links, streak and history", async () => {
    const page = await member("Anouk");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Bonjour Anouk\u00a0!" }).waitFor();
    await page.getByRole("img", { name: "Progression globale\u00a0: 0\u00a0%" }).waitFor();

    // A methodology page (+5), the same page again (no second gain) and a coaching page (+7).
    for (const path of ["/formation/maths-methodologie", "/formation/maths-methodologie", "/coaching"]) {
      const tracked = page.waitForResponse(
        (response) => response.url().endsWith("/api/progress") && response.request().method() === "POST",
      );
      await gotoHydrated(page, path);
      expect((await tracked).status()).toBe(200);
    }
    // A free quiz done perfectly, and one exercise marked as succeeded.
    await gotoHydrated(page, "/chapitres-libres/suites-quiz");
    const quiz = readQuizFile("chapitres-libres-suites-quiz.yaml");
    await answerWholeQuiz(page, quiz);
    await page.getByRole("heading", { name: `Score final\u00a0: ${quiz.questions.length} / ${quiz.questions.length}` }).waitFor();
    await gotoHydrated(page, "/chapitres-libres/suites-exercices");
    const marked = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("suites-exercices"),
    );
    await page.locator("article").first().getByRole("button", { name: "J'ai réussi" }).click();
    await marked;

    await gotoHydrated(page, "/dashboard");
    await page.getByRole("img", { name: "Progression globale\u00a0: 12\u00a0%" }).waitFor();
    const maths = page
      .locator("div")
      .filter({ has: page.getByRole("heading", { level: 3, name: "Mathématiques" }) })
      .last();
    expect((await maths.getByText("Exercices réussis").locator("..").textContent())!.replace(/\s+/g, " ")).toMatch(
      /^Exercices réussis1 \/ \d+$/,
    );
    expect((await maths.getByText("Quiz faits").locator("..").textContent())!.replace(/\s+/g, " ")).toMatch(
      /^Quiz faits1 \/ \d+ · meilleur score moyen 100 %$/,
    );
    const resume = page
      .locator("div")
      .filter({ has: page.getByRole("heading", { name: "Reprendre là où vous vous êtes arrêté" }) })
      .last();
    expect(await resume.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/chapitres-libres/suites-exercices",
      "/chapitres-libres/suites-quiz",
    ]);
    expect(await page.getByText("Série d'étude").locator("..").textContent()).toBe("Série d'étude1 jour");
    // A date in the middle of the figures keeps its weekday in lower case (« mardi 24 novembre à 14:32 »).
    expect(await page.getByText("Dernière activité").locator("..").textContent()).toMatch(
      /^Dernière activité(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d+ [a-zéû]+ à \d\d:\d\d$/,
    );
    expect(await page.getByText("Matières étudiées").locator("..").textContent()).toBe("Matières étudiéesMathématiques");
    const history = page.getByRole("region", { name: "Activité récente, jour par jour" });
    await history
      .getByText(`Quiz terminé\u00a0: Quiz – Suites numériques, score ${quiz.questions.length}/${quiz.questions.length}`)
      .waitFor();
    await history.getByText("Exercice marqué «\u00a0réussi\u00a0»\u00a0: Exercices – Suites numériques").waitFor();
    const chart = await page
      .locator("table caption", { hasText: "Activités d'étude par jour" })
      .locator("..")
      .locator("tbody tr")
      .last()
      .textContent();
    expect(Number(chart!.replace(/\D+/g, " ").trim().split(" ").pop())).toBeGreaterThanOrEqual(4);
  });
});
