import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

describe("HTTP hardening", () => {
  it("sends the security headers on pages", async () => {
    const response = await fetch(`${baseUrl}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // HSTS only where the public URL is HTTPS (this test server runs on http://localhost).
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives every inline script the response's nonce", async () => {
    const response = await fetch(`${baseUrl}/apropos`);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
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
    expect(await response.json()).toEqual({ status: "ok", database: "ok", driver: "pglite" });
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
