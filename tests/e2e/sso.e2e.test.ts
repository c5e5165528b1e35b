import { Events, OAuth2Server } from "oauth2-mock-server";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { gotoHydrated, registerThroughForm, seriousViolations, setupBrowser, toastText, uniqueEmail } from "./support/browser";

const browser = setupBrowser();
const PASSWORD = "violon-nuage-cerise-42";
const PROVIDER = "ENT de test";

/** Who the test provider says the user is, for the next sign-ins. */
const identity: Record<string, unknown> = {};
const signAs = (claims: { sub: string; email: string; email_verified: boolean; given_name: string; name?: string }) => {
  for (const key of Object.keys(identity)) delete identity[key];
  Object.assign(identity, { name: `${claims.given_name} Testeur`, ...claims });
};

let provider: OAuth2Server;
let server: RunningServer;

beforeAll(async () => {
  // A real OpenID Connect server on 127.0.0.1 (oauth2-mock-server): discovery, PKCE, signed ID tokens.
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on(Events.BeforeTokenSigning, (token) => Object.assign(token.payload, identity));
  provider.service.on(Events.BeforeUserinfo, (response) => Object.assign(response.body as object, identity));
  server = await startServer({
    TRUST_PROXY: "true",
    OIDC_ISSUER: provider.issuer.url!,
    OIDC_CLIENT_ID: "tremplin-test",
    OIDC_CLIENT_SECRET: "secret-de-test",
    OIDC_NAME: PROVIDER,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

const continueWith = (page: Page) => page.getByRole("button", { name: `Continuer avec ${PROVIDER}` });
let subjects = 0;
const newSubject = () => `sujet-${Date.now().toString(36)}-${++subjects}`;

describe("single sign-on, not configured", () => {
  it("shows no provider on /login, /register and /compte of a fresh install", async () => {
    const page = await browser.newPage();
    const base = inject("baseUrl");
    await gotoHydrated(page, `${base}/login`);
    expect(await page.getByRole("button", { name: /^Continuer avec/ }).count()).toBe(0);
    await gotoHydrated(page, `${base}/register`);
    expect(await page.getByRole("button", { name: /^Continuer avec/ }).count()).toBe(0);
    await registerThroughForm(page, { firstName: "Sans", email: uniqueEmail("sanssso"), password: PASSWORD }, `${base}/register`);
    await gotoHydrated(page, `${base}/compte`);
    expect(await page.getByRole("heading", { name: "Connexions" }).count()).toBe(0);
  });
});

describe("single sign-on with an OpenID Connect provider", () => {
  it("a first sign-in creates the account with the provider's first name and verified address, and keeps next", async () => {
    const page = await browser.newPage({ baseURL: server.url });
    const email = uniqueEmail("sso");
    signAs({ sub: newSubject(), email, email_verified: true, given_name: "Léna" });
    await gotoHydrated(page, "/login?next=%2Fapropos");
    expect(await seriousViolations(page)).toEqual([]);
    await continueWith(page).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/apropos");
    await expect.poll(() => toastText(page)).toBe("Compte créé avec succès Bienvenue sur Tremplin !");
    await page.getByRole("link", { name: "Mon compte (Léna)" }).waitFor();

    await gotoHydrated(page, "/compte");
    await page.locator("#adresse-email").getByText("Confirmée", { exact: true }).waitFor();
    const connections = page.locator("#connexions");
    await connections.getByText(PROVIDER, { exact: true }).waitFor();
    await connections.getByText("Aucun", { exact: true }).waitFor();
    // The only way in (with a code): it cannot be unlinked.
    expect(await connections.getByRole("button", { name: `Délier ${PROVIDER}` }).count()).toBe(0);

    // Confirming one's identity through the provider (this account has no password): a new sign-in whose
    // session replaces this one. The form is sent as the « Confirmer avec … » button sends it.
    const before = await page.context().cookies();
    const started = await page.request.post("/compte", {
      form: { intent: "reauth-sso", provider: "oidc" },
      headers: { Origin: server.url },
      maxRedirects: 0,
    });
    expect(started.status()).toBe(302);
    await page.goto(started.headers().location);
    await page.waitForURL((url) => url.pathname === "/compte" && url.search === "");
    await expect.poll(() => toastText(page)).toMatch(/^Identité confirmée Vous pouvez modifier les réglages sensibles/);
    const after = await page.context().cookies();
    const token = (cookies: typeof before) => cookies.find((cookie) => cookie.name === "tremplin.session_token")?.value;
    expect(token(after)).not.toBe(token(before));
    // The replaced session is gone: one device.
    expect(await page.locator("#sessions li").count()).toBe(1);

    // Another device: signing in with the provider finds the same account.
    const other = await browser.newPage({ baseURL: server.url });
    await gotoHydrated(other, "/login?next=%2Fapropos");
    await continueWith(other).click();
    await other.waitForURL((url) => url.pathname === "/apropos");
    await expect.poll(() => toastText(other)).toBe("Connexion réussie Bon retour parmi nous !");
    await other.getByRole("link", { name: "Mon compte (Léna)" }).waitFor();
  });

  it("an address the provider does not vouch for makes an account that still has to confirm it", async () => {
    const page = await browser.newPage({ baseURL: server.url });
    signAs({ sub: newSubject(), email: uniqueEmail("nonverifie"), email_verified: false, given_name: "Malo" });
    await gotoHydrated(page, "/register");
    await continueWith(page).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await gotoHydrated(page, "/compte");
    await page.locator("#adresse-email").getByText("À confirmer", { exact: true }).waitFor();
  });

  it("an address that already has an account: sign in with the password, then link; the provider then signs in to it", async () => {
    const page = await browser.newPage({ baseURL: server.url });
    const email = uniqueEmail("lier");
    await registerThroughForm(page, { firstName: "Nora", email, password: PASSWORD });
    await page.context().clearCookies();

    signAs({ sub: newSubject(), email, email_verified: true, given_name: "Nora" });
    await gotoHydrated(page, "/login");
    await continueWith(page).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("error") === "account_not_linked");
    await page
      .getByText(
        `Un compte Tremplin utilise déjà cette adresse. Connectez-vous ci-dessous avec votre mot de passe ou un code, puis liez votre compte ${PROVIDER} depuis Mon compte.`,
      )
      .waitFor();
    await page.getByLabel("Adresse e-mail ou numéro de téléphone").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL((url) => url.pathname === "/compte" && url.searchParams.get("lier") === "oidc");
    const connections = page.locator("#connexions");
    await connections.getByText(`Dernière étape\u00a0: liez votre compte ${PROVIDER}`).waitFor();
    await connections.getByRole("button", { name: `Lier mon compte ${PROVIDER}` }).click();
    await page.waitForURL((url) => url.pathname === "/compte");
    await expect.poll(() => toastText(page)).toBe(`Compte ${PROVIDER} lié`);
    await connections.getByRole("button", { name: `Délier ${PROVIDER}` }).waitFor();

    await page.context().clearCookies();
    await gotoHydrated(page, "/login");
    await continueWith(page).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByRole("link", { name: "Mon compte (Nora)" }).waitFor();

    // Unlinked (the password remains), the provider no longer signs in to the account.
    await gotoHydrated(page, "/compte");
    await connections.getByRole("button", { name: `Délier ${PROVIDER}` }).click();
    await expect.poll(() => toastText(page)).toBe(`Compte ${PROVIDER} délié`);
    await connections.getByRole("button", { name: `Lier mon compte ${PROVIDER}` }).waitFor();
    await page.context().clearCookies();
    await gotoHydrated(page, "/login");
    await continueWith(page).click();
    await page.waitForURL((url) => url.searchParams.get("error") === "account_not_linked");
  });

  it("refuses to link an identity whose address the provider does not vouch for", async () => {
    const page = await browser.newPage({ baseURL: server.url });
    const email = uniqueEmail("liennonverifie");
    await registerThroughForm(page, { firstName: "Oscar", email, password: PASSWORD });
    signAs({ sub: newSubject(), email, email_verified: false, given_name: "Oscar" });
    await gotoHydrated(page, "/compte");
    await page
      .locator("#connexions")
      .getByRole("button", { name: `Lier mon compte ${PROVIDER}` })
      .click();
    await page.getByText(`${PROVIDER} ne confirme pas cette adresse e-mail\u00a0: le compte n'a pas été lié.`).waitFor();
    expect(
      await page
        .locator("#connexions")
        .getByRole("button", { name: `Délier ${PROVIDER}` })
        .count(),
    ).toBe(0);
  });

  it("a denied consent and a forged state come back to /login with a French explanation, signed out", async () => {
    const page = await browser.newPage({ baseURL: server.url });
    signAs({ sub: newSubject(), email: uniqueEmail("refus"), email_verified: true, given_name: "Paul" });
    provider.service.once(Events.BeforeAuthorizeRedirect, (redirect) => {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
    });
    await gotoHydrated(page, "/login");
    await continueWith(page).click();
    await page.getByText(`Vous avez refusé l'accès à ${PROVIDER}\u00a0: aucune connexion n'a été faite.`).waitFor();
    expect(await page.getByRole("link", { name: /^Mon compte/ }).count()).toBe(0);

    provider.service.once(Events.BeforeAuthorizeRedirect, (redirect) => {
      redirect.url.searchParams.set("state", "etat-forge-par-un-attaquant");
    });
    await continueWith(page).click();
    await page.getByText(`La connexion avec ${PROVIDER} n'a pas abouti (demande expirée ou déjà utilisée). Recommencez.`).waitFor();
    expect(await page.getByRole("link", { name: /^Mon compte/ }).count()).toBe(0);
  });

  it("never leaves the site: next=//evil.example lands on the dashboard", async () => {
    const page = await browser.newPage({ baseURL: server.url });
    signAs({ sub: newSubject(), email: uniqueEmail("evil"), email_verified: true, given_name: "Rémi" });
    await gotoHydrated(page, "/login?next=%2F%2Fevil.example");
    await continueWith(page).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/dashboard");
  });
});
