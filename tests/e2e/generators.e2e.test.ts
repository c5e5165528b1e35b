import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, gotoHydrated, pageProblems, registerThroughForm, seriousViolations, setupBrowser, uniqueEmail } from "./support/browser";

const browser = setupBrowser();
const PASSWORD = "violon-nuage-cerise-42";

async function student(name: string): Promise<Page> {
  const page = await browser.newPage();
  await registerThroughForm(page, { firstName: name, email: uniqueEmail(name.toLowerCase()), password: PASSWORD });
  return page;
}

async function generatedDeck(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/revision");
  const deck = (await response.json()) as { cards: { cardId: string }[] };
  return deck.cards.map((card) => card.cardId).filter((id) => id.startsWith("generated:"));
}

describe("generators in Chromium (issue #15)", () => {
  it("lists the tools on the hub with the active engine and the visitors' quota", async () => {
    const page = await browser.newPage();
    const response = await gotoHydrated(page, "/generator");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Générateurs IA" }).waitFor();
    for (const name of [
      "Générateur de Flashcards",
      "Chatbot Prépa",
      "Thème Grammatical",
      "Générateur de Réponses",
      "Générateur de Paragraphes",
      "Générateur de Langues",
      "Générateur Langues Unifié",
      "Générateur Oraux Unifié",
    ])
      await page.getByRole("link", { name, exact: true }).waitFor();
    await page.getByText("Moteur actif\u00a0: le moteur hors ligne", { exact: false }).waitFor();
    await page.getByText("Sans compte\u00a0: 5 générations par jour et par outil. Avec un compte gratuit\u00a0: 30.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("turns a chapter into cards, lets the student edit and drop some, and saves the rest into the review deck", async () => {
    const page = await student("Clara");
    await gotoHydrated(page, "/generator/flashcards");
    await expect
      .poll(() => page.getByTestId("quota").textContent())
      .toBe("Il vous reste 30 générations sur 30 aujourd'hui pour cet outil.");
    await page.getByLabel("Chapitre", { exact: true }).selectOption({ label: "Python Fondamentaux" });
    await page.getByRole("button", { name: "Générer les cartes" }).click();
    await page.getByText("Généré à partir des cours Tremplin", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Python Fondamentaux" }).waitFor();
    const cards = page.getByRole("listitem").filter({ has: page.getByRole("checkbox", { name: "Garder" }) });
    const total = await cards.count();
    expect(total).toBeGreaterThan(3);
    await page.getByLabel("Recto de la carte 1", { exact: true }).fill("Ma question corrigée");
    await cards.nth(1).getByRole("checkbox", { name: "Garder" }).uncheck();
    await page.getByRole("button", { name: "Ajouter à mon deck de révision" }).click();
    await page.getByText(`Cartes ajoutées à votre deck de révision. (${total - 1} cartes)`).waitFor();
    expect(await generatedDeck(page)).toHaveLength(total - 1);
    expect(await page.getByTestId("quota").textContent()).toBe("Il vous reste 29 générations sur 30 aujourd'hui pour cet outil.");

    // The edited card is due in the review session of the dashboard, under its own deck.
    await gotoHydrated(page, "/dashboard");
    await page.locator("#revision").getByText("Ma question corrigée").waitFor();
    await page.locator("#revision").getByText("Mes cartes générées").first().waitFor();
    // « Mes générations » opens the generation again; another student gets a 404 for the same address.
    const again = page.getByRole("link", { name: "Générateur de Flashcards", exact: true });
    const href = (await again.getAttribute("href"))!;
    expect(href).toMatch(/^\/generator\/flashcards\?generation=\d+$/);
    await again.click();
    await page.getByRole("heading", { level: 2, name: /^Python Fondamentaux\s: \d+ cartes$/ }).waitFor();
    const other = await student("Hugo");
    expect((await other.goto(href))?.status()).toBe(404);
    expect(pageProblems(page)).toEqual([]);
  });

  it("answers a question with quotes whose links open the quoted section", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/generator/prepa-chatbot");
    await page.getByLabel("Votre question").fill("Comment montrer que deux suites sont adjacentes ?");
    await page.getByRole("button", { name: "Poser la question" }).click();
    await page.getByText("Voici ce que disent les pages de Tremplin sur votre question.", { exact: false }).waitFor();
    const citation = page.locator("figcaption a").first();
    const target = (await citation.getAttribute("href"))!;
    expect(target).toMatch(/^\/[^#]+#.+$/);
    await citation.click();
    await page.waitForURL((url) => `${url.pathname}${url.hash}` === target);
    const anchor = decodeURIComponent(target.split("#")[1]);
    await page.locator(`[id="${anchor}"]`).waitFor();
    expect(await page.title()).not.toContain("Page introuvable");

    await gotoHydrated(page, "/generator/prepa-chatbot");
    await page.getByLabel("Votre question").fill("Quelle est la capitale du Kazakhstan ?");
    await page.getByRole("button", { name: "Poser la question" }).click();
    await page.getByText("Je n'ai trouvé aucune page de Tremplin qui réponde à cette question.", { exact: false }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it("draws a thème sentence, grades a right answer and a wrong one with the rule", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/generator/theme-grammar");
    await page.getByLabel("Langue").selectOption("es");
    await page.getByRole("button", { name: "Tirer une phrase" }).click();
    await page.waitForURL(/langue=es&phrase=[a-z0-9-]+$/);
    await page.getByRole("heading", { name: "Traduisez en espagnol" }).waitFor();

    await gotoHydrated(page, "/generator/theme-grammar?langue=en&phrase=depuis-date-since");
    await page.getByText("J’habite à Lyon depuis 2019.").waitFor();
    await page.getByLabel("Votre traduction").fill("I have lived in Lyon since 2019");
    await page.getByRole("button", { name: "Corriger" }).click();
    await page.getByText("Juste", { exact: true }).waitFor();
    await page.getByLabel("Votre traduction").fill("I live in Lyon since 2019.");
    await page.getByRole("button", { name: "Corriger" }).click();
    await page.getByText("À revoir", { exact: true }).waitFor();
    await page.getByText("Corrigé\u00a0: I have lived in Lyon since 2019.").waitFor();
    await page.getByText("« Depuis » suivi d’une date marque le point de départ", { exact: false }).waitFor();
    expect(await page.getByLabel("Votre traduction").inputValue()).toBe("I live in Lyon since 2019.");
    expect(pageProblems(page)).toEqual([]);
  });

  it("reopens a graded thème drill from « Mes générations », with its answer and verdict", async () => {
    const page = await student("Noah");
    await gotoHydrated(page, "/generator/theme-grammar?langue=en&phrase=depuis-date-since");
    await page.getByLabel("Votre traduction").fill("I live in Lyon since 2019.");
    await page.getByRole("button", { name: "Corriger" }).click();
    await page.getByText("À revoir", { exact: true }).waitFor();
    await gotoHydrated(page, "/dashboard");
    await page.getByRole("link", { name: "Thème Grammatical", exact: true }).click();
    await page.getByText("À revoir", { exact: true }).waitFor();
    expect(await page.getByLabel("Votre traduction").inputValue()).toBe("I live in Lyon since 2019.");
  });

  it("refuses an empty question with a French message and keeps the page usable", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/generator/prepa-chatbot");
    const response = await page.request.post("/generator/prepa-chatbot", {
      form: { question: "a" },
      headers: { Origin: browser.baseUrl },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Posez votre question en quelques mots.");
  });

  it.each(["light", "dark"] as const)(
    "has no serious axe violation on the tool pages with a result shown (%s theme)",
    async (colorScheme) => {
      const page = await browser.newPage({ ...DESKTOP, colorScheme });
      await gotoHydrated(page, "/generator/flashcards?source=text&exemple=texte");
      await page.getByRole("button", { name: "Générer les cartes" }).click();
      await page.getByRole("checkbox", { name: "Garder" }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await gotoHydrated(page, "/generator/prepa-chatbot?question=boucle%20while");
      await page.getByRole("button", { name: "Poser la question" }).click();
      await page.locator("figcaption a").first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await gotoHydrated(page, "/generator/theme-grammar?langue=de&phrase=passif-werden");
      await page.getByLabel("Votre traduction").fill("falsch");
      await page.getByRole("button", { name: "Corriger" }).click();
      await page.getByText("À revoir", { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});

describe("writing, oral and language generators in Chromium (issue #15)", () => {
  it("structures an interview answer from the student's notes, with the bank's method", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/generator/answer?question=engagement-associatif&exemple=engagement");
    await page.getByRole("button", { name: "Structurer ma réponse" }).click();
    await page.getByRole("heading", { level: 2, name: "Parlez-nous d’un engagement associatif, sportif ou bénévole." }).waitFor();
    const result = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Résultat", exact: true }) });
    await result.getByText("Au final, nous sommes passés de 6 à 15 bénévoles.").waitFor();
    await page.getByText("Présentez la structure et votre rôle en une phrase.").waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it("builds an argued paragraph with its checklist", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/generator/paragraph?exemple=mondialisation");
    await page.getByRole("button", { name: "Construire le paragraphe" }).click();
    await page
      .getByText(
        "Les États gardent la main sur les règles du commerce mondial. En effet, ce sont eux qui négocient les accords commerciaux et qui peuvent relever leurs droits de douane.",
        { exact: false },
      )
      .first()
      .waitFor();
    await page.getByText("Une transition vers l'idée suivante").waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it("draws a themed vocabulary list, hides the English for active recall and saves the words into the deck", async () => {
    const page = await student("Jade");
    await gotoHydrated(page, "/generator/languages?langue=en&theme=Sant%C3%A9");
    await page.getByLabel("Nombre").selectOption("10");
    await page.getByRole("button", { name: "Générer la liste" }).click();
    const rows = page.locator("tbody tr");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    await page.getByRole("cell", { name: "healthcare", exact: true }).waitFor();
    await page.getByLabel("Cacher l'anglais (rappel actif)").check();
    await expect.poll(() => page.getByRole("cell", { name: "healthcare", exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Ajouter ces mots à mon deck de révision" }).click();
    await page.getByText("Cartes ajoutées à votre deck de révision.").waitFor();
    expect(await generatedDeck(page)).toHaveLength(10);
  });

  it("gives the method of the essay with connectors in the language", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/generator/languages-unified?exemple=0");
    await page.getByRole("button", { name: "Préparer mon plan de travail" }).click();
    await page.getByRole("heading", { name: "1. Analyser le sujet" }).waitFor();
    await page.getByText("Connecteurs").first().waitFor();
  });

  it("runs an oral session with a timer and self-assessment, and keeps it in the history", async () => {
    const page = await student("Lina");
    await page.clock.install();
    await gotoHydrated(page, "/generator/orals-unified");
    for (const theme of await page.getByRole("checkbox").all()) await theme.uncheck();
    await page.getByRole("checkbox", { name: "Motivation pour l'école" }).check();
    await page.getByLabel("Nombre de questions").selectOption("3");
    await page.getByLabel("Temps de réponse").selectOption("60");
    await page.getByRole("button", { name: "Commencer la séance" }).click();
    await page.getByText("Question 1 sur 3", { exact: false }).waitFor();
    expect(await page.getByRole("timer").textContent()).toBe("1:00");
    await page.clock.runFor(61_000);
    await page.getByText("Temps écoulé").waitFor();
    for (const score of ["Bien", "Passable", "Très bien"]) {
      await page.getByRole("radio", { name: score, exact: true }).check();
      await page.getByRole("button", { name: /^(Question suivante|Terminer la séance)$/ }).click();
    }
    await page.getByRole("heading", { name: "Bilan de la séance" }).waitFor();
    await page.getByText("1 réponse à retravailler sur 3.").waitFor();
    await page.getByText("Séance enregistrée dans votre historique.").waitFor();
    await gotoHydrated(page, "/dashboard");
    await page.getByRole("link", { name: "Générateur Oraux Unifié", exact: true }).click();
    await page.getByRole("heading", { name: "Bilan de la séance" }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it.each(["light", "dark"] as const)("has no serious axe violation on these tools with a result shown (%s theme)", async (colorScheme) => {
    const page = await browser.newPage({ ...DESKTOP, colorScheme });
    const steps: [string, string, (target: Page) => Promise<unknown>][] = [
      [
        "/generator/answer?question=engagement-associatif&exemple=engagement",
        "Structurer ma réponse",
        (target) => target.getByRole("heading", { name: "Résultat", exact: true }).waitFor(),
      ],
      [
        "/generator/paragraph?exemple=mondialisation",
        "Construire le paragraphe",
        (target) => target.getByText("Liste de contrôle").waitFor(),
      ],
      ["/generator/languages?langue=en&theme=M%C3%A9dias", "Générer la liste", (target) => target.locator("tbody tr").first().waitFor()],
      [
        "/generator/languages-unified?exemple=1",
        "Préparer mon plan de travail",
        (target) => target.getByRole("heading", { name: "1. Lire le dossier" }).waitFor(),
      ],
      ["/generator/orals-unified", "Commencer la séance", (target) => target.getByRole("timer").waitFor()],
    ];
    for (const [path, button, shown] of steps) {
      await gotoHydrated(page, path);
      expect(await seriousViolations(page), path).toEqual([]);
      await page.getByRole("button", { name: button }).click();
      await shown(page);
      expect(await seriousViolations(page), `${path} (résultat)`).toEqual([]);
    }
  });
});
