import { describe, expect, it } from "vitest";
import { gotoHydrated, pageProblems, setupBrowser } from "./support/browser";
import { chapterNames } from "./support/hub";
import { answerWholeQuiz, readQuizFile } from "./support/quiz";

const browser = setupBrowser();

describe("Terminale vers la prépa", () => {
  it("lists its chapters on its hub, each open to a visitor without an account", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/formation/math/terminale-vers-prepa");
    const chapters = page.getByRole("region", { name: "Les chapitres de la remise à niveau" });
    const names = await chapterNames(page, chapters);
    expect(names).toEqual(
      [
        "Calculs",
        "Récurrence",
        "Sommes, suites et produits",
        "Suites",
        "Limites",
        "Fonctions",
        "Dérivées",
        "Intégrales",
        "Probabilités",
        "Matrices",
      ].map((chapter, index) => `Chapitre ${index + 1}\u00a0: ${chapter}`),
    );
    await chapters
      .getByRole("listitem", { name: /: Récurrence$/ })
      .getByRole("link", { name: "12 exercices" })
      .click();
    await page.waitForURL("**/formation/math/terminale-vers-prepa/recurrence-exercices", { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1, name: "Exercices – Récurrence" }).waitFor();
    expect(await page.getByRole("button", { name: /^Afficher une indication/ }).count()).toBe(12);
    expect(pageProblems(page)).toEqual([]);
  });

  it("ends its placement quiz with the chapters to work first, those below two right answers out of three", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/formation/math/terminale-vers-prepa/introduction-bilan");
    const quiz = readQuizFile("terminale-prepa-introduction-bilan.yaml");
    const limites = quiz.questions.filter((question) => question.chapter === "terminale-prepa-limites").map((question) => question.id);
    // Every question on sequences missed, and two of the three on limits.
    await answerWholeQuiz(
      page,
      quiz,
      (question) => question.chapter === "terminale-prepa-suites" || limites.slice(0, 2).includes(question.id),
    );
    const total = quiz.questions.length;
    await page.getByRole("heading", { name: `Score final\u00a0: ${total - 5} / ${total}` }).waitFor();

    const report = page.getByRole("region", { name: "Votre bilan par chapitre" });
    await expect.poll(() => report.getByText("Commencez par ces 2 chapitres, dans cet ordre\u00a0:").count()).toBe(1);
    const rows = (name: string) =>
      report
        .getByRole("list", { name })
        .getByRole("listitem")
        .evaluateAll((items) => items.map((item) => item.textContent));
    expect(await rows("Chapitres à travailler en priorité")).toEqual([
      "Cours – Suites0 / 3 bonne réponse",
      "Cours – Limites1 / 3 bonne réponse",
    ]);
    expect(await rows("Chapitres acquis")).toEqual(
      ["Calculs", "Récurrence", "Sommes, suites et produits", "Fonctions", "Dérivées", "Intégrales", "Probabilités", "Matrices"].map(
        (chapter) => `Cours – ${chapter}3 / 3 bonnes réponses`,
      ),
    );
    expect(await report.getByRole("link", { name: "Cours – Suites" }).getAttribute("href")).toBe(
      "/formation/math/terminale-vers-prepa/suites-cours",
    );
  });
});

describe("Première → deuxième année", () => {
  it("lists its revision modules, each a sheet and ten exercises, marking those for one option only", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/formation/math/premiere-vers-deuxieme");
    const modules = page
      .getByRole("main")
      .getByRole("listitem")
      .getByRole("link", { name: /^(Applications linéaires|Suites et séries|Intégration|Probabilités|Fonctions)/ });
    expect(await modules.count()).toBe(5);
    await modules.first().click();
    await page.waitForURL("**/formation/math/premiere-vers-deuxieme/module-1-applications-lineaires-exercices", { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1, name: "Module 1 – Applications linéaires – Exercices" }).waitFor();
    expect(await page.locator("aside.box-appliquees > .box-title").count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: /^Afficher une indication/ }).count()).toBe(10);
    const marked = page.locator("article").filter({ has: page.getByText(/^(Approfondies|Appliquées) uniquement$/) });
    expect(await marked.count()).toBe(3);
    expect(pageProblems(page)).toEqual([]);
  });
});
