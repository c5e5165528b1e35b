import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";

/**
 * Hashed assets never change, so each compressible one is compressed once (brotli 11 and gzip 9, off
 * the main thread, on its first request) and kept in memory, instead of being compressed again on
 * every request by `compression`. Until its compressed forms exist, a file is served by
 * express.static and compressed on the fly as before.
 */

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".ttf": "font/ttf",
};
/** A file name of the assets folder (no folder part), with a compressible extension. */
const ASSET_NAME = /^[\w-][\w.-]*\.(?:js|css|svg|json|ttf)$/;
/** Below this size compression gains nothing worth a Content-Encoding. */
const MIN_BYTES = 1024;

type Compressed = { br: Buffer; gzip: Buffer; type: string } | "pending" | "skip";

export function precompressedAssets(assetsDir: string) {
  // The build's assets are fixed for the life of the process: only they are ever compressed and kept.
  const names = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  const files = new Map<string, Compressed>();

  async function prepare(name: string) {
    files.set(name, "pending");
    try {
      const raw = await readFile(path.join(assetsDir, name));
      if (raw.length < MIN_BYTES) {
        files.set(name, "skip");
        return;
      }
      const [br, gz] = await Promise.all([
        brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipAsync(raw, { level: 9 }),
      ]);
      files.set(name, { br, gzip: gz, type: TYPES[path.extname(name)] });
    } catch {
      // Unreadable: express.static answers.
      files.set(name, "skip");
    }
  }

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!ASSET_NAME.test(name) || !names.has(name)) return next();
    // Brotli whenever accepted (smaller than gzip), else gzip.
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : undefined;
    if (!encoding) return next();
    const entry = files.get(name);
    if (entry === undefined) void prepare(name);
    if (typeof entry !== "object") return next();
    const body = entry[encoding];
    res.setHeader("Content-Type", entry.type);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    // `compression` leaves responses that already carry a Content-Encoding alone.
    res.setHeader("Content-Encoding", encoding);
    res.vary("Accept-Encoding");
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  };
  /** Compresses a file ahead of its first request (tests). */
  return Object.assign(middleware, { warm: (name: string) => (names.has(name) ? prepare(name) : Promise.resolve()) });
}
