import { and, eq, ne } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { session as sessionTable } from "../../../db/schema";
import { sendEmail } from "../email/email.server";
import { type Failure, authErrorMessage } from "./accounts.server";
import { withPasswordCheck } from "./account.server";
import { getAuth } from "./auth.server";
import { RATE_RULES, hit } from "./rate-limit.server";
import type { CurrentSession } from "./session.server";

/**
 * Re-authentication (issue #27, docs/decisions/0009). Changing the address, linking or unlinking a
 * provider, exporting the data, and, for an account without a password, setting one, two-factor
 * authentication and deletion, need a sign-in or a confirmation of identity within the last 15 minutes.
 * A confirmation is the password, a code sent to the address, or a new sign-in with a linked provider.
 * (The password-protected actions of an account that has one keep asking for the password every time.)
 */
export const RECENT_AUTHENTICATION_MS = 15 * 60 * 1000;

export const REAUTH_MESSAGES = {
  required: "Pour votre sécurité, confirmez d'abord votre identité (section « Confirmer votre identité » en haut de la page).",
  confirmed: "Identité confirmée",
  confirmedDescription: "Vous pouvez modifier les réglages sensibles de votre compte pendant 15 minutes.",
  codeSent: (email: string) => `Un code de confirmation vient d'être envoyé à ${email}. Il est valable 10 minutes.`,
} as const;

export function isRecentlyAuthenticated(session: CurrentSession, now = Date.now()): boolean {
  return now - session.authenticatedAt.getTime() < RECENT_AUTHENTICATION_MS;
}

async function markAuthenticated(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.update(sessionTable).set({ authenticatedAt: new Date() }).where(eq(sessionTable.id, sessionId));
}

/** The password, checked by better-auth, under the account's shared budget of password checks. */
export async function confirmWithPassword(request: Request, session: CurrentSession, password: string): Promise<{ ok: true } | Failure> {
  try {
    const auth = await getAuth();
    await withPasswordCheck(session.user.id, () => auth.api.verifyPassword({ body: { password }, headers: request.headers }));
    await markAuthenticated(session.sessionId);
    return { ok: true };
  } catch (error) {
    const message = authErrorMessage(error, "Une erreur s'est produite");
    const text = message === "Identifiants incorrects" ? "Mot de passe incorrect." : message;
    return { ok: false, message: text, fieldErrors: { password: text } };
  }
}

/** A code sent to the account's address (better-auth's e-mail OTP, single use, 10 minutes, 5 tries). */
export async function sendConfirmationCode(session: CurrentSession): Promise<{ ok: true } | Failure> {
  try {
    await hit(`reauth-code:account:${session.user.id}`, RATE_RULES.codeRequestAccount);
    const auth = await getAuth();
    const code = await auth.api.createVerificationOTP({ body: { email: session.user.email, type: "email-verification" } });
    await sendEmail({
      to: session.user.email,
      subject: "Votre code de confirmation d'identité Tremplin",
      text: [
        "Bonjour,",
        "",
        `Pour confirmer votre identité sur la page Mon compte, saisissez ce code : ${code}`,
        "",
        "Il est valable 10 minutes. Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe : quelqu'un utilise peut-être votre session.",
        "",
        "L'équipe Tremplin",
      ].join("\n"),
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: authErrorMessage(error, "Une erreur s'est produite") };
  }
}

export async function confirmWithCode(session: CurrentSession, code: string, clientIp: string): Promise<{ ok: true } | Failure> {
  try {
    await hit(`otp:ip:${clientIp}`, RATE_RULES.otpIp);
    await hit(`reauth-check:account:${session.user.id}`, RATE_RULES.otpAccount);
    const auth = await getAuth();
    // Consumes the code; it also (re)confirms the address, which the code proves anyway.
    await auth.api.verifyEmailOTP({ body: { email: session.user.email, otp: code } });
    await markAuthenticated(session.sessionId);
    return { ok: true };
  } catch (error) {
    const message = authErrorMessage(error, "Une erreur s'est produite");
    return { ok: false, message, fieldErrors: { code: message } };
  }
}

/**
 * After a confirmation through a provider, a new session replaces the one that asked for it: the old
 * one ends, if it is the same user's.
 */
export async function endReplacedSession(session: CurrentSession, replacedId: string): Promise<void> {
  const db = await getDb();
  await db
    .delete(sessionTable)
    .where(and(eq(sessionTable.id, replacedId), eq(sessionTable.userId, session.user.id), ne(sessionTable.id, session.sessionId)));
}
