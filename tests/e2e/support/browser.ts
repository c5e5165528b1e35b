import { existsSync } from "node:fs";
import { type Browser, type BrowserContextOptions, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath(): string {
  const candidate = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(candidate)) throw new Error("Chromium not found: run `bash scripts/ensure-chromium.sh` or set CHROME_PATH.");
  return candidate;
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, locale: "fr-FR" };
export const MOBILE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, locale: "fr-FR", isMobile: true, hasTouch: true };

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
      const context = await browser.newContext({ baseURL: baseUrl, ...options });
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
