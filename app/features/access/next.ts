const BASE = "http://tremplin.invalid";
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/**
 * Whether a string, as written and once decoded, is a path of this site: one "/", then anything but
 * a second "/" or a "\", no scheme, no control character.
 */
function isSameSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || FORBIDDEN.test(value)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  return !decoded.startsWith("//") && !FORBIDDEN.test(decoded) && !/^\/*[a-z][a-z0-9+.-]*:/i.test(decoded);
}

/**
 * `next` is accepted only as a same-site relative path: it starts with one "/", not "//" or "/\",
 * carries no scheme and no control character, even once decoded. Anything else becomes "/".
 *
 * The check is made on the value as given AND on the value returned: URL parsing removes dot
 * segments (`/.//host`, `/%2e//host`), which can turn a harmless path into `//host`. What is returned
 * is what redirects and links use, so it must pass the same check, and be stable (normalising it
 * again changes nothing).
 */
export function safeNext(raw: unknown): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return "/";
  if (!isSameSitePath(raw)) return "/";
  const url = new URL(raw, BASE);
  if (url.origin !== BASE) return "/";
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  if (!isSameSitePath(normalised)) return "/";
  const again = new URL(normalised, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== normalised) return "/";
  return normalised;
}

/** The path and query of a request, as `next` carries it. */
export function requestPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function loginUrl(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

export function restrictedUrl(next: string, section: "python" | "maths"): string {
  return `/acces-restreint?next=${encodeURIComponent(next)}&section=${section}`;
}
