import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CachedPage, HtmlCache, htmlCache, inlineScriptHashes, policyWithHashes } from "./html-cache";

function page(html: string, storedAt = 0) {
  return new CachedPage(Buffer.from(html), { "content-type": "text/html; charset=utf-8" }, storedAt);
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inline script hashes", () => {
  it("hash the text of every inline script, once each, and skip scripts loaded by src", () => {
    const html = `<script>a()</script><script type="module">import "/x.js";\nb()</script><script src="/c.js"></script><SCRIPT async>a()</SCRIPT><script type="module" src="/d.js"></script><script>é</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256("a()"), sha256('import "/x.js";\nb()'), sha256("é")]);
    expect(inlineScriptHashes("<p>sans script</p>")).toEqual([]);
  });

  it("replace the nonce of the policy, and only it", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-abc==';style-src 'self' 'unsafe-inline'";
    expect(policyWithHashes(policy, "abc==", ["'sha256-1'", "'sha256-2'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-1' 'sha256-2';style-src 'self' 'unsafe-inline'",
    );
    expect(policyWithHashes(policy, "abc==", [])).toBe("default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'");
  });
});

describe("CachedPage", () => {
  const html = `<!DOCTYPE html><html><head><script>1</script></head><body>${"<p>Suites numériques é</p>".repeat(5000)}</body></html>`;

  it("keeps the body as rendered and compressed once in brotli and gzip, each the same bytes", async () => {
    const cached = page(html);
    expect(cached.for(() => true)).toEqual({ body: Buffer.from(html) });
    await cached.compress();
    const br = cached.for(() => true);
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gzip = cached.for((encoding) => encoding === "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect(gzip.body.length).toBeLessThan(Buffer.byteLength(html) / 20);
    expect(cached.for(() => false).body.toString()).toBe(html);
  });

  // zlib's answer may be a view into a larger chunk: kept as is, pages counted at 64 MB held 141 MB.
  it("keeps compressed bodies in buffers of their own size, so maxBytes bounds the memory held", async () => {
    const cached = page(html);
    await cached.compress();
    for (const accepts of [() => true, (encoding: string) => encoding === "gzip"]) {
      const { body } = cached.for(accepts);
      expect(body.buffer.byteLength).toBeLessThanOrEqual(Math.max(body.length, 8192));
    }
  });
});

describe("HtmlCache", () => {
  it("expires entries after the TTL", () => {
    let now = 0;
    const cache = new HtmlCache(10, 1_000_000, 1000, () => now);
    cache.set("v:/", page("<p>a</p>", now));
    now = 999;
    expect(cache.get("v:/")).toBeDefined();
    now = 1001;
    expect(cache.get("v:/")).toBeUndefined();
  });

  it("evicts the least recently used entry beyond its bounds", () => {
    const cache = new HtmlCache(2, 1_000_000, 60_000, () => 0);
    cache.set("v:/a", page("a"));
    cache.set("v:/b", page("b"));
    cache.get("v:/a");
    cache.set("v:/c", page("c"));
    expect(cache.get("v:/b")).toBeUndefined();
    expect(cache.get("v:/a")).toBeDefined();
    expect(cache.get("v:/c")).toBeDefined();
    const small = new HtmlCache(100, 10, 60_000, () => 0);
    small.set("v:/a", page("aaaa"));
    small.set("v:/b", page("bbbb"));
    small.set("v:/c", page("cccc"));
    expect(small.size).toBe(2);
  });
});

describe("htmlCache middleware", () => {
  const entry = { path: "/page", title: "Page", kind: "page" as const, module: "routes/content-page.tsx" };
  let renders = 0;
  let status = 200;
  /** Called by the next render once it has started. */
  let duringRender: (() => void) | undefined;

  async function startApp() {
    const { default: express } = await import("express");
    const { cspNonce, securityHeaders } = await import("./security");
    const app = express();
    app.use(cspNonce);
    app.use(securityHeaders({ https: false, development: false }));
    const middleware = htmlCache({ version: () => "v1", findEntry: (path) => (path === "/page" ? entry : undefined) });
    app.use(middleware);
    app.use(async (_req, res) => {
      renders++;
      duringRender?.();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const nonce = res.locals.cspNonce as string | undefined;
      res.status(status).type("html");
      res.write(`<html><head><script${nonce ? ` nonce="${nonce}"` : ""}>theme()</script></head>`);
      res.end(`<body>${"Suites numériques ".repeat(200)}</body></html>`);
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    return { server, middleware, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it("renders once for concurrent anonymous requests, then serves the same bytes and hashed policy to all", async () => {
    renders = 0;
    status = 200;
    const { server, base } = await startApp();
    try {
      const responses = await Promise.all(Array.from({ length: 8 }, () => fetch(`${base}/page`)));
      const bodies = await Promise.all(responses.map((response) => response.text()));
      expect(renders).toBe(1);
      expect(responses.map((response) => response.headers.get("x-cache")).sort()).toEqual([
        "HIT",
        "HIT",
        "HIT",
        "HIT",
        "HIT",
        "HIT",
        "HIT",
        "MISS",
      ]);
      expect(new Set(bodies).size).toBe(1);
      expect(bodies[0]).toContain("<script>theme()</script>");
      const policies = new Set(responses.map((response) => response.headers.get("content-security-policy")));
      expect(policies.size).toBe(1);
      expect([...policies][0]).toContain(`script-src 'self' ${sha256("theme()")};`);
      expect([...policies][0]).not.toContain("nonce");
      for (const encoding of ["gzip", "br"]) {
        const compressed = await fetch(`${base}/page`, { headers: { "accept-encoding": encoding } });
        expect(compressed.headers.get("content-encoding")).toBe(encoding);
        expect(await compressed.text()).toBe(bodies[0]);
      }
      expect(renders).toBe(1);
    } finally {
      server.close();
    }
  });

  it("does not store a render that was under way when the cache was emptied (a change was announced)", async () => {
    renders = 0;
    status = 200;
    const { server, base, middleware } = await startApp();
    try {
      // The announcement arrives while the first render is under way.
      duringRender = () => {
        duringRender = undefined;
        middleware.cache.clear();
      };
      const first = fetch(`${base}/page`);
      expect((await first).headers.get("x-cache")).toBe("MISS");
      expect((await fetch(`${base}/page`)).headers.get("x-cache")).toBe("MISS");
      expect((await fetch(`${base}/page`)).headers.get("x-cache")).toBe("HIT");
      expect(renders).toBe(2);
    } finally {
      server.close();
    }
  });

  it("bypasses visitors with a session or toast cookie and never stores an error", async () => {
    renders = 0;
    status = 404;
    const { server, base } = await startApp();
    try {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${base}/page`);
        expect(response.headers.get("x-cache")).toBe("MISS");
        // Not stored, but rendered without a nonce all the same: its scripts run by their hash.
        expect(response.headers.get("content-security-policy")).toContain(`script-src 'self' ${sha256("theme()")};`);
      }
      expect(renders).toBe(2);
      status = 200;
      for (const cookie of ["tremplin.session_token=abc", "tremplin_toast=xyz", "__Secure-tremplin.session_token=abc"]) {
        const response = await fetch(`${base}/page`, { headers: { cookie } });
        expect(response.headers.get("x-cache")).toBe("BYPASS");
        const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
        expect(await response.text()).toContain(`<script nonce="${nonce}">theme()</script>`);
      }
      expect((await fetch(`${base}/page?x=1`)).headers.get("x-cache")).toBe("BYPASS");
      expect((await fetch(`${base}/autre`)).headers.get("x-cache")).toBe("BYPASS");
      expect(renders).toBe(7);
    } finally {
      server.close();
    }
  });
});
