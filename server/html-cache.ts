import { crc32, deflateRaw } from "node:zlib";
import { promisify } from "node:util";
import type { NextFunction, Request, Response } from "express";
import type { CatalogEntry } from "../app/catalog/types";
import { isPublicEntry } from "../app/features/access/policy";
import { hasPersonalCookie } from "./private-responses";

/**
 * Rendered HTML of public pages, cached in process memory for anonymous visitors (issue #6).
 *
 * - Only GET/HEAD document requests without a query string, for catalogue pages that are neither
 *   protected nor in an access section, from a visitor who sends no session or toast cookie.
 * - Only 200 text/html responses without Set-Cookie are stored. Signed-in pages are never stored
 *   and never served from here.
 * - The CSP nonce stays per response: the body is stored split around the nonce of the render
 *   that filled the entry, and every hit joins the pieces around the hit's own fresh nonce (the
 *   one helmet already wrote into this response's CSP header).
 * - Keys carry the build version (a new deploy starts from an empty cache anyway: the cache lives
 *   in the server process), entries expire after a TTL and the cache is bounded (LRU).
 *
 * Responses carry `X-Cache: HIT`, `MISS` or `BYPASS`.
 */

const deflateRawAsync = promisify(deflateRaw);

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

// ── gzip assembled around a nonce ───────────────────────────────────────────────────────────────

const CRC_POLY = 0xedb88320;

/** (a · b) mod p in GF(2), p the CRC-32 polynomial (zlib's multmodp). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p = (p ^ b) >>> 0;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? ((b >>> 1) ^ CRC_POLY) >>> 0 : b >>> 1;
  }
  return p >>> 0;
}

const X2N_TABLE = (() => {
  const table = new Array<number>(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multModP(p, p);
  return table;
})();

/** x^(n · 2^k) mod p. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multModP(X2N_TABLE[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** The operator that appends |B| bytes to a CRC: depends on the length only, so it is computed once. */
function crcShift(lengthB: number): number {
  return x2nModP(lengthB, 3);
}

/** CRC-32 of A·B from crc(A), crc(B) and |B| (zlib's crc32_combine), without reading A or B. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number, shift = crcShift(lengthB)): number {
  return (multModP(shift, crcA) ^ crcB) >>> 0;
}

/** A deflate "stored" block (BFINAL = 0) holding `data` verbatim; the stream is byte-aligned before it. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.from([0, data.length & 0xff, data.length >>> 8, ~data.length & 0xff, (~data.length >>> 8) & 0xff]);
  return Buffer.concat([header, data]);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 0xff]);

/**
 * A stored page: the body cut at each occurrence of the nonce of the render that produced it. Each
 * piece is deflated on its own (no back-reference crosses a nonce), the middle ones ending with a
 * sync flush (byte-aligned, not final), so a gzip body is the pieces' deflate streams with the hit's
 * nonce in stored blocks between them, and a CRC-32 combined from the pieces' CRCs.
 */
export class CachedPage {
  readonly pieces: Buffer[];
  readonly rawLength: number;
  private deflated: Buffer[] | undefined;
  private readonly crcs: number[];
  private readonly shifts: number[];
  private readonly nonceShift: number;

