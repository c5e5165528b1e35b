import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CachedPage, HtmlCache, crc32Combine, htmlCache } from "./html-cache";

const OLD = "T7VavMoKEuR6g3DgkqDioQ==";
const NEW = "iOjF4Y/itctgeWI2yd0Uog==";

function page(html: string, storedAt = 0) {
  return new CachedPage(Buffer.from(html), OLD, { "content-type": "text/html; charset=utf-8" }, storedAt);
}

describe("crc32Combine", () => {
  it("gives the CRC-32 of the concatenation", () => {
    for (const [a, b] of [
      [randomBytes(1000), randomBytes(24)],
      [Buffer.alloc(0), randomBytes(70_000)],
      [randomBytes(3), Buffer.alloc(0)],
    ]) {
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});

describe("CachedPage", () => {
  const html = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js" nonce="${OLD}"/><script nonce="${OLD}">1</script></head><body>${"<p>Suites numériques é</p>".repeat(5000)}<script nonce="${OLD}">2</script></body></html>`;

  it("puts the new nonce everywhere the old one was, raw and gzip", async () => {
    const cached = page(html);
    await cached.compress();
    const expected = html.replaceAll(OLD, NEW);
    expect(cached.raw(NEW).toString()).toBe(expected);
    const gzip = cached.gzip(NEW);
    expect(gunzipSync(gzip).toString()).toBe(expected);
    expect(gzip.length).toBeLessThan(Buffer.byteLength(html) / 20);
  });

  // zlib's answer is a view into a 16 KB output chunk: kept as is, pages counted at 64 MB held 141 MB.
  it("keeps compressed pieces in buffers of their own size, so maxBytes bounds the memory held", async () => {
    const cached = page(html);
    await cached.compress();
    const { deflated } = cached as unknown as { deflated: Buffer[] };
    expect(deflated.length).toBe(4);
    // A piece below 4 KB may share Node's 8 KB allocation pool; none keeps a whole 16 KB chunk alive.
    for (const piece of deflated) expect(piece.buffer.byteLength).toBeLessThanOrEqual(Math.max(piece.length, 8192));
  });

  it("handles a body without nonce, or starting and ending with one", async () => {
    for (const body of ["<p>sans script</p>", `${OLD}<p>x</p>${OLD}`, "", `<p>a</p>${OLD}<p>\u0000a</p>${OLD}<p>a</p>`]) {
      const cached = page(body);
      await cached.compress();
      expect(gunzipSync(cached.gzip(NEW)).toString()).toBe(body.replaceAll(OLD, NEW));
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

  async function startApp() {
    const { default: express } = await import("express");
    const { cspNonce } = await import("./security");
    const app = express();
    app.use(cspNonce);
    app.use(htmlCache({ version: () => "v1", findEntry: (path) => (path === "/page" ? entry : undefined) }));
    app.use(async (_req, res) => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const nonce = res.locals.cspNonce as string;
      res.status(status).type("html");
      res.write(`<html><head><script nonce="${nonce}">1</script></head>`);
      res.end(`<body>${"Suites numériques ".repeat(200)}</body></html>`);
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it("renders once for concurrent anonymous requests, then serves every one with its own nonce", async () => {
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
      const nonces = bodies.map((body) => /nonce="([^"]+)"/.exec(body)?.[1]);
      expect(new Set(nonces).size).toBe(8);
      const gzipped = await fetch(`${base}/page`, { headers: { "accept-encoding": "gzip" } });
      expect(gzipped.headers.get("content-encoding")).toBe("gzip");
      expect(await gzipped.text()).toContain("Suites numériques");
      expect(renders).toBe(1);
    } finally {
      server.close();
    }
  });

  it("bypasses visitors with a session or toast cookie and never stores an error", async () => {
    renders = 0;
    status = 404;
    const { server, base } = await startApp();
    try {
      for (let i = 0; i < 2; i++) expect((await fetch(`${base}/page`)).headers.get("x-cache")).toBe("MISS");
      expect(renders).toBe(2);
      status = 200;
      for (const cookie of ["tremplin.session_token=abc", "tremplin_toast=xyz", "__Secure-tremplin.session_token=abc"]) {
        expect((await fetch(`${base}/page`, { headers: { cookie } })).headers.get("x-cache")).toBe("BYPASS");
      }
      expect((await fetch(`${base}/page?x=1`)).headers.get("x-cache")).toBe("BYPASS");
      expect((await fetch(`${base}/autre`)).headers.get("x-cache")).toBe("BYPASS");
      expect(renders).toBe(7);
    } finally {
      server.close();
    }
  });
});
