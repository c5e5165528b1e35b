import { describe, expect, inject, it } from "vitest";
import { totp, unusedTotp } from "../support/totp";
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
const baseUrl = inject("baseUrl");
const PASSWORD = "violon-nuage-cerise-42";

describe("sign-up, sign-in, sign-out", () => {
  it("registers, signs out (the button reads « Déconnexion... » meanwhile) and signs back in by phone", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("lea");
    const phone = `06 ${String(Date.now())
      .slice(-8)
      .replace(/(\d\d)(?=\d)/g, "$1 ")}`;
    await registerThroughForm(page, { firstName: "Léa", email, phone, password: PASSWORD });
    await expect.poll(() => toastText(page)).toBe("Compte créé avec succès Bienvenue sur Tremplin !");
    expect(await page.getByRole("link", { name: "Mon compte (Léa)" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Login" }).count()).toBe(0);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/logout", async (route) => {
      await held;
      await route.continue();
    });
    const logout = page.getByRole("button", { name: /Déconnexion/ }).first();
    await logout.click();
    await expect.poll(() => logout.textContent()).toBe("Déconnexion...");
    expect(await logout.isDisabled()).toBe(true);
    release();
    await page.waitForURL("**/login");
    await expect.poll(() => toastText(page)).toBe("Déconnexion réussie À bientôt !");
    await page.locator("header").getByRole("link", { name: "Login" }).waitFor();
    expect(await page.locator("header").getByRole("link", { name: "S'inscrire" }).isVisible()).toBe(true);

    await page.unroute("**/logout");
    await signInThroughForm(page, phone, PASSWORD, "/login?next=%2Fapropos");
    await page.waitForURL("**/apropos");
    await expect.poll(() => toastText(page)).toBe("Connexion réussie Bon retour parmi nous !");
    expect(pageProblems(page).filter((problem) => !problem.includes("status of"))).toEqual([]);
  });

  it("shows « Erreur de connexion / Identifiants incorrects » and keeps the identifier", async () => {
    const page = await browser.newPage();
    await signInThroughForm(page, "personne@example.com", "mauvais-mot-de-passe");
    await expect.poll(() => toastText(page)).toBe("Erreur de connexion Identifiants incorrects");
    expect(await page.getByLabel("Adresse e-mail ou numéro de téléphone").inputValue()).toBe("personne@example.com");
    expect(await page.getByRole("alert").first().textContent()).toBe("Identifiants incorrects");
  });

  it("rejects a weak password with its French reasons under the field and keeps the other fields", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/register");
    await page.getByLabel("Prénom").fill("Tom");
    await page.getByLabel("Adresse e-mail").fill("tom.faible@example.com");
    await page.getByLabel("Téléphone (facultatif)").fill("07 11 22 33 44");
    await page.getByLabel("Mot de passe", { exact: true }).fill("azerty123");
    await expect.poll(() => page.getByTestId("password-strength").textContent(), { timeout: 15_000 }).toMatch(/faible/i);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    const reasons = page.getByTestId("password-reasons");
    await reasons.waitFor();
    expect(await reasons.getByRole("listitem").allTextContents()).toEqual(
      expect.arrayContaining(["Le mot de passe doit contenir au moins 10 caractères.", "Ce mot de passe est trop facile à deviner."]),
    );
    await expect.poll(() => toastText(page)).toBe("Erreur d'inscription Mot de passe trop faible.");
    expect(await page.getByLabel("Prénom").inputValue()).toBe("Tom");
    expect(await page.getByLabel("Adresse e-mail").inputValue()).toBe("tom.faible@example.com");
    expect(await page.getByLabel("Téléphone (facultatif)").inputValue()).toBe("07 11 22 33 44");
  });

  it("says « Trop de tentatives » after five failures on one account", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("bloque");
    for (let attempt = 0; attempt < 5; attempt++) {
      await signInThroughForm(page, email, "mauvais-mot-de-passe");
      await page.getByRole("alert").first().waitFor();
    }
    await signInThroughForm(page, email, "mauvais-mot-de-passe");
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Trop de tentatives. Réessayez dans 15 minutes.");
  });

  it("warns « Problème de déconnexion » when the sign-out call fails", async () => {
    const page = await browser.newPage();
    await registerThroughForm(page, { firstName: "Noé", email: uniqueEmail("noe"), password: PASSWORD });
    await page.route("**/logout", (route) => route.abort());
    await page.getByRole("button", { name: "Déconnexion" }).first().click();
    await expect
      .poll(() => toastText(page))
      .toBe("Problème de déconnexion Veuillez réessayer. Si le problème persiste, rafraîchissez la page.");
  });
});

