import { describe, expect, it } from "vitest";
import { gotoHydrated, pageProblems, setupBrowser } from "./support/browser";
import { answerWholeQuiz, readQuizFile } from "./support/quiz";

const browser = setupBrowser();

describe("Terminale vers la prépa", () => {
  it("lists its chapters on its hub, each open to a visitor without an account", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/formation/math/terminale-vers-prepa");
    const chapters = page.getByRole("region", { name: "Les chapitres de la remise à niveau" });
    const names = await chapters
      .getByRole("listitem")
      .filter({ has: page.getByRole("list", { name: "Pages du chapitre" }) })
      .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
    expect(names.slice(0, 5)).toEqual([
      "Chapitre 1\u00a0: Calculs",
      "Chapitre 2\u00a0: Récurrence",
      "Chapitre 3\u00a0: Sommes, suites et produits",
      "Chapitre 4\u00a0: Suites",
      "Chapitre 5\u00a0: Limites",
    ]);
    await chapters.getByRole("listitem", { name: /: Récurrence$/ }).getByRole("link", { name: "12 exercices" }).click();
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
    await answerWholeQuiz(page, quiz, (question) => question.chapter === "terminale-prepa-suites" || limites.slice(0, 2).includes(question.id));
    const total = quiz.questions.length;
    await page.getByRole("heading", { name: `Score final\u00a0: ${total - 5} / ${total}` }).waitFor();

    const report = page.getByRole("region", { name: "Votre bilan par chapitre" });
    await expect.poll(() => report.getByText("Commencez par ces 2 chapitres, dans cet ordre\u00a0:").count()).toBe(1);
    const rows = (name: string) =>
      report.getByRole("list", { name }).getByRole("listitem").evaluateAll((items) => items.map((item) => item.textContent));
    expect(await rows("Chapitres à travailler en priorité")).toEqual(["Cours – Suites0 / 3 bonne réponse", "Cours – Limites1 / 3 bonne réponse"]);
    expect(await rows("Chapitres acquis")).toEqual([
      "Cours – Calculs3 / 3 bonnes réponses",
      "Cours – Récurrence3 / 3 bonnes réponses",
      "Cours – Sommes, suites et produits3 / 3 bonnes réponses",
    ]);
    expect(await report.getByRole("link", { name: "Cours – Suites" }).getAttribute("href")).toBe("/formation/math/terminale-vers-prepa/suites-cours");
  });
});