  constructor(
    body: Buffer,
    readonly nonce: string,
    readonly headers: Record<string, string | string[]>,
    readonly storedAt: number,
  ) {
    const needle = Buffer.from(nonce);
    const pieces: Buffer[] = [];
    let from = 0;
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
      pieces.push(body.subarray(from, at));
      from = at + needle.length;
    }
    pieces.push(body.subarray(from));
    this.pieces = pieces;
    this.rawLength = body.length - (pieces.length - 1) * needle.length;
    this.crcs = pieces.map((piece) => crc32(piece));
    this.shifts = pieces.map((piece) => crcShift(piece.length));
    // Every nonce is 16 random bytes in base64: the same length as the stored one.
    this.nonceShift = crcShift(needle.length);
  }

  get bytes(): number {
    return this.rawLength + (this.deflated?.reduce((sum, part) => sum + part.length, 0) ?? 0);
  }

  get hasGzip(): boolean {
    return this.deflated !== undefined;
  }

  /**
   * Compresses the pieces once (level 9, off the main thread). Each piece is deflated with the 32 KB
   * before it as preset dictionary, so it compresses about as well as in one stream; in that
   * dictionary the nonces are NUL bytes, which HTML never contains, so no back-reference can reach
   * the bytes that change from hit to hit (a piece holding a NUL gets no dictionary).
   */
  async compress(): Promise<void> {
    const last = this.pieces.length - 1;
    const masked = Buffer.concat(
      this.pieces.flatMap((piece, index) => (index < last ? [piece, Buffer.alloc(this.nonce.length)] : [piece])),
    );
    let offset = 0;
    this.deflated = await Promise.all(
      this.pieces.map((piece, index) => {
        const start = offset;
        offset += piece.length + this.nonce.length;
        const dictionary = start > 0 && !piece.includes(0) ? masked.subarray(Math.max(0, start - 32 * 1024), start) : undefined;
        const deflated = deflateRawAsync(piece, {
          level: 9,
          memLevel: 9,
          ...(dictionary ? { dictionary } : {}),
          ...(index < last ? { finishFlush: 2 /* Z_SYNC_FLUSH */ } : {}),
        });
        // zlib answers with a view into its 16 KB output chunk: kept as it is, each piece would hold
        // the whole chunk (5 to 10 times the bytes counted against maxBytes). Keep a copy of its size.
        return deflated.then((view) => Buffer.from(view));
      }),
    );
  }

  raw(nonce: string): Buffer {
    const needle = Buffer.from(nonce);
    const parts: Buffer[] = [];
    this.pieces.forEach((piece, index) => {
      if (index > 0) parts.push(needle);
      parts.push(piece);
    });
    return Buffer.concat(parts);
  }

  gzip(nonce: string): Buffer {
    if (!this.deflated) throw new Error("Page not compressed yet");
    const needle = Buffer.from(nonce);
    if (needle.length !== this.nonce.length) throw new Error("A nonce of another length");
    const nonceBlock = storedBlock(needle);
    const nonceCrc = crc32(needle);
    const parts: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    this.deflated.forEach((part, index) => {
      if (index > 0) {
        parts.push(nonceBlock);
        crc = crc32Combine(crc, nonceCrc, needle.length, this.nonceShift);
      }
      parts.push(part);
      crc = crc32Combine(crc, this.crcs[index], this.pieces[index].length, this.shifts[index]);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc, 0);
    trailer.writeUInt32LE((this.rawLength + (this.pieces.length - 1) * needle.length) % 2 ** 32, 4);
    parts.push(trailer);
    return Buffer.concat(parts);
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

  /** Counts a page's gzip pieces once they exist (if the page is still the one stored). */
  recount(key: string, page: CachedPage): void {
    const entry = this.entries.get(key);
    if (entry?.page !== page) return;
    this.bytes += page.bytes - entry.size;
    entry.size = page.bytes;
    this.evict();
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
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
    const nonce = res.locals.cspNonce as string;
    const page = cache.get(key) ?? (await inflight.get(key));
    if (page) return sendHit(req, res, page, nonce);

    res.setHeader("X-Cache", "MISS");
    if (req.method !== "GET" || inflight.has(key)) return next();
    let settle!: (page: CachedPage | undefined) => void;
    const filling = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
    inflight.set(key, filling);
    const done = (stored: CachedPage | undefined) => {
      if (inflight.get(key) === filling) inflight.delete(key);
      settle(stored);
    };
    // Headers set before the render (helmet's, X-Cache) belong to each response: never replayed.
    const setBefore = new Set(res.getHeaderNames());
    captureBody(res, (body) => {
      if (!body) return done(undefined);
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined || NOT_REPLAYED.has(name) || setBefore.has(name)) continue;
        headers[name] = typeof value === "number" ? String(value) : value;
      }
      const stored = new CachedPage(body, nonce, headers, now());
      // Stored once compressed, so that hits never compress the page again; raw if that failed.
      stored
        .compress()
        .catch((error: unknown) => console.error("HTML cache: compression failed", error))
        .finally(() => {
          cache.set(key, stored);
          done(stored);
        });
    });
    next();
  };
  return Object.assign(middleware, { cache });
}

function sendHit(req: Request, res: Response, page: CachedPage, nonce: string) {
  res.status(200);
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader("X-Cache", "HIT");
  res.vary("Accept-Encoding");
  let body: Buffer;
  if (page.hasGzip && nonce.length === page.nonce.length && req.acceptsEncodings("gzip")) {
    body = page.gzip(nonce);
    // `compression` leaves responses that already carry a Content-Encoding alone.
    res.setHeader("Content-Encoding", "gzip");
  } else {
    body = page.raw(nonce);
  }
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Tees what the render writes; once the response is over, calls `settled` with the whole body if
 * the response may be stored, else with undefined (status, Set-Cookie, type, aborted…).
 */
function captureBody(res: Response, settled: (body: Buffer | undefined) => void) {
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: Chunk, ...rest: unknown[]) {
    if (chunk != null) chunks.push(toBuffer(chunk, rest[0]));
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    if (chunk != null && typeof chunk !== "function") chunks.push(toBuffer(chunk as Chunk, rest[0]));
    return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response["end"];
  let finished = false;
  res.once("finish", () => {
    finished = true;
    const type = String(res.getHeader("content-type") ?? "");
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    const body = Buffer.concat(chunks);
    const storable =
      res.statusCode === 200 &&
      res.getHeader("set-cookie") === undefined &&
      type.startsWith("text/html") &&
      !/no-store|private/.test(cacheControl) &&
      body.length > 0 &&
      // React's marker of a boundary that failed on the server and renders in the browser.
      !body.includes("<!--$!-->");
    settled(storable ? body : undefined);
  });
  // A response cut short (client gone) never finishes: release the requests waiting for it.
  res.once("close", () => {
    if (!finished) settled(undefined);
  });
}
