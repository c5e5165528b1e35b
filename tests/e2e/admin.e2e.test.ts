import { describe, expect, it } from "vitest";
import { mailsTo } from "../support/outbox";
import { withDemoServer } from "./support/demo-server";
import { gotoHydrated, seriousViolations, setupBrowser, signInThroughForm, toastSaying, uniqueEmail } from "./support/browser";

const browser = setupBrowser();
const demo = withDemoServer("tremplin-admin-");

async function signedInAdmin() {
  const page = await browser.newPage({ baseURL: demo.server.url });
  await signInThroughForm(page, demo.admin.email, demo.admin.password);
  await page.getByRole("button", { name: "Déconnexion" }).first().waitFor();
  return page;
}

describe("admin console", () => {
  it("a visitor's message reaches the console; the admin replies, the reply is in the outbox and in the history", async () => {
    const visitor = await browser.newPage({ baseURL: demo.server.url });
    const email = uniqueEmail("question");
    await gotoHydrated(visitor, "/contact");
    const form = visitor.getByRole("main");
    await form.getByLabel("Votre nom").fill("Nadia Benali");
    await form.getByLabel("Adresse e-mail").fill(email);
    await form.getByLabel("Objet").selectOption("coaching");
    await form
      .getByLabel("Votre message", { exact: true })
      .fill("Bonjour, mon frère entre en ECG 2 : que proposez-vous en maths appliquées ?");
    await form.getByLabel(/J'accepte que Tremplin utilise ces informations/).check();
    await form.getByRole("button", { name: "Envoyer le message" }).click();
    await form.getByRole("heading", { name: "Message envoyé" }).waitFor();

    const admin = await signedInAdmin();
    await admin.getByRole("link", { name: "Admin", exact: true }).first().click();
    await admin.waitForURL("**/admin");
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole("link", { name: /Demandes nouvelles/ }).click();
    await admin.waitForURL("**/admin/leads?statut=nouveau");
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole("link", { name: "Nadia Benali" }).click();
    await admin.getByRole("heading", { level: 1, name: "Demande de Nadia Benali" }).waitFor();
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await seriousViolations(admin)).toEqual([]);

    // A reply too short first: the typed text stays.
    await admin.getByLabel("Réponse", { exact: true }).fill("Bonjour");
    await admin.getByRole("button", { name: "Envoyer la réponse" }).click();
    await admin.getByText("La réponse est trop courte (10 caractères au moins).").waitFor();
    expect(await admin.getByLabel("Réponse", { exact: true }).inputValue()).toBe("Bonjour");
    await admin
      .getByLabel("Réponse", { exact: true })
      .fill("Bonjour Nadia, nous proposons un coaching hebdomadaire en maths appliquées : je vous appelle demain.");
    await admin.getByRole("button", { name: "Envoyer la réponse" }).click();
    await toastSaying(admin, `Réponse envoyée à ${email}`);
    await admin.getByText("Réponse envoyée — Inès").waitFor();
    await expect
      .poll(() => mailsTo(demo.dataDir, email).some((mail) => mail.includes("coaching hebdomadaire en maths appliquées")))
      .toBe(true);
    // Replying moved the lead to « En cours ».
    expect(await admin.getByLabel("Statut").inputValue()).toBe("en-cours");

    await admin.getByLabel("Note interne").fill("Rappeler vendredi.");
    await admin.getByRole("button", { name: "Ajouter la note" }).click();
    await toastSaying(admin, "Note ajoutée");
    await admin.getByText("Rappeler vendredi.").waitFor();

    // The CSV export of the console's list.
    await gotoHydrated(admin, "/admin/leads");
    const download = admin.waitForEvent("download");
    await admin.getByRole("link", { name: "Exporter en CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^demandes-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("the header keeps every link of an admin on screen, down to the tablet width", async () => {
    const page = await signedInAdmin();
    for (const width of [800, 1024, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      const header = page.locator("header").first();
      for (const control of [
        header.getByRole("link", { name: "Mon Dashboard" }),
        header.getByRole("link", { name: "Admin", exact: true }),
        header.getByRole("link", { name: /^Mon compte/ }),
        header.getByRole("button", { name: "Déconnexion" }),
      ]) {
        const box = (await control.first().boundingBox())!;
        expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
        expect(box.height, `${width} px: one line`).toBeLessThan(48);
      }
    }
  });

  it("an admin finds a student, makes them prof and reads it in the journal", async () => {
    const page = await signedInAdmin();
    await gotoHydrated(page, "/admin/utilisateurs");
    expect(await seriousViolations(page)).toEqual([]);
    const search = page.getByRole("search", { name: "Rechercher un compte" });
    await search.getByLabel("Nom ou adresse e-mail").fill("eleve@tremplin");
    await search.getByRole("button", { name: "Rechercher" }).click();
    await page.getByRole("link", { name: "Gérer le compte eleve@tremplin.local" }).click();
    await page.getByRole("heading", { level: 2, name: "Camille" }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Nouveau rôle").selectOption("prof");
    await page.getByRole("button", { name: "Changer le rôle" }).click();
    // toastSaying reads the text with its spaces folded (« Professeur » has non-breaking ones).
    await toastSaying(page, "eleve@tremplin.local est maintenant « Professeur ».");
    expect(await seriousViolations(page)).toEqual([]);
    await gotoHydrated(page, "/admin/journal");
    const line = (await page.getByTestId("journal-line").first().textContent())!.replace(/\s+/g, " ");
    expect(line).toContain("Changement de rôle");
    expect(line).toContain(demo.admin.email);
    expect(line).toContain('{"role":"user"} → {"role":"prof"}');
    expect(await seriousViolations(page)).toEqual([]);

    // The console is for admins: the prof is sent home, page and data alike.
    const prof = await browser.newPage({ baseURL: demo.server.url });
    await signInThroughForm(prof, demo.prof.email, demo.prof.password);
    await prof.getByRole("button", { name: "Déconnexion" }).first().waitFor();
    expect(await prof.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);
    await prof.goto("/admin/leads");
    expect(new URL(prof.url()).pathname).toBe("/");
    const cookie = (await prof.context().cookies()).map((item) => `${item.name}=${item.value}`).join("; ");
    const data = await fetch(`${demo.server.url}/admin/leads.data`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(await data.text()).not.toContain("Nadia");
    const csv = await fetch(`${demo.server.url}/admin/leads/export`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(csv.status).toBe(302);
    expect(csv.headers.get("location")).toBe("/");
  });
});
