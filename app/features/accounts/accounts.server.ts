import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { account as accountTable, user as userTable } from "../../../db/schema";
import { recordAuthActivity } from "../activity/history.server";
import { track } from "../analytics/analytics.server";
import { getAuth } from "./auth.server";
import { checkPasswordStrength } from "./password-strength";
import { looksLikeEmail, normalizePhone } from "./phone";
import { RATE_RULES, RateLimitedError, hit, reset } from "./rate-limit.server";
import { forwardCookies } from "./session.server";
import { startVerificationCooldown } from "./verification.server";
import { CodeReusedError, TWO_FACTOR_MESSAGES, pendingTwoFactorUserId, withSingleUseCode } from "./two-factor.server";

export const MESSAGES = {
  loginSuccess: { title: "Connexion réussie", description: "Bon retour parmi nous !" },
  loginFailure: { title: "Erreur de connexion", fallback: "Identifiants incorrects" },
  registerSuccess: { title: "Compte créé avec succès", description: "Bienvenue sur Tremplin !" },
  registerFailure: { title: "Erreur d'inscription", fallback: "Une erreur s'est produite lors de l'inscription" },
  logoutSuccess: { title: "Déconnexion réussie", description: "À bientôt !" },
  logoutFailure: { title: "Erreur de déconnexion", fallback: "Une erreur s'est produite" },
  logoutHeaderFailure: {
    title: "Problème de déconnexion",
    description: "Veuillez réessayer. Si le problème persiste, rafraîchissez la page.",
  },
} as const;

/** The codes sent by e-mail (sign-in, address confirmation, new address). */
export const CODE_MESSAGES = {
  expired: "Ce code a expiré. Demandez-en un nouveau.",
  tooManyAttempts: "Trop d'essais pour ce code. Demandez-en un nouveau.",
  signInSent: (email: string) =>
    `Si un compte Tremplin utilise l'adresse ${email}, un code à 6 chiffres vient de lui être envoyé. Il est valable 10 minutes.`,
  passwordRemoved:
    "Votre adresse est confirmée. Le mot de passe choisi avant cette confirmation a été retiré par sécurité : définissez-en un nouveau dans Mon compte.",
} as const;

export type Failure = { ok: false; message: string; fieldErrors?: Record<string, string>; passwordReasons?: string[] };

/** The refusal of a too-weak password, or null when it is acceptable (sign-up, reset, change). */
export function weakPasswordFailure(password: string, userInputs: string[] = [], field = "password"): Failure | null {
  const strength = checkPasswordStrength(password, userInputs);
  if (strength.acceptable) return null;
  return {
    ok: false,
    message: "Mot de passe trop faible.",
    passwordReasons: strength.reasons,
    fieldErrors: { [field]: strength.reasons[0] },
  };
}

