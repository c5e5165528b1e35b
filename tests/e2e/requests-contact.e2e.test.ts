import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "../../app/features/requests/lead-forms";
import { PUBLIC_FORM_MESSAGES } from "../../app/features/requests/requests";
import { mailsTo } from "../support/outbox";
import { withDemoServer } from "./support/demo-server";
import { gotoHydrated, pageProblems, seriousViolations, setupBrowser, uniqueEmail } from "./support/browser";

const browser = setupBrowser();

const demo = withDemoServer("tremplin-contact-");

describe("contact and coaching requests", () => {
  it("a visitor writes to the team: a missing consent is pointed out, then the message is sent and acknowledged", async () => {
    const page = await browser.newPage({ baseURL: demo.server.url });
    const email = uniqueEmail("contact");
    await gotoHydrated(page, "/contact");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Nous contacter" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The other ways to reach the team.
    expect(await main.getByRole("link", { name: /Réserver un premier cours gratuit/ }).getAttribute("target")).toBe("_blank");
    await main.getByRole("link", { name: /Nous écrire sur la messagerie/ }).waitFor();

    const message = "Bonjour, proposez-vous des colles blanches en maths approfondies avant les concours\u00a0?";
    await main.getByLabel("Votre nom").fill("Claire Martin");
    await main.getByLabel("Adresse e-mail").fill(email);
    await main.getByLabel("Objet").selectOption("question");
    await main.getByLabel("Votre message", { exact: true }).fill(message);
    await main.getByRole("button", { name: "Envoyer le message" }).click();

    await main.getByText(PUBLIC_FORM_MESSAGES.consent).waitFor();
    await main.getByText(LEAD_MESSAGES.checkFields).waitFor();
    expect(await main.getByLabel("Votre message", { exact: true }).inputValue()).toBe(message);
    expect(await main.getByLabel("Votre nom").inputValue()).toBe("Claire Martin");
    expect(await main.getByLabel("Objet").inputValue()).toBe("question");
    expect(mailsTo(demo.dataDir, email)).toEqual([]);

    await main.getByLabel(/J'accepte que Tremplin utilise ces informations pour répondre à mon message/).check();
    await main.getByRole("button", { name: "Envoyer le message" }).click();
    await main.getByRole("heading", { name: "Message envoyé" }).waitFor();
    await main.getByText("Une copie de votre message a été envoyée à").waitFor();
    expect(await main.getByRole("button", { name: "Envoyer le message" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await expect.poll(() => mailsTo(demo.dataDir, email).length).toBe(1);
    const [acknowledgement] = mailsTo(demo.dataDir, email);
    expect(acknowledgement).toContain(`To: ${email}`);
    expect(acknowledgement).toContain(message);
    // The only failed request is the form sent without consent on purpose: 400.
    expect(pageProblems(page)).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
  });

  it("a family goes from /parent to the coaching request, asks to be called back, and gets the acknowledgement", async () => {
    const page = await browser.newPage({ baseURL: demo.server.url });
    const email = uniqueEmail("famille");
    await gotoHydrated(page, "/parent");
    await page.getByRole("main").getByRole("link", { name: "Réserver un accompagnement" }).first().click();
    await page.waitForURL("**/parent-form");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Réserver un accompagnement" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByLabel("Votre nom").fill("Sophie Durand");
    await main.getByLabel("Vous êtes").selectOption("parent");
    await main.getByLabel("Adresse e-mail").fill(email);
    await main.getByLabel("Téléphone", { exact: true }).fill("06 12 34 56 78");
    await main.getByLabel("Prénom de l'élève").fill("Léo");
    await main.getByLabel("Niveau", { exact: true }).selectOption("terminale");
    await main.getByRole("group", { name: "Matières" }).getByLabel("Mathématiques").check();
    await main.getByRole("group", { name: "Matières" }).getByLabel("Informatique (Python)").check();
    await main.getByLabel("Besoins", { exact: true }).fill("Léo prépare les concours des écoles de commerce et bute sur les probabilités.");
    await main.getByRole("group", { name: "Format" }).getByLabel("En ligne").check();
    await main.getByLabel("Disponibilités (facultatif)").fill("Le mercredi après-midi");
    await main.getByLabel("Être rappelé par l'équipe").check();
    expect(await main.getByLabel("Professeur souhaité").count()).toBe(0);
    await main.getByLabel(/J'accepte que Tremplin utilise ces informations pour traiter ma demande/).check();
    await main.getByRole("button", { name: "Envoyer ma demande" }).click();

    await main.getByRole("heading", { name: "Demande envoyée" }).waitFor();
    await main.getByText("Un récapitulatif de votre demande a été envoyé à").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => mailsTo(demo.dataDir, email).length).toBe(1);
    expect(mailsTo(demo.dataDir, email)[0]).toContain("Subject: Votre demande d'accompagnement Tremplin");
    expect(pageProblems(page)).toEqual([]);
  });
});
