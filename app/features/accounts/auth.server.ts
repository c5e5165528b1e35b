import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getDatabaseHandle } from "../../../db/client.server";
import * as schema from "../../../db/schema";
import { getConfig, getSessionSecret } from "../../config.server";
import { sendEmail } from "../email/email.server";
import { invalidatePasswordResetLinks } from "./reset-links.server";

/**
 * better-auth is used as a server library: every flow goes through our route actions (zod validation,
 * rate limits, French messages), and its HTTP handler is not exposed (docs/decisions/0003).
 */
function createAuth(db: Awaited<ReturnType<typeof getDatabaseHandle>>["db"]) {
  const config = getConfig();
  return betterAuth({
    appName: "Tremplin",
    baseURL: config.siteUrl,
    secret: getSessionSecret(),
    trustedOrigins: [config.siteUrl],
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
      onPasswordReset: ({ user }) => invalidatePasswordResetLinks(user.id),
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
    plugins: [twoFactor({ issuer: "Tremplin", skipVerificationOnEnable: false })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const store = globalThis as typeof globalThis & { __tremplinAuth?: { db: unknown; auth: Auth } };

export async function getAuth(): Promise<Auth> {
  const { db } = await getDatabaseHandle();
  if (store.__tremplinAuth?.db !== db) store.__tremplinAuth = { db, auth: createAuth(db) };
  return store.__tremplinAuth.auth;
}
