import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { signUpThroughForm } from "../support/forms";

const baseUrl = inject("baseUrl");

describe("HTTP hardening", () => {
  it("sends the security headers on pages", async () => {
    const response = await fetch(`${baseUrl}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    // The home page is cached for visitors: its scripts are allowed by their hashes.
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // HSTS only where the public URL is HTTPS (this test server runs on http://localhost).
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives every inline script of a page rendered for one response that response's nonce", async () => {
    // A query string keeps the page out of the anonymous cache: rendered for this response alone.
    const response = await fetch(`${baseUrl}/apropos?depuis=accueil`);
    expect(response.headers.get("x-cache")).toBe("BYPASS");
    const nonce = /script-src 'self' 'nonce-([^']+)';/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("compresses responses", async () => {
    const response = await fetch(`${baseUrl}/politique-confidentialite`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("caches hashed assets forever and answers 404 for a missing one", async () => {
    const assets = readdirSync(path.resolve("build/client/assets"));
    const script = assets.find((name) => name.endsWith(".js"))!;
    const response = await fetch(`${baseUrl}/assets/${script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const missing = await fetch(`${baseUrl}/assets/absent-123.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain("<html");
  });

  it("reports database connectivity on /healthz", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", driver: "pglite", notifications: "listening" });
  });

  it("never returns a stack trace", async () => {
    for (const target of ["/%E0%A4%A", "/apropos?__proto__[x]=1", "/cgu.data?_routes=%00"]) {
      const response = await fetch(`${baseUrl}${target}`);
      const body = await response.text();
      expect(body, target).not.toMatch(/at .+\.(js|ts):\d+|node_modules|Error:/);
    }
  });

  it("serves robots.txt and sitemap.xml from the catalogue", async () => {
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseUrl}/cgv</loc>`);
    expect(xml).toContain(`<loc>${baseUrl}/</loc>`);
  });
});

describe("Anonymous HTML cache", () => {
  const publicPage = "/chapitres-libres/suites-cours";
  let nextIp = Math.floor(Math.random() * 250);
  const clientIp = () => `198.51.100.${(nextIp = (nextIp % 250) + 1)}`;

  /** A new account through the sign-up form; returns its session cookie. */
  function registerUser(firstName: string): Promise<string> {
    const email = `cache.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    return signUpThroughForm(baseUrl, { firstName, email, password: "Lanterne-violette-93-pelican" }, { "X-Forwarded-For": clientIp() });
  }

  it("serves a public page to a second anonymous visitor from the cache: same bytes, scripts allowed by hash", async () => {
    const first = await fetch(`${baseUrl}${publicPage}`);
    const firstHtml = await first.text();
    const second = await fetch(`${baseUrl}${publicPage}`);
    const secondHtml = await second.text();
    expect(second.status).toBe(200);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(secondHtml).toBe(firstHtml);
    expect(secondHtml).toContain("Suites numériques");

    const policy = second.headers.get("content-security-policy") ?? "";
    expect(policy).toBe(first.headers.get("content-security-policy"));
    expect(policy).not.toContain("nonce");
    expect(secondHtml).not.toMatch(/<script[^>]*\bnonce=/);
    const inline = [...secondHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, text]) => text);
    expect(inline.length).toBeGreaterThan(0);
    for (const text of inline) expect(policy).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  });

  it("never serves or stores a signed-in visitor's page", async () => {
    const firstName = `Cachetest${Math.random().toString(36).slice(2, 8)}`;
    const cookie = await registerUser(firstName);
    expect(cookie).toMatch(/tremplin\.session_token=/);
    for (let round = 0; round < 2; round++) {
      const response = await fetch(`${baseUrl}${publicPage}`, { headers: { Cookie: cookie } });
      expect(response.headers.get("x-cache")).toBe("BYPASS");
      expect(await response.text()).toContain(firstName);
    }
    const anonymous = await fetch(`${baseUrl}${publicPage}`);
    expect(await anonymous.text()).not.toContain(firstName);
  });

  it("never caches protected pages, section pages, pages with a query string or a 404", async () => {
    for (const target of ["/compte", "/python-flashcards", `${publicPage}?x=1`, "/page-qui-n-existe-pas"]) {
      for (let round = 0; round < 2; round++) {
        const response = await fetch(`${baseUrl}${target}`, { redirect: "manual" });
        expect(response.headers.get("x-cache"), target).toBe("BYPASS");
      }
    }
    const missing = await fetch(`${baseUrl}/page-qui-n-existe-pas`);
    expect(missing.status).toBe(404);
  });

  it("sends the inventory's merged chapter paths to their chapter with a 301, query string kept", async () => {
    const response = await fetch(`${baseUrl}/formation/maths-fonctions?depuis=favori`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/formation/maths-fonctions-d-une-variable-reelle?depuis=favori");
    const exercises = await fetch(`${baseUrl}/formation/maths-espaces-vectoriels-exercices/`, { redirect: "manual" });
    expect(exercises.status).toBe(301);
    expect(exercises.headers.get("location")).toBe("/formation/maths-matrices-espaces-vectoriels-exercices");
  });

  it("answers HEAD from the cache without a body", async () => {
    await (await fetch(`${baseUrl}/cgu`)).text();
    const response = await fetch(`${baseUrl}/cgu`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-cache")).toBe("HIT");
    expect(await response.text()).toBe("");
  });
});
