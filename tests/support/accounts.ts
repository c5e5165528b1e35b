import { eq } from "drizzle-orm";
import { getDb, setDatabase } from "../../db/client.server";
import { user } from "../../db/schema";
import { registerAccount } from "../../app/features/accounts/accounts.server";
import type { SessionUser } from "../../app/features/accounts/session.server";
import { openTestDatabase } from "./database";

export const SITE = "http://localhost:3000";

/** Opens a fresh database and makes it the one the app's server code uses. */
export async function useTestDatabase() {
  const handle = await openTestDatabase();
  setDatabase(Promise.resolve(handle));
  return handle;
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookiesFrom(headers: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0], pair] as const),
  );
  for (const cookie of headers.getSetCookie()) {
    const pair = cookie.split(";")[0];
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    if (value === "" || /max-age=0/i.test(cookie)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

export function browserRequest(path: string, cookie = "", init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  headers.set("Origin", SITE);
  headers.set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36");
  return new Request(`${SITE}${path}`, { ...init, headers });
}

/** What a loader threw: the redirect's Location. */
export async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return thrown.headers.get("Location");
    throw thrown;
  }
}

let students = 0;
/**
 * A new account made through the sign-up flow, described as its session would be (a plain `user`), with
 * its cookie. Each call signs up from its own address, so the per-IP sign-up limit never interferes.
 * The address counts as confirmed (as after the link of the sign-up e-mail) unless `emailVerified` is false.
 */
export async function registerStudent(firstName: string, { emailVerified = true } = {}): Promise<SessionUser & { cookie: string }> {
  const n = ++students;
  const email = `eleve.${Date.now().toString(36)}.${n}@example.com`;
  const ip = `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const result = await registerAccount({ firstName, email, password: "violon-nuage-cerise-42" }, browserRequest("/register"), ip);
  if (!result.ok) throw new Error(result.message);
  if (emailVerified) await (await getDb()).update(user).set({ emailVerified: true }).where(eq(user.id, result.userId));
  return {
    id: result.userId,
    email,
    firstName,
    phoneNumber: null,
    role: "user",
    twoFactorEnabled: false,
    emailVerified,
    cookie: cookiesFrom(result.headers),
  };
}
