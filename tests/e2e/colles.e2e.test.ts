import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withDemoServer } from "./support/demo-server";
import {
  gotoHydrated,
  pageProblems,
  confirmEmailThroughOutbox,
  registerThroughForm,
  seriousViolations,
  setupBrowser,
  signInThroughForm,
  toastSaying,
  uniqueEmail,
} from "./support/browser";

const browser = setupBrowser();

const demo = withDemoServer("tremplin-colles-");

/** The Monday of next week, 'YYYY-MM-DD': the colle is upcoming whatever day the test runs. */
function nextMonday(): { iso: string; label: string } {
  const day = new Date();
  day.setUTCHours(12, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 7 - ((day.getUTCDay() + 6) % 7));
  const label = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" })
    .format(day)
    .replace(/^1 /, "1er ");
  return { iso: day.toISOString().slice(0, 10), label: `semaine du ${label}` };
}

async function joinWithCode(page: Page, firstName: string, code: string) {
  const email = uniqueEmail("colle");
  await registerThroughForm(page, { firstName, email, password: "Lanterne-violette-93-pelican" });
  await confirmEmailThroughOutbox(page, demo.dataDir, email);
  await gotoHydrated(page, "/dashboard");
  await page.getByLabel("Rejoindre une classe").fill(code);
  await page.getByRole("button", { name: "Rejoindre" }).click();
  await toastSaying(page, "Vous avez rejoint la classe « ECG 2 — colles ».");
}

describe("teacher space: colles", () => {
  it("a prof forms the trinômes, fills the colloscope with themselves as colleur and marks the colle", async () => {
    const teacher = await browser.newPage({ baseURL: demo.server.url });
    await signInThroughForm(teacher, demo.prof.email, demo.prof.password);
    await teacher.getByRole("button", { name: "Déconnexion" }).first().waitFor();
    await gotoHydrated(teacher, "/prof/courses");
    await teacher.getByLabel("Nom de la classe").fill("ECG 2 — colles");
    await teacher.getByRole("button", { name: "Créer la classe" }).click();
    await teacher.waitForURL(/\/prof\/courses\/[0-9a-f-]{36}$/);
    const classPath = new URL(teacher.url()).pathname;
    const code = (await teacher.getByTestId("join-code").textContent())!.trim();

    // Two students join with the code, from their dashboard.
    for (const firstName of ["Bérénice", "Anatole"])
      await joinWithCode(await browser.newPage({ baseURL: demo.server.url }), firstName, code);

    await gotoHydrated(teacher, `${classPath}/colles`);
    await teacher.getByRole("heading", { level: 1, name: "Colles — ECG 2 — colles" }).waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await teacher.getByRole("button", { name: "Former les trinômes automatiquement" }).click();
    // Two students: one group of two, in alphabetical order.
    await toastSaying(teacher, "1 groupe formé avec 2 élèves.");
    await teacher.getByRole("heading", { level: 3, name: "Groupe 1" }).waitFor();
    expect(
      await teacher
        .locator("li", { has: teacher.getByRole("heading", { name: "Groupe 1" }) })
        .locator("ul li")
        .allTextContents(),
    ).toEqual(["Anatole", "Bérénice"]);

    // A line of the colloscope: a mistake first, the form keeps what was typed.
    const week = nextMonday();
    await teacher.getByLabel("Semaine du (lundi)").fill(week.iso);
    await teacher.getByLabel("Jour").selectOption({ label: "jeudi" });
    await teacher.getByLabel("Heure", { exact: true }).fill("midi");
    await teacher.getByLabel("Salle (facultatif)").fill("B12");
    await teacher.getByLabel("Groupe", { exact: true }).selectOption({ label: "Groupe 1" });
    expect(await teacher.getByLabel("Colleur (adresse e-mail)").inputValue()).toBe(demo.prof.email);
    await teacher.getByRole("button", { name: "Ajouter au colloscope" }).click();
    await teacher.getByText("L'heure s'écrit comme 17:00.").waitFor();
    expect(await teacher.getByLabel("Salle (facultatif)").inputValue()).toBe("B12");
    await teacher.getByLabel("Heure", { exact: true }).fill("17:00");
    await teacher.getByRole("button", { name: "Ajouter au colloscope" }).click();
    await toastSaying(teacher, "Colle ajoutée au colloscope");
    const row = teacher.getByRole("row", { name: new RegExp(week.label) });
    await row.waitFor();
    expect((await row.getByRole("cell").allTextContents()).slice(0, 7)).toEqual([
      week.label,
      "jeudi",
      "17:00",
      "B12",
      expect.any(String),
      "Groupe 1",
      "1er trimestre",
    ]);
    expect(await seriousViolations(teacher)).toEqual([]);

    // The colleur's page: a mark out of 20 that is too high first, then « 14,5 » and « Abs ».
    await gotoHydrated(teacher, "/prof/colles");
    await teacher.getByRole("heading", { level: 2, name: "À venir" }).waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await teacher.getByLabel("Note d'Anatole (sur 20)").fill("14,5");
    await teacher.getByLabel("Commentaire pour Anatole").fill("Bonne maîtrise des séries.");
    await teacher.getByLabel("Note de Bérénice (sur 20)").fill("25");
    await teacher.getByRole("button", { name: "Enregistrer les notes" }).click();
    await teacher.getByText("Ligne de Bérénice : La note doit être comprise entre 0 et 20.").waitFor();
    expect(await teacher.getByLabel("Note d'Anatole (sur 20)").inputValue()).toBe("14,5");
    await teacher.getByLabel("Note de Bérénice (sur 20)").fill("Abs");
    await teacher.getByRole("button", { name: "Enregistrer les notes" }).click();
    await toastSaying(teacher, "Notes de colle enregistrées");
    await gotoHydrated(teacher, "/prof/colles");
    expect(await teacher.getByLabel("Note d'Anatole (sur 20)").inputValue()).toBe("14,5");
    expect(await teacher.getByLabel("Note de Bérénice (sur 20)").inputValue()).toBe("Abs");
    expect(await teacher.getByLabel("Commentaire pour Anatole").inputValue()).toBe("Bonne maîtrise des séries.");

    // The class's page sums them up: « Abs » is left out of the mean.
    await gotoHydrated(teacher, `${classPath}/colles`);
    const summary = teacher.getByRole("table", { name: "Moyenne de colle de chaque élève, sur 20, par période" });
    expect(
      await summary
        .getByRole("row", { name: /Anatole/ })
        .getByRole("cell")
        .first()
        .textContent(),
    ).toBe("14,5 (1 note)");
    expect(
      await summary
        .getByRole("row", { name: /Bérénice/ })
        .getByRole("cell")
        .first()
        .textContent(),
    ).toBe("—");
    expect(await seriousViolations(teacher)).toEqual([]);
    // The failed requests are the forms sent wrong on purpose (a bad time, a mark above 20): 400.
    expect(pageProblems(teacher)).toEqual(
      Array(2).fill("Failed to load resource: the server responded with a status of 400 (Bad Request)"),
    );
  });

  it("keeps students out of the colles pages", async () => {
    const student = await browser.newPage({ baseURL: demo.server.url });
    await registerThroughForm(student, {
      firstName: "Capucine",
      email: uniqueEmail("colle-eleve"),
      password: "Lanterne-violette-93-pelican",
    });
    await gotoHydrated(student, "/prof/colles");
    expect(new URL(student.url()).pathname).toBe("/");
  });
});
