import { browserRequest } from "./accounts";

/** What a route returned: data() gives { data, init }, a plain object is a 200. */
export function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  const value = result as { data?: Record<string, unknown>; init?: { status?: number } | null };
  if (value && typeof value === "object" && "data" in value && "init" in value)
    return { status: value.init?.status ?? 200, body: value.data! };
  return { status: 200, body: result as Record<string, unknown> };
}

/** A form sent by a browser: URL-encoded fields, or multipart when a value is a File. */
export function formRequest(path: string, cookie: string, fields: Record<string, string | File | (string | File)[]>): Request {
  const multipart = Object.values(fields)
    .flat()
    .some((value) => typeof value !== "string");
  const body = multipart ? new FormData() : new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const item of [value].flat()) (body as FormData).append(key, item as string | Blob);
  return browserRequest(path, cookie, { method: "POST", body });
}

/** The arguments React Router gives a loader or an action of `pattern` for this request. */
export function routeArgs(request: Request, pattern: string, params: Record<string, string | undefined> = {}) {
  return { request, pattern, params, context: {} } as never;
}
