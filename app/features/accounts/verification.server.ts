import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { user as userTable } from "../../../db/schema";
import { type Failure, authErrorMessage } from "./accounts.server";
import { getAuth } from "./auth.server";
import { RATE_RULES, RateLimitedError, claimOnce, hit } from "./rate-limit.server";
import { forwardCookies } from "./session.server";
import { sendEmailChangedNotice } from "./verification-mail.server";
import { VERIFICATION_MESSAGES } from "./verification-messages";

export { VERIFICATION_MESSAGES };

/**
 * E-mail verification (issue #27). An account works for studying from sign-up; joining a teacher's class
 * and publishing a review wait until its address is proven, by the link or the code of the confirmation
 * e-mail, by a sign-in code, or by a password reset.
 */

const COOLDOWN_KEY = (userId: string) => `verify-mail:cooldown:${userId}`;

/** The confirmation mail sent at sign-up starts the cooldown of « Renvoyer l'e-mail ». */
export async function startVerificationCooldown(userId: string): Promise<void> {
  await claimOnce(COOLDOWN_KEY(userId), RATE_RULES.verificationMailCooldown.windowSeconds);
}

export async function isEmailVerified(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ verified: userTable.emailVerified }).from(userTable).where(eq(userTable.id, userId));
  return row?.verified ?? false;
}

/** The link of the confirmation e-mail. It needs no session: the mail may be opened on another device. */
export async function verifyEmailLink(token: string): Promise<{ ok: true } | Failure> {
  try {
    const auth = await getAuth();
    await auth.api.verifyEmail({ query: { token } });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, message: VERIFICATION_MESSAGES.linkInvalid };
    throw error;
  }
}

/** The 6-digit code of the confirmation e-mail, typed on /compte. */
export async function verifyEmailCode(
  user: { id: string; email: string },
  code: string,
  clientIp: string,
): Promise<{ ok: true } | Failure> {
  try {
    await hit(`otp:ip:${clientIp}`, RATE_RULES.otpIp);
    await hit(`verify-code:account:${user.id}`, RATE_RULES.otpAccount);
    const auth = await getAuth();
    await auth.api.verifyEmailOTP({ body: { email: user.email, otp: code } });
    return { ok: true };
  } catch (error) {
    const message = authErrorMessage(error, "Une erreur s'est produite");
    return { ok: false, message, fieldErrors: { code: message } };
  }
}

/** « Renvoyer l'e-mail »: a new link and a new code, at most once a minute and five times an hour. */
export async function resendVerificationEmail(request: Request, user: { id: string; email: string }): Promise<{ ok: true } | Failure> {
  if (await isEmailVerified(user.id)) return { ok: false, message: VERIFICATION_MESSAGES.alreadyVerified };
  try {
    await hit(COOLDOWN_KEY(user.id), RATE_RULES.verificationMailCooldown);
    await hit(`verify-mail:account:${user.id}`, RATE_RULES.verificationMailAccount);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const seconds = error.retryAfterSeconds;
    return { ok: false, message: seconds <= 60 ? VERIFICATION_MESSAGES.cooldown(Math.max(1, seconds)) : error.message };
  }
  const auth = await getAuth();
  await auth.api.sendVerificationEmail({ body: { email: user.email }, headers: request.headers });
  return { ok: true };
}

/**
 * First step of an address change: a code goes to the new address; the account keeps its address until
 * the code is typed. An address taken by another account gets no mail (better-auth answers the same), so
 * the form cannot be used to learn who has an account.
 */
export async function requestEmailChange(request: Request, user: { id: string; email: string }, newEmail: string) {
  if (newEmail === user.email.toLowerCase())
    return { ok: false as const, message: VERIFICATION_MESSAGES.changeSame, fieldErrors: { newEmail: VERIFICATION_MESSAGES.changeSame } };
  try {
    await hit(`email-change:account:${user.id}`, RATE_RULES.emailChangeAccount);
    const auth = await getAuth();
    await auth.api.requestEmailChangeEmailOTP({ body: { newEmail }, headers: request.headers });
    return { ok: true as const };
  } catch (error) {
    const message = authErrorMessage(error, "Une erreur s'est produite");
    return { ok: false as const, message, fieldErrors: { newEmail: message } };
  }
}

/** Second step: the code proves the new address, which replaces the old one; the old one is told. */
export async function confirmEmailChange(
  request: Request,
  user: { id: string; email: string; firstName: string },
  input: { newEmail: string; code: string },
  clientIp: string,
): Promise<{ ok: true; headers: Headers } | Failure> {
  try {
    await hit(`otp:ip:${clientIp}`, RATE_RULES.otpIp);
    await hit(`email-change-code:account:${user.id}`, RATE_RULES.otpAccount);
    const auth = await getAuth();
    const { headers } = await auth.api.changeEmailEmailOTP({
      body: { newEmail: input.newEmail, otp: input.code },
      headers: request.headers,
      returnHeaders: true,
    });
    await sendEmailChangedNotice(user.email, user.firstName, input.newEmail);
    return { ok: true, headers: forwardCookies(headers) };
  } catch (error) {
    const inUse = error instanceof APIError && /already in use/i.test(String((error.body as { message?: string })?.message));
    const message = inUse ? VERIFICATION_MESSAGES.changeTaken : authErrorMessage(error, "Une erreur s'est produite");
    return { ok: false, message, fieldErrors: { code: message } };
  }
}
