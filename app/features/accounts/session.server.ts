import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-call";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { session as sessionTable, user as userTable, userRoles } from "../../../db/schema";
import { getAuth } from "./auth.server";
import { type Role, isRole } from "./roles";

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  phoneNumber: string | null;
  role: Role;
  twoFactorEnabled: boolean;
  /** Proven by the confirmation link or code, a sign-in code, a password reset or a provider that vouches for it. */
  emailVerified: boolean;
}

export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
  /** Sign-in, or the last « Confirmer votre identité »: sensitive changes need it recent (reauthentication.server.ts). */
  authenticatedAt: Date;
}

interface SessionLookup {
  session: CurrentSession | null;
  /** Set-Cookie headers of a sliding refresh, forwarded by the root loader. */
  headers: Headers;
}

// One lookup per request, shared by the root loader and the route's own guard.
const lookups = new WeakMap<Request, Promise<SessionLookup>>();

/** What the fast path needs from better-auth's configuration, read once. */
interface CookieSettings {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}
let cookieSettings: Promise<CookieSettings> | undefined;

function readCookieSettings(): Promise<CookieSettings> {
  cookieSettings ??= getAuth().then(async (auth) => {
    const context = await auth.$context;
    return {
      sessionCookie: context.authCookies.sessionToken.name,
      dontRememberCookie: context.authCookies.dontRememberToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    };
  });
  return cookieSettings;
}

/**
 * The token of a signed better-auth cookie (`token.base64(HMAC-SHA256(secret, token))`), or null when the
 * signature does not match. Node's HMAC, as better-call's WebCrypto check but without importing a key per
 * request.
 */
export function verifiedCookieValue(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const token = value.slice(0, dot);
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** The session row, its user and the user's role (newest user_roles row), in one round trip. */
async function findSessionWithRole(token: string) {
  const db = await getDb();
  const newestRole = db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userTable.id))
    .orderBy(sql`${userRoles.createdAt} desc, ${userRoles.id} desc`)
    .limit(1);
  const [row] = await db
    .select({
      sessionId: sessionTable.id,
      expiresAt: sessionTable.expiresAt,
      authenticatedAt: sessionTable.authenticatedAt,
      userId: userTable.id,
      email: userTable.email,
      name: userTable.name,
      phoneNumber: userTable.phoneNumber,
      twoFactorEnabled: userTable.twoFactorEnabled,
      emailVerified: userTable.emailVerified,
      role: sql<string | null>`(${newestRole})`,
    })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, token))
    .limit(1);
  return row;
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionWithRole>>>;

function toCurrentSession(row: SessionRow, expiresAt: Date): CurrentSession {
  return {
    sessionId: row.sessionId,
    expiresAt,
    authenticatedAt: row.authenticatedAt,
    user: {
      id: row.userId,
      email: row.email,
      firstName: row.name,
      phoneNumber: row.phoneNumber,
      twoFactorEnabled: row.twoFactorEnabled,
      emailVerified: row.emailVerified,
      role: isRole(row.role) ? row.role : "user",
    },
  };
}

/**
 * Every signed-in request runs this, so its common case is one query: the cookie's signature checked with
 * Node's HMAC, then the session, user and role read together. better-auth's getSession, which knows how
 * to clear or refresh cookies, answers the rest: a bad cookie, an expired or unknown session (cleared),
 * a session due for its daily sliding refresh (extended, its cookie sent again).
 */
async function lookup(request: Request): Promise<SessionLookup> {
  const settings = await readCookieSettings();
  const cookies = parseCookies(request.headers.get("cookie") ?? "");
  const signed = cookies.get(settings.sessionCookie);
  if (!signed) return { session: null, headers: new Headers() };
  const token = verifiedCookieValue(signed, settings.secret);
  const row = token ? await findSessionWithRole(token) : undefined;
  const now = Date.now();
  const refreshDue =
    row && !cookies.has(settings.dontRememberCookie) && row.expiresAt.getTime() - settings.expiresInMs + settings.updateAgeMs <= now;
  if (row && row.expiresAt.getTime() > now && !refreshDue) return { session: toCurrentSession(row, row.expiresAt), headers: new Headers() };
  const auth = await getAuth();
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  // better-auth finds a session only where the row above exists: its user and role are already read.
  return { session: response && row ? toCurrentSession(row, new Date(response.session.expiresAt)) : null, headers };
}

export function getSessionLookup(request: Request): Promise<SessionLookup> {
  let pending = lookups.get(request);
  if (!pending) {
    pending = lookup(request);
    lookups.set(request, pending);
  }
  return pending;
}

export async function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  return (await getSessionLookup(request)).session;
}

/** Copies the Set-Cookie headers of a better-auth call onto a response's headers. */
export function forwardCookies(from: Headers, to: Headers = new Headers()): Headers {
  for (const cookie of from.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}
