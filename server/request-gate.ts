import type { NextFunction, Request, Response } from "express";

/**
 * The first check of every request, before anything reads its body (issue #10):
 *
 * - methods: GET, HEAD and POST only (TRACE, PUT, DELETE… get 405 with `Allow`);
 * - bodies: a limit per kind of route, checked against Content-Length before a byte of the body is read
 *   (413, and the connection is closed instead of reading the rest); a body without a declared length
 *   gets 411, since it could only be limited by reading it;
 * - content types: page actions take forms, JSON APIs take JSON (400 otherwise).
 *
 * Answers are short French messages: JSON for the APIs, plain text elsewhere.
 */

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

/** Kinds of routes that take a body, each with its own size limit and content types. */
export const BODY_KINDS = {
  /** Page actions: every form of the site (sign-in, account, quiz answers…) is a few kilobytes. */
  form: { limit: 64 * 1024, types: ["application/x-www-form-urlencoded", "multipart/form-data"] },
  /** JSON APIs (/api/*): review-deck merges and activity records, bounded by their schemas. */
  json: { limit: 256 * 1024, types: ["application/json"] },
  /**
   * File uploads: a route that takes files is listed in `uploads`, with its own limit (UPLOAD_MAX_MB and
   * the form around it). Its other forms (removing a file…) are plain forms, held to the form limit.
   */
  upload: { limit: 10 * 1024 * 1024, types: ["multipart/form-data"] },
} as const;

export type BodyKind = keyof typeof BODY_KINDS;

export interface UploadRoute {
  prefix: string;
  limit: number;
}

/** Which kind of body a path takes; `uploads` lists the upload routes by path prefix. */
export function bodyKindOf(pathname: string, uploads: readonly UploadRoute[] = []): BodyKind {
  if (uploadRouteOf(pathname, uploads)) return "upload";
  if (pathname.startsWith("/api/")) return "json";
  return "form";
}

export const GATE_MESSAGES = {
  method: "Méthode non autorisée.",
  lengthRequired: "La taille de la requête doit être indiquée (en-tête Content-Length).",
  tooLarge: (limit: number) => `Requête trop volumineuse\u00a0: ${formatSize(limit)} au plus.`,
  unsupportedType: "Format de requête non pris en charge.",
  bodyNotExpected: "Cette requête ne doit pas contenir de corps.",
} as const;

function formatSize(bytes: number): string {
  // An upload's limit is its files' plus the form around them: shown as the files' whole megabytes.
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))}\u00a0Mo` : `${bytes / 1024}\u00a0Ko`;
}

function refuse(res: Response, status: number, message: string, json: boolean) {
  res.status(status).set("Cache-Control", "no-store");
  if (json) res.json({ error: message });
  else res.type("text/plain; charset=utf-8").send(message);
}

/** The upload route of a path: the prefix itself, its data request once hydrated (`prefix.data`), or below it. */
function uploadRouteOf(pathname: string, uploads: readonly UploadRoute[]): UploadRoute | undefined {
  return uploads.find(({ prefix }) => pathname === prefix || pathname === `${prefix}.data` || pathname.startsWith(`${prefix}/`));
}

export function requestGate(options: { uploads?: readonly UploadRoute[] } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const json = req.path.startsWith("/api/");
    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
      res.set("Allow", ALLOWED_METHODS.join(", "));
      return refuse(res, 405, GATE_MESSAGES.method, json);
    }
    const declared = req.headers["content-length"];
    if (declared === undefined && req.headers["transfer-encoding"] === undefined) return next();
    if (req.method !== "POST") {
      // A GET or HEAD never needs a body: one is refused rather than read.
      if (declared === "0") return next();
      res.set("Connection", "close");
      return refuse(res, 400, GATE_MESSAGES.bodyNotExpected, json);
    }
    const upload = uploadRouteOf(req.path, options.uploads ?? []);
    const kind =
      upload && req.is(BODY_KINDS.upload.types[0]) ? { ...BODY_KINDS.upload, limit: upload.limit } : BODY_KINDS[bodyKindOf(req.path)];
    if (declared === undefined) {
      res.set("Connection", "close");
      return refuse(res, 411, GATE_MESSAGES.lengthRequired, json);
    }
    const length = Number(declared);
    if (length > kind.limit) {
      // Answer now and close: the rest of the body is never read, let alone buffered.
      res.set("Connection", "close");
      return refuse(res, 413, GATE_MESSAGES.tooLarge(kind.limit), json);
    }
    if (length > 0 && !req.is([...kind.types])) return refuse(res, 400, GATE_MESSAGES.unsupportedType, json);
    next();
  };
}
