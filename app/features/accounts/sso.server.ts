import { APIError } from "better-auth/api";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { account as accountTable, user as userTable } from "../../../db/schema";
import { getConfig } from "../../config.server";
import { recordAuthActivity } from "../activity/history.server";
import { track } from "../analytics/analytics.server";
import { safeNext } from "../access/next";
import { MESSAGES, type Failure } from "./accounts.server";
import { afterSignInPath } from "./after-sign-in";
import { getAuth } from "./auth.server";
import { RATE_RULES, hit } from "./rate-limit.server";
import { forwardCookies, getCurrentSession } from "./session.server";
import { SSO_MESSAGES, type SsoProvider } from "./sso";
import { toastHeader } from "../toast/toast.server";

/**
 * Single sign-on (issue #27): Google, Microsoft, Apple and one OpenID Connect provider, each offered only
 * when the operator configured it. better-auth runs the OAuth flows (state, PKCE, nonce, token exchange);
 * our routes start them and read their outcome.
 */
export function ssoProviders(): SsoProvider[] {
  const { sso } = getConfig();
  const providers: SsoProvider[] = [];
  if (sso.google) providers.push({ id: "google", label: "Google" });
  if (sso.microsoft) providers.push({ id: "microsoft", label: "Microsoft" });
  if (sso.apple) providers.push({ id: "apple", label: "Apple" });
  if (sso.oidc) providers.push({ id: "oidc", label: sso.oidc.name });
  return providers;
}

export function findSsoProvider(id: unknown): SsoProvider | undefined {
  return ssoProviders().find((provider) => provider.id === id);
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return query.size ? `${path}?${query}` : path;
}

/** Where a provider's error sends the browser back: the page it started from, which explains it in French. */
function errorPage(path: string, provider: SsoProvider, next?: string) {
  return withQuery(path, { sso: provider.id, next: next && next !== "/" ? next : undefined });
}

async function startFlow(
  run: () => Promise<{ headers: Headers; response: { url?: string } }>,
  clientIp: string,
): Promise<{ ok: true; url: string; headers: Headers } | Failure> {
  try {
    await hit(`sso:ip:${clientIp}`, RATE_RULES.ssoIp);
    const { headers, response } = await run();
    if (!response.url) throw new Error("better-auth returned no authorization URL");
    return { ok: true, url: response.url, headers: forwardCookies(headers) };
  } catch (error) {
    if (error instanceof Error && "retryAfterSeconds" in error) return { ok: false, message: error.message };
    console.error("Single sign-on could not start.", error);
    return { ok: false, message: SSO_MESSAGES.unavailable };
  }
}

/** A sign-in with the provider (a sign-up on a first visit) that comes back to `callbackURL`. */
async function signInWith(
  request: Request,
  provider: SsoProvider,
  urls: { callbackURL: string; errorCallbackURL: string },
  clientIp: string,
) {
  const auth = await getAuth();
  return startFlow(
    () =>
      auth.api.signInSocial({
        body: { provider: provider.id, ...urls, newUserCallbackURL: urls.callbackURL, disableRedirect: true },
        headers: request.headers,
        returnHeaders: true,
      }),
    clientIp,
  );
}

/** « Continuer avec … » on /login or /register: sign-in, or sign-up on a first visit; `next` comes back. */
export function startSsoSignIn(request: Request, provider: SsoProvider, next: string, clientIp: string, from = "/login") {
  return signInWith(
    request,
    provider,
    { callbackURL: afterSignInPath(next), errorCallbackURL: errorPage(from, provider, safeNext(next)) },
    clientIp,
  );
}

/**
 * Confirming one's identity through a linked provider (accounts without a password): a new sign-in with
 * it. The session it opens replaces this one, which /compte then ends (`remplace`).
 */
export function startSsoReauthentication(request: Request, provider: SsoProvider, sessionId: string, clientIp: string) {
  return signInWith(
    request,
    provider,
    { callbackURL: withQuery("/compte", { remplace: sessionId }), errorCallbackURL: errorPage("/compte", provider) },
    clientIp,
  );
}

/** « Lier mon compte … » on /compte: the provider must vouch for the account's own address. */
export async function startSsoLink(request: Request, provider: SsoProvider, clientIp: string) {
  const auth = await getAuth();
  return startFlow(
    () =>
      auth.api.linkSocialAccount({
        body: {
          provider: provider.id,
          callbackURL: withQuery("/compte", { lie: provider.id }),
          errorCallbackURL: errorPage("/compte", provider),
          disableRedirect: true,
        },
        headers: request.headers,
        returnHeaders: true,
      }),
    clientIp,
  );
}

