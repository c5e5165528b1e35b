import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import { emailOTP } from "better-auth/plugins/email-otp";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getDatabaseHandle } from "../../../db/client.server";
import * as schema from "../../../db/schema";
import { getConfig, getSessionSecret } from "../../config.server";
import { sendEmail } from "../email/email.server";
import { invalidatePasswordResetLinks } from "./reset-links.server";
import {
  EMAIL_CODE_LIFETIME_SECONDS,
  VERIFICATION_LINK_LIFETIME_SECONDS,
  sendAccountCode,
  sendVerificationEmail,
} from "./verification-mail.server";

/**
 * better-auth's two-factor plugin holds back the session of a password sign-in until the TOTP step; a
 * sign-in by e-mail code must be held back the same way, by the plugin's own hook.
 */
function twoFactorAlsoAfter(plugin: ReturnType<typeof twoFactor>, paths: string[]) {
  const [hook] = plugin.hooks.after;
  return {
    ...plugin,
    hooks: {
      after: [
        ...plugin.hooks.after,
        { matcher: (context: { path?: string }) => paths.includes(context.path ?? ""), handler: hook.handler },
      ],
    },
  };
}

/**
 * better-auth is used as a server library: every flow goes through our route actions (zod validation,
 * rate limits, French messages), and its HTTP handler is not exposed (docs/decisions/0003).
 */
export const SSO_BASE_PATH = "/auth";

/** The first name of a provider's profile (the account's name is a first name). */
function firstName(profile: { given_name?: unknown; name?: unknown }): string {
  const given = typeof profile.given_name === "string" ? profile.given_name.trim() : "";
  const name = typeof profile.name === "string" ? profile.name.trim() : "";
  return (given || name.split(/\s+/)[0] || "").slice(0, 60);
}

type SsoConfig = ReturnType<typeof getConfig>["sso"];

function socialProviders(sso: SsoConfig) {
  const mapProfileToUser = (profile: { given_name?: unknown; name?: unknown }) => ({ name: firstName(profile) });
  return {
    ...(sso.google ? { google: { ...sso.google, mapProfileToUser } } : {}),
    ...(sso.microsoft ? { microsoft: { ...sso.microsoft, mapProfileToUser } } : {}),
    ...(sso.apple ? { apple: { ...sso.apple, mapProfileToUser } } : {}),
  };
}

function oidcProvider(oidc: NonNullable<SsoConfig["oidc"]>) {
  return {
    providerId: "oidc",
    discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    mapProfileToUser: (profile: Record<string, unknown>) => ({ name: firstName(profile) }),
  };
}

function createAuth(db: Awaited<ReturnType<typeof getDatabaseHandle>>["db"]) {
  const config = getConfig();
  const auth = betterAuth({
    appName: "Tremplin",
    baseURL: config.siteUrl,
    // The OAuth callbacks are /auth/callback/<provider> (routes/auth-callback.ts), the only paths handed to
    // better-auth's handler (docs/decisions/0009).
    basePath: SSO_BASE_PATH,
    secret: getSessionSecret(),
    // Apple answers by a form post from its own origin.
    trustedOrigins: config.sso.apple ? [config.siteUrl, "https://appleid.apple.com"] : [config.siteUrl],
    socialProviders: socialProviders(config.sso),
    // A failure before the OAuth state is read (no state, a malformed callback) comes back to /login.
    onAPIError: { errorURL: `${config.siteUrl}/login` },
    account: {
      // An identity is linked only by a signed-in user who asks for it (never by a matching e-mail alone),
      // and only when the provider vouches for the address, which must be the account's.
      accountLinking: { enabled: true, disableImplicitLinking: true, trustedProviders: [] },
      encryptOAuthTokens: true,
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      // Using a link sent to the address proves it, as the confirmation link does.
      onPasswordReset: async ({ user }) => {
        await invalidatePasswordResetLinks(user.id);
        await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // Asking for a link, or using one, invalidates every other link of the account.
      sendResetPassword: async ({ user, token }) => {
        await invalidatePasswordResetLinks(user.id, token);
        const link = `${config.siteUrl}/reinitialiser-mot-de-passe?token=${encodeURIComponent(token)}`;
        await sendEmail({
          to: user.email,
          subject: "Réinitialisation de votre mot de passe Tremplin",
          text: [
            `Bonjour ${user.name},`,
            "",
            "Vous avez demandé à réinitialiser le mot de passe de votre compte Tremplin. Ouvrez ce lien dans l'heure qui vient\u00a0:",
            link,
            "",
            "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.",
          ].join("\n"),
        });
      },
    },
    emailVerification: {
      // A link and a 6-digit code in one message (sign-up, « Renvoyer l'e-mail »).
      sendOnSignUp: true,
      expiresIn: VERIFICATION_LINK_LIFETIME_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const code = await auth.api.createVerificationOTP({ body: { email: user.email, type: "email-verification" } });
        await sendVerificationEmail(user, token, code);
      },
    },
    user: {
      additionalFields: { phoneNumber: { type: "string", required: false, input: true } },
      deleteUser: { enabled: true },
    },
    session: {
      // Sliding expiry: 30 days, extended at most once a day while the user is active.
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a revoked session stops working on the next request.
      cookieCache: { enabled: false },
      // Sensitive changes ask for the password instead of a recent sign-in.
      freshAge: 0,
    },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "tremplin",
      useSecureCookies: config.isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    plugins: [
      twoFactorAlsoAfter(twoFactor({ issuer: "Tremplin", skipVerificationOnEnable: false, allowPasswordless: true }), [
        "/sign-in/email-otp",
        "/callback/:id",
      ]),
      ...(config.sso.oidc ? [genericOAuth({ config: [oidcProvider(config.sso.oidc)] })] : []),
      emailOTP({
        otpLength: 6,
        expiresIn: EMAIL_CODE_LIFETIME_SECONDS,
        allowedAttempts: 5,
        storeOTP: "hashed",
        // A code signs in to an existing account only: sign-up keeps its own form (first name, terms).
        disableSignUp: true,
        changeEmail: { enabled: true },
        sendVerificationOTP: ({ email, otp, type }) => sendAccountCode(email, otp, type),
      }),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

const store = globalThis as typeof globalThis & { __tremplinAuth?: { db: unknown; auth: Auth } };

export async function getAuth(): Promise<Auth> {
  const { db } = await getDatabaseHandle();
  if (store.__tremplinAuth?.db !== db) store.__tremplinAuth = { db, auth: createAuth(db) };
  return store.__tremplinAuth.auth;
}
