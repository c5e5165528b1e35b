import { verificationLinkIn, waitForMail } from "../../support/outbox";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContextOptions, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { CHROMIUM_FLAGS, chromiumPath } from "../../support/chromium";

export { CHROMIUM_FLAGS, chromiumPath };

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, locale: "fr-FR" };
export const MOBILE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, locale: "fr-FR", isMobile: true, hasTouch: true };

let nextClientIp = Math.floor(Math.random() * 250);

/** One Chromium per test file; each test opens its own context (fresh cookies and storage). */
export function setupBrowser() {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    async newPage(options: BrowserContextOptions = DESKTOP): Promise<Page> {
      // A client address of its own per context: per-IP rate limits never leak between tests.
      const clientIp = `203.0.113.${(nextClientIp = (nextClientIp % 250) + 1)}`;
      const context = await browser.newContext({
        baseURL: baseUrl,
        ...options,
        extraHTTPHeaders: { "X-Forwarded-For": clientIp, ...options.extraHTTPHeaders },
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(String(error)));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      (page as Page & { problems: string[] }).problems = problems;
      return page;
    },
  };
}

/** Navigates and waits until React has hydrated the page, so clicks reach their handlers. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return response;
}

/** Freezes the page clock (install() alone lets time flow) so timings are exact. */
export async function freezeClock(page: Page) {
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
}

/** Errors thrown in the page or printed to its console (hydration errors, CSP violations). */
export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/** Fills and submits the sign-up form; returns when the user is signed in. */
export async function registerThroughForm(
  page: Page,
  user: { firstName: string; email: string; phone?: string; password: string },
  path = "/register",
) {
  await gotoHydrated(page, path);
  await page.getByLabel("Prénom").fill(user.firstName);
  await page.getByLabel("Adresse e-mail").fill(user.email);
  if (user.phone) await page.getByLabel("Téléphone (facultatif)").fill(user.phone);
  await page.getByLabel("Mot de passe", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await page.getByRole("button", { name: "Déconnexion" }).first().waitFor();
}

/** Opens the confirmation link of the sign-up e-mail of `email` (the server's outbox is `dataDir/outbox`). */
export async function confirmEmailThroughOutbox(page: Page, dataDir: string, email: string) {
  const mail = await waitForMail(dataDir, email, /^Confirmez votre adresse e-mail/);
  await page.goto(verificationLinkIn(mail));
  await page.getByText("Adresse e-mail confirmée").first().waitFor();
}

export async function signInThroughForm(page: Page, identifier: string, password: string, path = "/login") {
  await gotoHydrated(page, path);
  await page.getByLabel("Adresse e-mail ou numéro de téléphone").fill(identifier);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

let emailCounter = 0;
/** A unique address per test run, so tests never share an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${++emailCounter}@example.com`;
}

/** Text of the visible toast, whitespace normalised (French texts carry non-breaking spaces). */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('[data-sonner-toast][data-visible="true"]').first();
  await toast.waitFor();
  const parts = await toast.locator("[data-title], [data-description]").allTextContents();
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/** The axe rules every page is held to: WCAG 2.2 AA, and the experimental rules (label in name among them). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "experimental"];

/** Axe's serious and critical violations on the page as it is (AXE_TAGS), one line each (none expected). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A toast slides and fades in over 400 ms: axe would read its colours halfway.
  await page.waitForTimeout(600);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** Waits for a toast saying exactly `text` (whitespace normalised): earlier toasts may still be on screen. */
export async function toastSaying(page: Page, text: string) {
  await expect
    .poll(async () => (await page.locator("[data-sonner-toast]").allTextContents()).map((content) => content.replace(/\s+/g, " ").trim()))
    .toContain(text);
}