/** better-auth error codes → French messages the user can act on. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof RateLimitedError || error instanceof CodeReusedError) return error.message;
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code ?? "";
    if (code.startsWith("USER_ALREADY_EXISTS")) return "Un compte existe déjà avec cette adresse e-mail.";
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
      return "Identifiants incorrects";
    if (code === "INVALID_TWO_FACTOR_AUTHENTICATION" || code === "INVALID_CODE") return "Code incorrect.";
    if (code === "INVALID_TOKEN") return "Ce lien de réinitialisation est invalide ou a expiré.";
    if (code === "INVALID_OTP") return "Code incorrect.";
    if (code === "OTP_EXPIRED") return CODE_MESSAGES.expired;
    if (code === "TOO_MANY_ATTEMPTS") return CODE_MESSAGES.tooManyAttempts;
    if (code === "PASSWORD_TOO_SHORT") return "Le mot de passe doit contenir au moins 10 caractères.";
  }
  console.error(error);
  return fallback;
}

async function findUserByPhone(phone: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: userTable.id, email: userTable.email })
    .from(userTable)
    .where(eq(userTable.phoneNumber, phone))
    .limit(1);
  return row;
}

export async function registerAccount(
  input: { firstName: string; email: string; phone?: string; password: string },
  request: Request,
  clientIp: string,
): Promise<{ ok: true; headers: Headers; userId: string } | Failure> {
  const weak = weakPasswordFailure(input.password, [input.email, input.firstName]);
  if (weak) return weak;
  try {
    await hit(`signup:ip:${clientIp}`, RATE_RULES.signupIp);
    if (input.phone && (await findUserByPhone(input.phone))) {
      return {
        ok: false,
        message: "Ce numéro de téléphone est déjà associé à un compte.",
        fieldErrors: { phone: "Ce numéro de téléphone est déjà associé à un compte." },
      };
    }
    const auth = await getAuth();
    const { headers, response } = await auth.api.signUpEmail({
      body: { name: input.firstName, email: input.email, password: input.password, phoneNumber: input.phone ?? null },
      headers: request.headers,
      returnHeaders: true,
    });
    await track("registration", response.user.id);
    await startVerificationCooldown(response.user.id);
    return { ok: true, headers: forwardCookies(headers), userId: response.user.id };
  } catch (error) {
    const message = authErrorMessage(error, MESSAGES.registerFailure.fallback);
    await track("registration_error", null, { reason: message });
    return { ok: false, message, fieldErrors: message.startsWith("Un compte existe") ? { email: message } : undefined };
  }
}

export type SignInResult = { ok: true; headers: Headers; twoFactor: boolean; userId?: string } | Failure;

/** Sign-in by e-mail or phone number; per-IP and per-account limits; an account's failures reset on success. */
export async function signIn(input: { identifier: string; password: string }, request: Request, clientIp: string): Promise<SignInResult> {
  const fail = async (message: string): Promise<Failure> => {
    await track("login_error", null, { reason: message });
    return { ok: false, message };
  };
  const identifier = input.identifier.trim().toLowerCase();
  let email: string | undefined = looksLikeEmail(identifier) ? identifier : undefined;
  const accountKey = `signin:account:${email ?? normalizePhone(identifier) ?? identifier}`;
  try {
    await hit(`signin:ip:${clientIp}`, RATE_RULES.signinIp);
    await hit(accountKey, RATE_RULES.signinAccount);
    const auth = await getAuth();
    if (!email) {
      const phone = normalizePhone(identifier);
      email = phone ? (await findUserByPhone(phone))?.email : undefined;
      if (!email) {
        // Spend the time a password check takes, as better-auth does for an unknown e-mail: an unknown
        // number must not answer faster than a registered one.
        await (await auth.$context).password.hash(input.password);
        return fail(MESSAGES.loginFailure.fallback);
      }
    }
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await reset(accountKey);
    if ("twoFactorRedirect" in response && response.twoFactorRedirect)
      return { ok: true, twoFactor: true, headers: forwardCookies(headers) };
    const userId = (response as { user: { id: string } }).user.id;
    await recordAuthActivity(userId, "login");
    await track("login", userId);
    return { ok: true, twoFactor: false, headers: forwardCookies(headers), userId };
  } catch (error) {
    return fail(authErrorMessage(error, MESSAGES.loginFailure.fallback));
  }
}

/** Second step of a sign-in with two-factor authentication enabled. */
export async function verifySignInCode(code: string, request: Request, clientIp: string): Promise<SignInResult> {
  try {
    await hit(`otp:ip:${clientIp}`, RATE_RULES.otpIp);
    const pendingUserId = await pendingTwoFactorUserId(request);
    if (!pendingUserId) return { ok: false, message: TWO_FACTOR_MESSAGES.expired };
    const auth = await getAuth();
    const { headers, response } = await withSingleUseCode(pendingUserId, code, () =>
      auth.api.verifyTOTP({ body: { code, trustDevice: false }, headers: request.headers, returnHeaders: true }),
    );
    const userId = response.user.id;
    await recordAuthActivity(userId, "login");
    await track("login", userId, { twoFactor: true });
    return { ok: true, twoFactor: false, headers: forwardCookies(headers), userId };
  } catch (error) {
    const message = authErrorMessage(error, MESSAGES.loginFailure.fallback);
    await track("login_error", null, { reason: message, twoFactor: true });
    return { ok: false, message };
  }
}

