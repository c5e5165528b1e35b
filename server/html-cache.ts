import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { CatalogEntry } from "../app/catalog/types";
import { isPublicEntry } from "../app/features/access/policy";
import { hasPersonalCookie } from "./private-responses";

/**
 * Rendered HTML of public pages, cached in process memory for anonymous visitors (issues #6, #12).
 *
 * - Only GET/HEAD document requests without a query string, for catalogue pages anyone may read
 *   (policy.ts), from a visitor who sends no session or toast cookie.
 * - Those pages are rendered without a CSP nonce: their Content-Security-Policy lists the SHA-256
 *   hashes of their inline scripts instead. A stored page is therefore the same bytes for everyone,
 *   compressed once (gzip and brotli, Node's zlib) and sent as it is on every hit.
 * - Only 200 text/html responses without Set-Cookie are stored. Signed-in pages are never stored
 *   and never served from here; they keep a fresh nonce per response.
 * - Keys carry the build version, entries expire after a TTL, the cache is bounded (LRU) and can be
 *   emptied when what public pages show changes (`clear`, called on a cross-instance notification).
 *
 * Responses carry `X-Cache: HIT`, `MISS` or `BYPASS`.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface HtmlCacheOptions {
  /** The build's version (React Router's `build.assets.version`). */
  version: () => Promise<string> | string;
  /** The catalogue entry of a path, if any. */
  findEntry: (pathname: string) => CatalogEntry | undefined;
  maxEntries?: number;
  /** Upper bound of the stored bytes (raw and gzip pieces). */
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

/** Headers of the render that are replayed on a hit; the others are set per response (CSP, encoding…). */
const NOT_REPLAYED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "etag",
  "set-cookie",
  "x-cache",
]);

/** Whether this request may be answered from, or fill, the cache. */
export function isCacheableRequest(req: Request, findEntry: HtmlCacheOptions["findEntry"]): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.originalUrl.includes("?")) return false;
  if (hasPersonalCookie(req)) return false;
  const pathname = req.path;
  if (pathname.endsWith(".data") || pathname.startsWith("/api/")) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return isPublicEntry(findEntry(decoded));
}

// ── Inline scripts and their hashes ─────────────────────────────────────────────────────────────

/**
 * The inline scripts of a page we rendered. By the HTML parsing rules a script's text ends at the first
 * `</script`; React and React Router escape `<` inside the data they inline, so the pattern below finds
 * exactly what the browser runs.
 */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script/gi;

/** CSP sources (`'sha256-…'`) of every distinct inline script of the page, in order of appearance. */
export function inlineScriptHashes(html: string): string[] {
  const sources = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT))
    sources.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  return [...sources];
}

/** The response's CSP with its nonce source replaced by the hashes of the page's inline scripts. */
export function policyWithHashes(policy: string, nonce: string, hashes: readonly string[]): string {
  return policy.replace(` 'nonce-${nonce}'`, hashes.length ? ` ${hashes.join(" ")}` : "");
}

/** A stored page: the body as rendered, and the same bytes compressed once by each encoding. */
export class CachedPage {
  private encoded: { br: Buffer; gzip: Buffer } | undefined;

  constructor(
    readonly body: Buffer,
    readonly headers: Record<string, string | string[]>,
    readonly storedAt: number,
  ) {}

  get bytes(): number {
    return this.body.length + (this.encoded ? this.encoded.br.length + this.encoded.gzip.length : 0);
  }

  /** The body in the best encoding the client accepts, with its Content-Encoding (none: as rendered). */
  for(accepts: (encoding: string) => boolean): { body: Buffer; encoding?: "br" | "gzip" } {
    if (this.encoded && accepts("br")) return { body: this.encoded.br, encoding: "br" };
    if (this.encoded && accepts("gzip")) return { body: this.encoded.gzip, encoding: "gzip" };
    return { body: this.body };
  }

  /** Compresses the page once, in zlib's thread pool: hits never compress it again. */
  async compress(): Promise<void> {
    const [br, gz] = await Promise.all([
      brotliAsync(this.body, {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
        },
      }),
      gzipAsync(this.body, { level: 9 }),
    ]);
    // zlib may answer with a view into a larger output chunk: keep copies of their own size, so that
    // maxBytes bounds the memory really held.
    this.encoded = { br: Buffer.from(br), gzip: Buffer.from(gz) };
  }
}

// ── The cache ──────────────────────────────────────────────────────────────────────────────────

export class HtmlCache {
  /** Insertion order is recency order (least recently used first); `size` is what was counted. */
  private readonly entries = new Map<string, { page: CachedPage; size: number }>();
  private bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.page.storedAt > this.ttlMs) {
      this.bytes -= entry.size;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.page;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    if (page.bytes > this.maxBytes / 2) return;
    this.entries.set(key, { page, size: page.bytes });
    this.bytes += page.bytes;
    this.evict();
  }

  /** Bumped by `clear`: a render that started before is not stored (it may show what changed). */
  generation = 0;

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation++;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.bytes -= entry.size;
    }
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.size;
    }
  }
}