describe("guards and next", () => {
  it("sends a visitor of /compte to /login?next=%2Fcompte and back after sign-in", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("retour");
    await registerThroughForm(page, { firstName: "Zoé", email, password: PASSWORD });
    await page.context().clearCookies();
    const response = await gotoHydrated(page, "/compte");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/login?next=%2Fcompte");
    expect(response?.status()).toBe(200);
    await page.getByLabel("Adresse e-mail ou numéro de téléphone").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL((url) => url.pathname === "/compte");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Mon compte");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "/compte%0d%0aX:1",
    "/.//evil.example",
    "/%2e//evil.example",
  ])("never leaves the site after sign-in with next=%s", async (hostile) => {
    const page = await browser.newPage();
    const email = uniqueEmail("next");
    await registerThroughForm(page, { firstName: "Max", email, password: PASSWORD });
    await page.context().clearCookies();
    await signInThroughForm(page, email, PASSWORD, `/login?next=${encodeURIComponent(hostile)}`);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(new URL(page.url()).origin).toBe(baseUrl);
  });

  it("keeps protected data out of single-fetch data requests", async () => {
    const response = await fetch(`${baseUrl}/compte.data`, { redirect: "manual" });
    const body = await response.text();
    expect(body).toContain("/login?next=%2Fcompte");
    expect(body).not.toContain("sessions");
  });

  it("explains /acces-restreint for Python and offers sign-in and sign-up that come back", async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, "/acces-restreint?next=%2Fformation%2Fpython-matrices%3Fx%3D1&section=python");
    expect(await page.locator("main").getByRole("heading", { level: 2 }).textContent()).toBe(
      "La formation Python est réservée aux membres",
    );
    expect(await page.getByRole("link", { name: "Se connecter" }).getAttribute("href")).toBe(
      "/login?next=%2Fformation%2Fpython-matrices%3Fx%3D1",
    );
    expect(await page.getByRole("link", { name: "Créer un compte gratuit" }).getAttribute("href")).toBe(
      "/register?next=%2Fformation%2Fpython-matrices%3Fx%3D1",
    );
  });
});

describe("sessions across tabs and devices", () => {
  it("updates another open tab when the user signs in", async () => {
    const first = await browser.newPage();
    const email = uniqueEmail("onglets");
    await registerThroughForm(first, { firstName: "Inès", email, password: PASSWORD });
    await first.context().clearCookies();
    await gotoHydrated(first, "/apropos");
    const second = await first.context().newPage();
    await second.goto("/partners");
    await second.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await second.getByRole("link", { name: "Login" }).isVisible()).toBe(true);
    await signInThroughForm(first, email, PASSWORD);
    await first.waitForURL((url) => url.pathname === "/dashboard");
    await second.getByRole("link", { name: "Mon compte (Inès)" }).waitFor();
  });

  it("« Se déconnecter de tous les appareils » really signs out the other devices", async () => {
    const laptop = await browser.newPage();
    const email = uniqueEmail("appareils");
    await registerThroughForm(laptop, { firstName: "Paul", email, password: PASSWORD });
    const phone = await browser.newPage();
    await signInThroughForm(phone, email, PASSWORD);
    await phone.getByRole("button", { name: "Déconnexion" }).first().waitFor();

    await gotoHydrated(laptop, "/compte");
    expect(await laptop.getByText("Dernière activité le").count()).toBe(2);
    await laptop.getByRole("button", { name: "Se déconnecter de tous les appareils" }).click();
    await laptop.waitForURL("**/login");
    await gotoHydrated(phone, "/compte");
    expect(new URL(phone.url()).pathname).toBe("/login");
  });
});