/** The French explanation of an error a flow came back with (`?sso=<provider>&error=<code>`). */
export function ssoErrorMessage(url: URL): string | undefined {
  const code = url.searchParams.get("error");
  const provider = findSsoProvider(url.searchParams.get("sso"));
  if (!code) return undefined;
  const label = provider?.label ?? "le fournisseur d'identité";
  return SSO_MESSAGES.error(code, label);
}

const SESSION_COOKIE = /^(?:__Secure-)?tremplin\.session_token$/;

/**
 * The callback of every provider: better-auth's handler checks the state, exchanges the code and opens
 * the session; we then record the sign-in (or the sign-up) and greet the user, or send a TOTP step.
 */
export async function handleSsoCallback(request: Request): Promise<Response> {
  const auth = await getAuth();
  const startedAt = new Date();
  const response = await auth.handler(request);
  const headers = new Headers(response.headers);
  // Two-factor authentication holds the session back: its step takes over, as after a password.
  if (response.status === 200 && response.headers.get("content-type")?.includes("application/json")) {
    const body = (await response.json().catch(() => ({}))) as { twoFactorRedirect?: boolean };
    headers.delete("content-type");
    headers.delete("content-length");
    headers.set("Location", body.twoFactorRedirect ? "/login/verification" : "/login");
    return new Response(null, { status: 302, headers });
  }
  // An error found before the OAuth state was read (a forged or replayed state) lands on /login without
  // the provider's name: the callback's path has it.
  const location = response.headers.get("Location");
  if (location) {
    const target = new URL(location, request.url);
    const providerId = new URL(request.url).pathname.split("/").pop();
    if (
      target.pathname === "/login" &&
      target.searchParams.has("error") &&
      !target.searchParams.has("sso") &&
      findSsoProvider(providerId)
    ) {
      target.searchParams.set("sso", providerId!);
      headers.set("Location", `${target.pathname}${target.search}`);
    }
  }
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => SESSION_COOKIE.test(pair.split("=")[0]) && !pair.endsWith("="));
  if (cookie) {
    const session = await getCurrentSession(new Request(request.url, { headers: { Cookie: cookie } }));
    if (session) {
      const registered = await createdSince(session.user.id, startedAt);
      await recordAuthActivity(session.user.id, "login");
      await track(registered ? "registration" : "login", session.user.id, { method: "sso" });
      headers.append(
        "Set-Cookie",
        await toastHeader(
          registered
            ? { type: "success", title: MESSAGES.registerSuccess.title, description: MESSAGES.registerSuccess.description }
            : { type: "success", title: MESSAGES.loginSuccess.title, description: MESSAGES.loginSuccess.description },
        ),
      );
    }
  }
  return new Response(response.body, { status: response.status, headers });
}

/** Whether the account was created by this very callback (a first sign-in with the provider). */
async function createdSince(userId: string, since: Date): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ createdAt: userTable.createdAt }).from(userTable).where(eq(userTable.id, userId));
  return Boolean(row && row.createdAt >= new Date(since.getTime() - 1000));
}

export interface LinkedIdentity {
  providerId: string;
  label: string;
  linkedAt: string;
}

/** The ways the user signs in: the password, and each linked provider. */
export async function listIdentities(userId: string): Promise<{ identities: LinkedIdentity[]; hasPassword: boolean }> {
  const db = await getDb();
  const rows = await db
    .select({ providerId: accountTable.providerId, createdAt: accountTable.createdAt, password: accountTable.password })
    .from(accountTable)
    .where(eq(accountTable.userId, userId))
    .orderBy(asc(accountTable.createdAt));
  const labels = new Map<string, string>(ssoProviders().map((provider) => [provider.id, provider.label]));
  return {
    hasPassword: rows.some((row) => row.providerId === "credential" && Boolean(row.password)),
    identities: rows
      .filter((row) => row.providerId !== "credential")
      .map((row) => ({
        providerId: row.providerId,
        label: labels.get(row.providerId) ?? SSO_MESSAGES.formerProvider(row.providerId),
        linkedAt: row.createdAt.toISOString(),
      })),
  };
}

/** Unlinks a provider; the last way to sign in stays (better-auth refuses it). */
export async function unlinkIdentity(request: Request, userId: string, providerId: string): Promise<{ ok: true } | Failure> {
  const db = await getDb();
  const [linked] = await db
    .select({ id: accountTable.id })
    .from(accountTable)
    .where(and(eq(accountTable.userId, userId), eq(accountTable.providerId, providerId)))
    .limit(1);
  if (!linked || providerId === "credential") return { ok: false, message: SSO_MESSAGES.notLinked };
  try {
    const auth = await getAuth();
    await auth.api.unlinkAccount({ body: { accountId: linked.id }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    const code = error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
    if (code === "FAILED_TO_UNLINK_LAST_ACCOUNT") return { ok: false, message: SSO_MESSAGES.lastWay };
    console.error(error);
    return { ok: false, message: "Une erreur s'est produite" };
  }
}