type Chunk = string | Buffer | Uint8Array;

function toBuffer(chunk: Chunk, encoding?: unknown): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Express middleware placed just before React Router's request handler. */
export function htmlCache(options: HtmlCacheOptions) {
  const now = options.now ?? Date.now;
  const cache = new HtmlCache(options.maxEntries ?? 500, options.maxBytes ?? 64 * 1024 * 1024, options.ttlMs ?? 5 * 60_000, now);
  // One render per key at a time: requests arriving meanwhile wait for it (no stampede of renders
  // when an entry is missing or expired), then are served from the stored page.
  const inflight = new Map<string, Promise<CachedPage | undefined>>();

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if (!isCacheableRequest(req, options.findEntry)) {
      res.setHeader("X-Cache", "BYPASS");
      return next();
    }
    let key: string;
    try {
      key = `${await options.version()}:${req.path}`;
    } catch (error) {
      return next(error);
    }
    const page = cache.get(key) ?? (await inflight.get(key));
    if (page) return sendHit(req, res, page);

    res.setHeader("X-Cache", "MISS");
    // Rendered without a nonce: the policy will list the hashes of the page's inline scripts.
    const nonce = res.locals.cspNonce as string;
    res.locals.cspNonce = undefined;
    if (req.method !== "GET" || inflight.has(key)) {
      withholdBody(res, (body) => hashScripts(res, nonce, body));
      return next();
    }
    let settle!: (page: CachedPage | undefined) => void;
    const filling = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
    inflight.set(key, filling);
    const done = (stored: CachedPage | undefined) => {
      if (inflight.get(key) === filling) inflight.delete(key);
      settle(stored);
    };
    // Headers set before the render (helmet's, X-Cache) belong to each response: never replayed.
    const setBefore = new Set(res.getHeaderNames());
    const generation = cache.generation;
    withholdBody(res, (body) => {
      hashScripts(res, nonce, body);
      if (!isStorable(res, body)) return done(undefined);
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined || NOT_REPLAYED.has(name) || (setBefore.has(name) && name !== "content-security-policy")) continue;
        headers[name] = typeof value === "number" ? String(value) : value;
      }
      const stored = new CachedPage(body, headers, now());
      stored
        .compress()
        .catch((error: unknown) => console.error("HTML cache: compression failed", error))
        .finally(() => {
          // Emptied meanwhile: neither stored nor given to the requests waiting for it.
          if (cache.generation !== generation) return done(undefined);
          cache.set(key, stored);
          done(stored);
        });
    });
    res.once("close", () => {
      if (!res.writableFinished) done(undefined);
    });
    next();
  };
  return Object.assign(middleware, { cache });
}

/** Replaces the nonce of the response's policy with the hashes of the inline scripts of its HTML body. */
function hashScripts(res: Response, nonce: string, body: Buffer) {
  const policy = res.getHeader("content-security-policy");
  if (typeof policy !== "string") return;
  const html = String(res.getHeader("content-type") ?? "").startsWith("text/html") ? body.toString("utf8") : "";
  res.setHeader("Content-Security-Policy", policyWithHashes(policy, nonce, inlineScriptHashes(html)));
}

function isStorable(res: Response, body: Buffer): boolean {
  const type = String(res.getHeader("content-type") ?? "");
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return (
    res.statusCode === 200 &&
    res.getHeader("set-cookie") === undefined &&
    type.startsWith("text/html") &&
    !/no-store|private/.test(cacheControl) &&
    body.length > 0 &&
    // React's marker of a boundary that failed on the server and renders in the browser.
    !body.includes("<!--$!-->")
  );
}

function sendHit(req: Request, res: Response, page: CachedPage) {
  res.status(200);
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader("X-Cache", "HIT");
  res.vary("Accept-Encoding");
  const { body, encoding } = page.for((name) => req.acceptsEncodings(name) === name);
  // `compression` leaves responses that already carry a Content-Encoding alone.
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Holds back what the render writes until it ends, so that the policy, which depends on the whole
 * body, is set before the first byte leaves; then `ready` sees the body and the response is sent.
 */
function withholdBody(res: Response, ready: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const end = res.end;
  res.write = function (chunk: Chunk, ...rest: unknown[]) {
    if (chunk != null) chunks.push(toBuffer(chunk, rest[0]));
    const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    if (chunk != null && typeof chunk !== "function") chunks.push(toBuffer(chunk as Chunk, rest[0]));
    const callback = [chunk, ...rest].find((arg) => typeof arg === "function");
    const body = Buffer.concat(chunks);
    ready(body);
    return (end as (...args: unknown[]) => Response).call(this, body, ...(callback ? [callback] : []));
  } as Response["end"];
}
