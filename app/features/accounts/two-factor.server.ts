import { createHmac, timingSafeEqual } from "node:crypto";
import { getSessionSecret } from "../../config.server";
import { getAuth } from "./auth.server";
import { RATE_RULES, claimOnce, hit, release, reset } from "./rate-limit.server";

/**
 * What better-auth's TOTP check leaves to us (issue #10): a code completes one sign-in or confirmation
 * only (no replay within its validity), and wrong codes are capped per account, not only per IP.
 */

/** better-auth accepts the codes of the previous, current and next 30 s steps: a code lives 90 s at most. */
const CODE_LIFETIME_SECONDS = 120;

export const TWO_FACTOR_MESSAGES = {
  reused: "Ce code a déjà été utilisé. Attendez le code suivant de votre application.",
  expired: "La vérification a expiré. Reconnectez-vous.",
} as const;

const PENDING_COOKIE = /^(?:__Secure-)?tremplin\.two_factor$/;

/**
 * The account of a sign-in waiting for its second step. better-auth keeps it in a signed cookie whose
 * value names a verification row (`<identifier>.<HMAC-SHA256 in base64>`, URL-encoded); the signature is
 * checked here with the same secret before the row is read.
 */
export async function pendingTwoFactorUserId(request: Request): Promise<string | undefined> {
  const raw = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => PENDING_COOKIE.test(name ?? ""));
  if (!raw || raw.length < 2) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(raw.slice(1).join("="));
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const identifier = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", getSessionSecret()).update(identifier).digest("base64"));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
  const context = await (await getAuth()).$context;
  const row = await context.internalAdapter.findVerificationValue(identifier);
  return row && row.expiresAt > new Date() ? row.value : undefined;
}

/**
 * Runs a TOTP check for an account: counts the attempt against the account's budget (a right code
 * clears it), and claims the code before the check so that it can complete one sign-in only; a wrong
 * code gives its claim back. Throws RateLimitedError when the budget is spent, CodeReusedError when the
 * code was already used.
 */
export async function withSingleUseCode<T>(userId: string, code: string, check: () => Promise<T>): Promise<T> {
  const budget = `otp:account:${userId}`;
  await hit(budget, RATE_RULES.otpAccount);
  const claim = `totp-used:${userId}:${code}`;
  if (!(await claimOnce(claim, CODE_LIFETIME_SECONDS))) throw new CodeReusedError();
  let result: T;
  try {
    result = await check();
  } catch (error) {
    await release(claim);
    throw error;
  }
  await reset(budget);
  return result;
}

export class CodeReusedError extends Error {
  constructor() {
    super(TWO_FACTOR_MESSAGES.reused);
  }
}
