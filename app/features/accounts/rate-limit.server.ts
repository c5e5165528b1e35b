import { sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";

/**
 * Fixed-window rate limits kept in the database, so every instance shares them. Keys combine the
 * action with the client IP or the account (e.g. "signin:ip:203.0.113.7", "signin:account:a@b.fr").
 */
export interface RateRule {
  max: number;
  windowSeconds: number;
}

export const RATE_RULES = {
  signinIp: { max: 20, windowSeconds: 15 * 60 },
  signinAccount: { max: 5, windowSeconds: 15 * 60 },
  signupIp: { max: 5, windowSeconds: 60 * 60 },
  recoveryIp: { max: 5, windowSeconds: 60 * 60 },
  recoveryAccount: { max: 3, windowSeconds: 60 * 60 },
  otpIp: { max: 10, windowSeconds: 15 * 60 },
  otpAccount: { max: 5, windowSeconds: 15 * 60 },
  /** Codes sent by e-mail to sign in: per client IP and per address (whether or not it has an account). */
  codeRequestIp: { max: 10, windowSeconds: 15 * 60 },
  codeRequestAccount: { max: 3, windowSeconds: 15 * 60 },
  /** « Renvoyer l'e-mail » of the address confirmation: one a minute, five an hour. */
  verificationMailCooldown: { max: 1, windowSeconds: 60 },
  verificationMailAccount: { max: 5, windowSeconds: 60 * 60 },
  /** Requests to move an account to a new address (each sends a code to that address). */
  emailChangeAccount: { max: 5, windowSeconds: 60 * 60 },
  /** Single sign-on flows started (each writes an OAuth state). */
  ssoIp: { max: 30, windowSeconds: 15 * 60 },
  accessCodeAccount: { max: 10, windowSeconds: 60 * 60 },
  /** Password checks behind a session (/compte: 2FA on or off, password change, deletion). */
  passwordAccount: { max: 5, windowSeconds: 15 * 60 },
  /** Phone changes on /compte: each says whether a number is taken. */
  phoneChangeAccount: { max: 5, windowSeconds: 60 * 60 },
  /** Public forms (contact, coaching request, teacher application, review): per client IP and per e-mail. */
  publicFormIp: { max: 10, windowSeconds: 60 * 60 },
  publicFormEmail: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

export class RateLimitedError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super(rateLimitMessage(retryAfterSeconds));
  }
}

export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Trop de tentatives. Réessayez dans ${minutes} ${minutes > 1 ? "minutes" : "minute"}.`;
}

/** Counts one attempt atomically; throws RateLimitedError once the window's budget is spent. */
export async function hit(key: string, rule: RateRule): Promise<void> {
  const db = await getDb();
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute(sql`
    insert into rate_limit_buckets (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limit_buckets.window_started_at <= now() - ${window}::interval then 1 else rate_limit_buckets.count + 1 end,
      window_started_at = case when rate_limit_buckets.window_started_at <= now() - ${window}::interval then now() else rate_limit_buckets.window_started_at end
    returning count, extract(epoch from (window_started_at + ${window}::interval - now()))::int as retry_after`);
  const row = (result as unknown as { rows: { count: number; retry_after: number }[] }).rows[0];
  if (row.count > rule.max) throw new RateLimitedError(row.retry_after);
}

/** Forgets an account's failures after a success (the IP budget is kept). */
export async function reset(key: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`delete from rate_limit_buckets where key = ${key}`);
}

/**
 * Claims a one-time use of `key` for `windowSeconds`, atomically across instances: false when it was
 * already claimed within that time (e.g. a TOTP code already used).
 */
export async function claimOnce(key: string, windowSeconds: number): Promise<boolean> {
  try {
    await hit(key, { max: 1, windowSeconds });
    return true;
  } catch (error) {
    if (error instanceof RateLimitedError) return false;
    throw error;
  }
}

/** Gives back a claim (the use it was taken for did not happen). */
export const release = reset;
