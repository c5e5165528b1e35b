/**
 * `next` is accepted only as a same-site relative path: it starts with one "/", not "//" or "/\",
 * carries no scheme and no control character, even once decoded. Anything else becomes "/".
 */
export function safeNext(raw: unknown): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return "/";
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  // eslint-disable-next-line no-control-regex
  const forbidden = /[\u0000-\u001f\u007f\\]/;
  if (forbidden.test(raw)) return "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return "/";
  }
  if (decoded.startsWith("//") || decoded.startsWith("/\\") || forbidden.test(decoded) || /^\/*[a-z][a-z0-9+.-]*:/i.test(decoded))
    return "/";
  const base = "http://tremplin.invalid";
  const url = new URL(raw, base);
  if (url.origin !== base) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
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
