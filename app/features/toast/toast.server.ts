import { createCookie, redirect } from "react-router";
import { getConfig, getSessionSecret } from "../../config.server";
import { type Toast, toastSchema } from "./toast";

/** A one-shot toast carried by a signed cookie across a redirect, read and cleared by the root loader. */
let toastCookie: ReturnType<typeof createCookie> | undefined;
function getToastCookie() {
  toastCookie ??= createCookie("tremplin_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getConfig().isHttps,
    secrets: [getSessionSecret()],
    maxAge: 60,
  });
  return toastCookie;
}

export async function toastHeader(toast: Toast): Promise<string> {
  return getToastCookie().serialize(toast);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const cookie = getToastCookie();
  const raw = await cookie.parse(request.headers.get("Cookie"));
  if (!raw) return { toast: null, clearHeader: null };
  const parsed = toastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, clearHeader: await cookie.serialize("", { maxAge: 0 }) };
}