/**
 * First step of a sign-in by e-mail code: the same answer whether or not the address has an account
 * (better-auth sends nothing for an unknown one, and our mail goes out without being waited for).
 */
export async function requestSignInCode(email: string, clientIp: string): Promise<{ ok: true } | Failure> {
  try {
    await hit(`code-request:ip:${clientIp}`, RATE_RULES.codeRequestIp);
    await hit(`code-request:account:${email}`, RATE_RULES.codeRequestAccount);
    const auth = await getAuth();
    await auth.api.sendVerificationOTP({ body: { email, type: "sign-in" } });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: authErrorMessage(error, MESSAGES.loginFailure.fallback) };
  }
}

/** Whether signing in by code will remove a password that was set before the address was proven. */
async function holdsUnprovenPassword(email: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ verified: userTable.emailVerified, password: accountTable.password })
    .from(userTable)
    .innerJoin(accountTable, and(eq(accountTable.userId, userTable.id), eq(accountTable.providerId, "credential")))
    .where(eq(userTable.email, email))
    .limit(1);
  return Boolean(row && !row.verified && row.password);
}

/**
 * Second step: the code signs in (and proves the address). With two-factor authentication on, the
 * session is held back until the TOTP step, as after a password. When the address was not proven yet,
 * better-auth removes what was attached to it before (a password someone else may have chosen).
 */
export async function signInWithCode(
  input: { email: string; code: string },
  request: Request,
  clientIp: string,
): Promise<(SignInResult & { ok: true; passwordRemoved: boolean }) | Failure> {
  try {
    await hit(`otp:ip:${clientIp}`, RATE_RULES.otpIp);
    await hit(`code-signin:account:${input.email}`, RATE_RULES.otpAccount);
    const passwordRemoved = await holdsUnprovenPassword(input.email);
    const auth = await getAuth();
    const { headers, response } = await auth.api.signInEmailOTP({
      body: { email: input.email, otp: input.code },
      headers: request.headers,
      returnHeaders: true,
    });
    await reset(`code-signin:account:${input.email}`);
    if ("twoFactorRedirect" in response && response.twoFactorRedirect)
      return { ok: true, twoFactor: true, headers: forwardCookies(headers), passwordRemoved };
    const userId = (response as { user: { id: string } }).user.id;
    await recordAuthActivity(userId, "login");
    await track("login", userId, { method: "email_code" });
    return { ok: true, twoFactor: false, headers: forwardCookies(headers), userId, passwordRemoved };
  } catch (error) {
    const message = authErrorMessage(error, MESSAGES.loginFailure.fallback);
    await track("login_error", null, { reason: message, method: "email_code" });
    return { ok: false, message };
  }
}

export async function signOut(request: Request, userId: string | null): Promise<{ ok: true; headers: Headers } | Failure> {
  try {
    const auth = await getAuth();
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    if (userId) {
      await recordAuthActivity(userId, "logout");
      await track("logout", userId);
    }
    return { ok: true, headers: forwardCookies(headers) };
  } catch (error) {
    return { ok: false, message: authErrorMessage(error, MESSAGES.logoutFailure.fallback) };
  }
}

export async function requestPasswordReset(email: string, clientIp: string): Promise<{ ok: true } | Failure> {
  try {
    await hit(`recovery:ip:${clientIp}`, RATE_RULES.recoveryIp);
    await hit(`recovery:account:${email}`, RATE_RULES.recoveryAccount);
  } catch (error) {
    return { ok: false, message: authErrorMessage(error, "Une erreur s'est produite") };
  }
  try {
    const auth = await getAuth();
    // better-auth answers the same whether or not the account exists; so do we.
    await auth.api.requestPasswordReset({ body: { email, redirectTo: "/reinitialiser-mot-de-passe" } });
  } catch (error) {
    console.error("Password reset request failed (the answer stays the same).", error);
  }
  return { ok: true };
}

export async function resetPassword(token: string, password: string): Promise<{ ok: true } | Failure> {
  const weak = weakPasswordFailure(password);
  if (weak) return weak;
  try {
    const auth = await getAuth();
    await auth.api.resetPassword({ body: { token, newPassword: password } });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: authErrorMessage(error, "Une erreur s'est produite") };
  }
}
