import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import {
  gotoHydrated,
  pageProblems,
  registerThroughForm,
  setupBrowser,
  signInThroughForm,
  toastText,
  uniqueEmail,
} from "./support/browser";

const browser = setupBrowser();

/** A server of its own whose database holds the demo accounts (npm run admin -- demo): a prof among them. */
let server: RunningServer;
let prof: { email: string; password: string };

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tremplin-prof-"));
  const cli = spawnSync("npx", ["tsx", "scripts/admin.ts", "demo"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  const line = /prof\s+(\S+)\s+password: (\S+)/.exec(cli.stdout);
  if (!line) throw new Error(`npm run admin -- demo printed no prof account:\n${cli.stdout}${cli.stderr}`);
  prof = { email: line[1], password: line[2] };
  server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function seriousViolations(page: Page) {
  // A toast slides and fades in over 400 ms: axe would read its colours halfway.
  await page.waitForTimeout(600);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

describe("teacher space: classes", () => {
  it("a prof creates a class, a student joins it by its link and gets the maths chapters, the prof removes them", async () => {
    const teacher = await browser.newPage({ baseURL: server.url });
    await signInThroughForm(teacher, prof.email, prof.password);
    await teacher.getByRole("link", { name: "Prof", exact: true }).first().click();
    await teacher.waitForURL("**/prof/courses");
    await teacher.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await seriousViolations(teacher)).toEqual([]);
    // The teacher space is shown without the footer.
    expect(await teacher.locator("footer").count()).toBe(0);

    // A mistake first: the form keeps what was typed and says what is wrong.
    await teacher.getByLabel("Nom de la classe").fill("ECG 2 — groupe B");
    await teacher.getByLabel("Année scolaire").fill("2026-2028");
    await teacher.getByRole("button", { name: "Créer la classe" }).click();
    await expect.poll(() => teacher.getByText("L'année scolaire s'écrit comme 2026-2027.").isVisible()).toBe(true);
    expect(await teacher.getByLabel("Nom de la classe").inputValue()).toBe("ECG 2 — groupe B");
    await teacher.getByLabel("Année scolaire").fill("2026-2027");
    await teacher.getByLabel("Année", { exact: true }).selectOption("ecg2");
    await teacher.getByLabel("Ouvrir les chapitres de maths aux élèves de la classe, tant qu'ils en font partie").check();
    await teacher.getByRole("button", { name: "Créer la classe" }).click();
    await teacher.waitForURL(/\/prof\/courses\/[0-9a-f-]{36}$/);
    const created = teacher.locator("[data-sonner-toast]", { hasText: "Classe créée" });
    expect((await created.locator("[data-description]").textContent())?.replace(/\s+/g, " ")).toMatch(
      /^Code d'accès : [A-Z2-9]{4}-[A-Z2-9]{4}$/,
    );
    await teacher.getByRole("heading", { level: 1, name: "ECG 2 — groupe B" }).waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    const classUrl = teacher.url();
    const joinLink = (await teacher.getByTestId("join-link").textContent())!.trim();
    expect(joinLink).toMatch(new RegExp(`^${server.url}/dashboard\\?rejoindre=[A-Z2-9]{4}-[A-Z2-9]{4}$`));

    const student = await browser.newPage({ baseURL: server.url });
    await registerThroughForm(student, { firstName: "Camélia", email: uniqueEmail("classe"), password: "Lanterne-violette-93-pelican" });
    await gotoHydrated(student, "/formation/maths-elements-de-logique");
    expect(new URL(student.url()).pathname).toBe("/acces-restreint");
    await gotoHydrated(student, new URL(joinLink).pathname + new URL(joinLink).search);
    expect(await student.getByLabel("Rejoindre une classe").inputValue()).toBe(new URL(joinLink).searchParams.get("rejoindre"));
    expect(await seriousViolations(student)).toEqual([]);
    await student.getByRole("button", { name: "Rejoindre" }).click();
    expect(await toastText(student)).toBe("Vous avez rejoint la classe « ECG 2 — groupe B ».");
    await student.getByText("Cette classe vous ouvre les chapitres de maths.").waitFor();
    await gotoHydrated(student, "/formation/maths-elements-de-logique");
    expect(new URL(student.url()).pathname).toBe("/formation/maths-elements-de-logique");

    // The prof sees the student, then removes them: the maths chapters close again.
    await gotoHydrated(teacher, `${new URL(classUrl).pathname}/students`);
    await teacher.getByRole("cell", { name: /Camélia/ }).waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await teacher.getByText("Retirer", { exact: true }).click();
    await teacher.getByRole("button", { name: "Confirmer le retrait" }).click();
    expect(await toastText(teacher)).toBe("Élève retiré de la classe");
    await teacher.getByText("Aucun élève n'a encore rejoint la classe.").waitFor();
    await gotoHydrated(student, "/formation/maths-elements-de-logique");
    expect(new URL(student.url()).pathname).toBe("/acces-restreint");

    // Another account cannot open the class by its address.
    await gotoHydrated(student, new URL(classUrl).pathname);
    expect(new URL(student.url()).pathname).toBe("/");

    // Deleting asks for a confirmation first.
    await gotoHydrated(teacher, new URL(classUrl).pathname);
    await teacher.getByRole("button", { name: "Supprimer la classe" }).click();
    await teacher.getByText("Cochez la case pour confirmer la suppression.").waitFor();
    await teacher.getByLabel("Je confirme la suppression de « ECG 2 — groupe B »").check();
    await teacher.getByRole("button", { name: "Supprimer la classe" }).click();
    await teacher.waitForURL("**/prof/courses");
    await teacher.locator("[data-sonner-toast]", { hasText: "La classe « ECG 2 — groupe B » est supprimée." }).waitFor();
    await teacher.getByText("Vous n'avez pas encore de classe : créez la première ci-dessous.").waitFor();
    // The failed requests are the forms sent wrong on purpose (a bad school year, an unconfirmed deletion): 400.
    expect(pageProblems(teacher)).toEqual(
      Array(2).fill("Failed to load resource: the server responded with a status of 400 (Bad Request)"),
    );
  });

  it("refuses a wrong code on the dashboard and keeps what was typed", async () => {
    const student = await browser.newPage({ baseURL: server.url });
    await registerThroughForm(student, { firstName: "Basile", email: uniqueEmail("code"), password: "Lanterne-violette-93-pelican" });
    await gotoHydrated(student, "/dashboard");
    await student.getByLabel("Rejoindre une classe").fill("zzzz-zz99");
    await student.getByRole("button", { name: "Rejoindre" }).click();
    await student.getByText("Ce code ne correspond à aucune classe ouverte. Vérifiez-le auprès de votre professeur.").waitFor();
    expect(await student.getByLabel("Rejoindre une classe").inputValue()).toBe("zzzz-zz99");
  });
});
