import { describe, expect, inject, it } from "vitest";
import { catalog } from "../../app/catalog/catalog";
import { documentTitle } from "../../app/catalog/site-pages";
import { requiredPermission } from "../../app/features/access/policy";
import { gotoHydrated, setupBrowser } from "./support/browser";

const baseUrl = inject("baseUrl");
const browser = setupBrowser();

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');

/**
 * Pages a visitor cannot open: signed-in and teacher pages redirect to sign-in (a route with parameters is
 * asked for as written), the second sign-in step needs a first one.
 */
const expectedRedirects: Record<string, string> = {
  "/login/verification": "/login",
  ...Object.fromEntries(
    catalog
      .filter((entry) => !entry.section && requiredPermission(entry) !== "read:content:public")
      .map((entry) => [entry.path, `/login?next=${encodeURIComponent(entry.path)}`]),
  ),
  // Python and maths sections send visitors to /acces-restreint (DESIGN §4).
  ...Object.fromEntries(
    catalog
      .filter((entry) => entry.section)
      .map((entry) => [entry.path, `/acces-restreint?next=${encodeURIComponent(entry.path)}&section=${entry.section}`]),
  ),
};

describe("every catalogue entry", () => {
  it.each(Object.entries(expectedRedirects))("%s redirects a visitor to %s", async (path, location) => {
    const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
  });

  it.each(catalog.filter((entry) => !expectedRedirects[entry.path]).map((entry) => [entry.path, entry.title] as const))(
    "%s answers 200 with its title",
    async (path, title) => {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "")).toBe(documentTitle(title));
      expect(html).toContain(`<link rel="canonical" href="${baseUrl}${path}"/>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    },
  );
});

describe("header and footer links", () => {
  it("resolve to a catalogue route or a configured external URL", async () => {
    const configured = [
      "https://calendly.com/tremplin-prepa/premier-cours",
      "https://wa.me/",
      "https://www.instagram.com/tremplin.prepa/",
      "https://www.linkedin.com/company/tremplin-prepa/",
      "https://www.youtube.com/@tremplin-prepa",
    ];
    const paths = new Set(catalog.map((entry) => entry.path));
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const page = await browser.newPage({ viewport });
      await gotoHydrated(page, "/");
      if (viewport.width < 768) {
        await page.getByRole("button", { name: "Ouvrir le menu" }).click();
        await page.getByRole("dialog", { name: "Menu" }).waitFor();
      } else for (const label of ["Formations", "Contact"]) await page.getByRole("button", { name: label }).click();
      const hrefs = await page
        .locator("header a, footer a, #mobile-menu a, [data-testid=chat-button]")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(hrefs.length).toBeGreaterThan(25);
      for (const href of hrefs) {
        if (href.startsWith("/")) expect(paths.has(new URL(href, "http://localhost").pathname), href).toBe(true);
        else
          expect(
            configured.some((url) => href.startsWith(url)),
            href,
          ).toBe(true);
      }
    }
  });
});

describe("legal notice", () => {
  it("lists only the configured identity lines", async () => {
    const html = await (await fetch(`${baseUrl}/mentions-legales`)).text();
    expect(html).not.toContain("{{");
    expect(html).toContain("l&#x27;exploitant de cette instance de Tremplin");
  });
});