describe("account page", () => {
  it("edits the profile, exports the data and enrols, uses and disables TOTP two-factor", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("compte");
    await registerThroughForm(page, { firstName: "Jules", email, password: PASSWORD });
    await gotoHydrated(page, "/compte");
    await page.getByLabel("Prénom").fill("Jules-Henri");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByRole("link", { name: "Mon compte (Jules-Henri)" }).waitFor();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exporter mes données (JSON)" }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const exported = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    expect(exported.profile).toMatchObject({ email, firstName: "Jules-Henri" });
    expect(exported.activityHistory).toEqual([]);

    await page.locator("#double-authentification").getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Configurer la double authentification" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!;
    const enrolCode = totp(secret);
    await page.getByLabel("Code à 6 chiffres").fill(enrolCode);
    await page.getByRole("button", { name: "Activer", exact: true }).click();
    await page.getByText("Activée", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Déconnexion" }).first().click();
    await page.waitForURL("**/login");
    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL("**/login/verification**");
    await page.getByLabel("Code de vérification").fill("000000");
    await page.getByRole("button", { name: "Vérifier" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Code incorrect.");
    // The enrolment spent its code: a sign-in takes another one.
    await page.getByLabel("Code de vérification").fill(unusedTotp(secret, [enrolCode]));
    await page.getByRole("button", { name: "Vérifier" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByRole("link", { name: "Mon compte (Jules-Henri)" }).waitFor();

    await gotoHydrated(page, "/compte");
    await page.locator("#double-authentification").getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Désactiver la double authentification" }).click();
    await page.getByRole("button", { name: "Configurer la double authentification" }).waitFor();
  });

  it("deletes the account with the password; the account cannot sign in afterwards", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("suppression");
    await registerThroughForm(page, { firstName: "Eva", email, password: PASSWORD });
    await gotoHydrated(page, "/compte");
    const section = page.locator("#suppression");
    await section.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await section.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
    await section.getByText("Cochez la case pour confirmer la suppression.").waitFor();
    await section.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await section.getByLabel("Je comprends que cette suppression est définitive.").check();
    await section.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => toastText(page)).toBe("Compte supprimé Vos données personnelles ont été effacées.");
    await signInThroughForm(page, email, PASSWORD);
    await expect.poll(() => toastText(page)).toBe("Erreur de connexion Identifiants incorrects");
  });
});

describe("access check while navigating", () => {
  it("reads « Vérification de l'accès... » while a guarded page's loader runs", async () => {
    const page = await browser.newPage();
    await registerThroughForm(page, { firstName: "Rose", email: uniqueEmail("verif"), password: PASSWORD });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/compte.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Mon compte (Rose)" }).click();
    const card = page.getByTestId("access-check");
    await card.waitFor();
    expect(await card.textContent()).toBe("Vérification de l'accès...");
    release();
    await page.waitForURL("**/compte");
    await card.waitFor({ state: "detached" });
  });
});

describe("activity history API", () => {
  it("records and reads only the signed-in user's activities", async () => {
    expect((await fetch(`${baseUrl}/api/activity`)).status).toBe(401);
    expect(
      (await fetch(`${baseUrl}/api/activity`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status,
    ).toBe(401);

    const page = await browser.newPage();
    await registerThroughForm(page, { firstName: "Hélène", email: uniqueEmail("histo"), password: PASSWORD });
    const saved = await page.request.post("/api/activity", {
      data: { activityType: "search", inputData: { term: "séries", category: null }, userId: "quelquun-d-autre" },
    });
    expect(saved.status()).toBe(201);
    expect((await page.request.post("/api/activity", { data: { activityType: "login" } })).status()).toBe(400);
    const { history } = await (await page.request.get("/api/activity")).json();
    expect(history.map((row: { activityType: string }) => row.activityType)).toEqual(["search"]);
    expect(history[0].inputData).toEqual({ term: "séries", category: null });
  });
});
