import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./precompressed-assets";

describe("precompressedAssets", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tremplin-assets-"));
  const script = `export const x = ${JSON.stringify("Suites numériques ".repeat(500))};\n`;
  writeFileSync(path.join(dir, "entry-Ab12.js"), script);
  writeFileSync(path.join(dir, "tiny-Cd34.js"), "export {};\n");
  const assets = precompressedAssets(dir);
  const app = express();
  app.use("/assets", assets, (_req, res) => res.status(404).send("static"));
  let server: ReturnType<typeof app.listen>;
  let base = "";

  beforeAll(async () => {
    await assets.warm("entry-Ab12.js");
    await assets.warm("tiny-Cd34.js");
    server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function raw(url: string, acceptEncoding: string) {
    // node:http, so that the body arrives as sent (fetch would decode it).
    const { request } = await import("node:http");
    return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });
  }

  it("serves brotli when accepted, else gzip, with immutable caching", async () => {
    const br = await raw(`${base}/entry-Ab12.js`, "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await raw(`${base}/entry-Ab12.js`, "gzip, deflate");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it("leaves small files, unknown files and clients without compression to express.static", async () => {
    for (const [file, encoding] of [
      ["tiny-Cd34.js", "br"],
      ["absent-Ef56.js", "br"],
      ["%2e%2e%2fsecret.js", "br"],
      ["entry-Ab12.js", "identity"],
    ]) {
      const response = await raw(`${base}/${file}`, encoding);
      expect(response.body.toString(), file).toBe("static");
    }
  });
});
