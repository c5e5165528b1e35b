import { describe, expect, inject, it } from "vitest";
import { codeIn, verificationLinkIn, waitForMail } from "../support/outbox";
import { totp, unusedTotp } from "../support/totp";
import {
  gotoHydrated,
  pageProblems,
  registerThroughForm,
  seriousViolations,
  setupBrowser,
  toastText,
  uniqueEmail,
} from "./support/browser";

const browser = setupBrowser();
const dataDir = inject("dataDir");
const PASSWORD = "violon-nuage-cerise-42";

describe("e-mail verification", () => {
  it("/compte says « À confirmer » after sign-up; the code of the e-mail confirms the address", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("confirme");
    await registerThroughForm(page, { firstName: "Anaïs", email, password: PASSWORD });
    const mail = await waitForMail(dataDir, email, /^Confirmez votre adresse e-mail Tremplin$/);
    await gotoHydrated(page, "/compte");
    const section = page.locator("#adresse-email");
    await section.getByText("À confirmer", { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // « Renvoyer l'e-mail » right after sign-up: the cooldown answers in French.
    await section.getByRole("button", { name: "Renvoyer l'e-mail" }).click();
    await expect
      .poll(() => section.getByRole("alert").textContent())
      .toMatch(/^Patientez encore \d+ secondes? avant de renvoyer l'e-mail\.$/);

    await section.getByLabel("Code de confirmation").fill("12");
    await section.getByRole("button", { name: "Confirmer", exact: true }).click();
    await section.getByText("Le code comporte 6 chiffres.").waitFor();
    await section.getByLabel("Code de confirmation").fill(codeIn(mail));
    await section.getByRole("button", { name: "Confirmer", exact: true }).click();
    await expect.poll(() => toastText(page)).toBe("Adresse e-mail confirmée");
    await section.getByText("Confirmée", { exact: true }).waitFor();
    expect(await section.getByRole("button", { name: "Renvoyer l'e-mail" }).count()).toBe(0);
  });

  it("the link of the e-mail confirms the address in another browser, signed out; a broken link says so", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("lien");
    await registerThroughForm(page, { firstName: "Bastien", email, password: PASSWORD });
    const link = verificationLinkIn(await waitForMail(dataDir, email, /^Confirmez votre adresse/));

    const phone = await browser.newPage();
    await gotoHydrated(phone, `${link.slice(0, -3)}abc`);
    await phone.getByText("Ce lien de confirmation est invalide ou a expiré. Demandez-en un nouveau depuis la page Mon compte.").waitFor();
    await gotoHydrated(phone, link);
    await phone.getByRole("heading", { name: "Confirmation de l’adresse e-mail" }).waitFor();
    await phone.getByText("Adresse e-mail confirmée").waitFor();
    expect(await phone.getByRole("link", { name: "Se connecter" }).getAttribute("href")).toBe("/login");
    expect(await seriousViolations(phone)).toEqual([]);

    await gotoHydrated(page, "/compte");
    await page.locator("#adresse-email").getByText("Confirmée", { exact: true }).waitFor();
    expect(pageProblems(phone).filter((problem) => !problem.includes("status of"))).toEqual([]);
  });

  it("changes the address only once the code sent to the new one is typed", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("ancienne");
    const target = uniqueEmail("nouvelle");
    await registerThroughForm(page, { firstName: "Chloé", email, password: PASSWORD });
    await gotoHydrated(page, "/compte");
    const section = page.locator("#adresse-email");
    await section.getByLabel("Nouvelle adresse e-mail").fill("pas-une-adresse");
    await section.getByRole("button", { name: "Changer d'adresse" }).click();
    await section.getByText("Adresse e-mail invalide.").waitFor();
    expect(await section.getByLabel("Nouvelle adresse e-mail").inputValue()).toBe("pas-une-adresse");

    await section.getByLabel("Nouvelle adresse e-mail").fill(target);
    await section.getByRole("button", { name: "Changer d'adresse" }).click();
    await section.getByText(/Saisissez le code envoyé à/).waitFor();
    const code = codeIn(await waitForMail(dataDir, target, /^Confirmez votre nouvelle adresse e-mail Tremplin$/));
    await section.getByLabel("Code reçu").fill(code === "000000" ? "111111" : "000000");
    await section.getByRole("button", { name: "Confirmer la nouvelle adresse" }).click();
    await section.getByText("Code incorrect.").waitFor();
    // Still the code step, still the old address.
    expect(await page.getByText(`Connecté avec ${email}`).count()).toBe(1);
    await section.getByLabel("Code reçu").fill(code);
    await section.getByRole("button", { name: "Confirmer la nouvelle adresse" }).click();
    await expect.poll(() => toastText(page)).toBe(`Adresse e-mail modifiée Votre compte utilise maintenant ${target}.`);
    await page.getByText(`Connecté avec ${target}`).waitFor();
    await section.getByText("Confirmée", { exact: true }).waitFor();
    await waitForMail(dataDir, email, /^L'adresse e-mail de votre compte Tremplin a changé$/);
  });
});

describe("sign-in by e-mail code", () => {
  it("« Recevoir un code par e-mail » on /login signs in without the password and keeps next", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("otp");
    await registerThroughForm(page, { firstName: "Dorian", email, password: PASSWORD });
    await page.context().clearCookies();

    await gotoHydrated(page, "/login?next=%2Fapropos");
    await page.getByRole("link", { name: "Recevoir un code par e-mail" }).click();
    await page.waitForURL((url) => url.pathname === "/login/code" && url.searchParams.get("next") === "/apropos");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Recevoir un code" }).click();
    await page
      .getByText(new RegExp(`Si un compte Tremplin utilise l'adresse ${email.replace(/\./g, "\\.")}, un code à 6\\schiffres`))
      .waitFor();
    const code = codeIn(await waitForMail(dataDir, email, /^Votre code de connexion Tremplin$/));
    await page.getByLabel("Code reçu par e-mail").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect.poll(() => toastText(page)).toBe("Erreur de connexion Code incorrect.");
    await page.getByLabel("Code reçu par e-mail").fill(code);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL((url) => url.pathname === "/apropos");
    // The address was not proven before: the password chosen then is removed, and the toast says so.
    await expect
      .poll(() => toastText(page))
      .toBe(
        "Connexion réussie Votre adresse est confirmée. Le mot de passe choisi avant cette confirmation a été retiré par sécurité : définissez-en un nouveau dans Mon compte.",
      );
  });

  it("an unknown address gets the same answer and no mail", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("inconnu");
    await gotoHydrated(page, "/login/code");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Recevoir un code" }).click();
    await page.getByText(/Si un compte Tremplin utilise l'adresse/).waitFor();
    await page.getByLabel("Code reçu par e-mail").fill("123456");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect.poll(() => toastText(page)).toBe("Erreur de connexion Code incorrect.");
  });

  it("with two-factor authentication on, the TOTP step follows the code", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("otp2fa");
    await registerThroughForm(page, { firstName: "Elsa", email, password: PASSWORD });
    const confirmation = await waitForMail(dataDir, email, /^Confirmez votre adresse/);
    await gotoHydrated(page, verificationLinkIn(confirmation));
    await gotoHydrated(page, "/compte");
    await page.locator("#double-authentification").getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Configurer la double authentification" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!;
    const enrolCode = totp(secret);
    await page.getByLabel("Code à 6 chiffres").fill(enrolCode);
    await page.getByRole("button", { name: "Activer", exact: true }).click();
    await page.getByText("Activée", { exact: true }).waitFor();
    await page.context().clearCookies();

    await gotoHydrated(page, "/login/code?next=%2Fcompte");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Recevoir un code" }).click();
    const code = codeIn(await waitForMail(dataDir, email, /^Votre code de connexion Tremplin$/));
    await page.getByLabel("Code reçu par e-mail").fill(code);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL("**/login/verification**");
    await page.getByLabel("Code de vérification").fill(unusedTotp(secret, [enrolCode]));
    await page.getByRole("button", { name: "Vérifier" }).click();
    await page.waitForURL((url) => url.pathname === "/compte");
    // The password was set after the address was proven: it still works.
    await page.locator("#adresse-email").getByText("Confirmée", { exact: true }).waitFor();
  });
});
