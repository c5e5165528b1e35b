import { and, desc, eq, ne } from "drizzle-orm";
import QRCode from "qrcode";
import { getDb } from "../../../db/client.server";
import {
  account as accountTable,
  accessGrants,
  analyticsEvents,
  contentVisits,
  exerciseMarks,
  flashcardReviews,
  generatedCards,
  pythonPrograms,
  progress,
  quizAttempts,
  studyDays,
  session as sessionTable,
  user as userTable,
  userActivityHistory,
  userRoles,
} from "../../../db/schema";
import { broadcast } from "../broadcast/broadcast.server";
import { getAuth } from "./auth.server";
import { type Failure, weakPasswordFailure } from "./accounts.server";
import { RATE_RULES, RateLimitedError, hit, reset } from "./rate-limit.server";
import { invalidatePasswordResetLinks } from "./reset-links.server";
import { CodeReusedError, withSingleUseCode } from "./two-factor.server";
import { forwardCookies } from "./session.server";

/** Account page operations (/compte). Each takes the request so better-auth sees the user's session. */

function message(error: unknown, fallback = "Une erreur s'est produite"): string {
  if (error instanceof RateLimitedError || error instanceof CodeReusedError) return error.message;
  const code = (error as { body?: { code?: string } })?.body?.code;
  if (code === "INVALID_PASSWORD" || code === "INVALID_EMAIL_OR_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
    return "Mot de passe incorrect.";
  if (code === "INVALID_CODE" || code === "INVALID_TWO_FACTOR_AUTHENTICATION") return "Code incorrect.";
  console.error(error);
  return fallback;
}

/**
 * The password checks of /compte share one budget per account: a stolen session must not become an
 * unlimited password oracle. Each attempt counts; a right password clears the count.
 */
export async function withPasswordCheck<T>(userId: string, check: () => Promise<T>): Promise<T> {
  const key = `password:account:${userId}`;
  await hit(key, RATE_RULES.passwordAccount);
  const result = await check();
  await reset(key);
  return result;
}

export async function updateProfile(
  request: Request,
  userId: string,
  input: { firstName: string; phone?: string },
): Promise<{ ok: true } | Failure> {
  const db = await getDb();
  const [current] = await db.select({ phone: userTable.phoneNumber }).from(userTable).where(eq(userTable.id, userId));
  if (input.phone && input.phone !== current?.phone) {
    // Each new number checked says whether it belongs to someone: limited per account.
    try {
      await hit(`phone-change:account:${userId}`, RATE_RULES.phoneChangeAccount);
    } catch (error) {
      return { ok: false, message: message(error), fieldErrors: { phone: message(error) } };
    }
    const [other] = await db
      .select({ id: userTable.id })
      .from(userTable)
      .where(and(eq(userTable.phoneNumber, input.phone), ne(userTable.id, userId)))
      .limit(1);
    if (other)
      return {
        ok: false,
        message: "Ce numéro de téléphone est déjà associé à un compte.",
        fieldErrors: { phone: "Ce numéro de téléphone est déjà associé à un compte." },
      };
  }
  try {
    const auth = await getAuth();
    await auth.api.updateUser({ body: { name: input.firstName, phoneNumber: input.phone ?? null }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: message(error) };
  }
}

export async function changePassword(
  request: Request,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  userInputs: string[],
): Promise<{ ok: true; headers: Headers } | Failure> {
  const weak = weakPasswordFailure(input.newPassword, userInputs, "newPassword");
  if (weak) return weak;
  try {
    const auth = await getAuth();
    const { headers } = await withPasswordCheck(userId, () =>
      auth.api.changePassword({ body: { ...input, revokeOtherSessions: true }, headers: request.headers, returnHeaders: true }),
    );
    // A reset link asked for before the change must not undo it.
    await invalidatePasswordResetLinks(userId);
    return { ok: true, headers: forwardCookies(headers) };
  } catch (error) {
    const text = message(error);
    return { ok: false, message: text, fieldErrors: text === "Mot de passe incorrect." ? { currentPassword: text } : undefined };
  }
}

export async function hasPassword(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ password: accountTable.password })
    .from(accountTable)
    .where(and(eq(accountTable.userId, userId), eq(accountTable.providerId, "credential")))
    .limit(1);
  return Boolean(row?.password);
}

/** The first password of an account without one (better-auth refuses it when there is one). */
export async function setPassword(
  request: Request,
  userId: string,
  newPassword: string,
  userInputs: string[],
): Promise<{ ok: true } | Failure> {
  const weak = weakPasswordFailure(newPassword, userInputs, "newPassword");
  if (weak) return weak;
  try {
    const auth = await getAuth();
    await auth.api.setPassword({ body: { newPassword }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    const code = (error as { body?: { code?: string } })?.body?.code;
    if (code === "PASSWORD_ALREADY_SET") return { ok: false, message: "Votre compte a déjà un mot de passe : changez-le plutôt." };
    return { ok: false, message: message(error) };
  }
}

export interface SessionSummary {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  device: string;
}

/** A readable device name from a user agent (browser and system), without storing anything new. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Appareil inconnu";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Navigateur";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "système inconnu";
  return `${browser} sur ${system}`;
}

export async function listSessions(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: sessionTable.id,
      createdAt: sessionTable.createdAt,
      updatedAt: sessionTable.updatedAt,
      userAgent: sessionTable.userAgent,
      expiresAt: sessionTable.expiresAt,
    })
    .from(sessionTable)
    .where(eq(sessionTable.userId, userId))
    .orderBy(desc(sessionTable.updatedAt));
  return rows
    .filter((row) => row.expiresAt > new Date())
    .map((row) => ({
      id: row.id,
      current: row.id === currentSessionId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.updatedAt.toISOString(),
      device: describeDevice(row.userAgent),
    }));
}

/**
 * Ends one of the user's other sessions (never another user's: the user id is part of the filter).
 * Returns whether a session was ended: an id that is not one of the user's is reported as not found.
 */
export async function revokeSession(userId: string, sessionId: string): Promise<boolean> {
  const db = await getDb();
  const ended = await db
    .delete(sessionTable)
    .where(and(eq(sessionTable.id, sessionId), eq(sessionTable.userId, userId)))
    .returning({ id: sessionTable.id });
  return ended.length > 0;
}

/** Signs out of every device, this one included. */
export async function signOutEverywhere(request: Request): Promise<{ ok: true; headers: Headers } | Failure> {
  try {
    const auth = await getAuth();
    await auth.api.revokeSessions({ headers: request.headers });
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return { ok: true, headers: forwardCookies(headers) };
  } catch (error) {
    return { ok: false, message: message(error) };
  }
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
  qrSvg: string;
  backupCodes: string[];
}

export async function startTwoFactor(
  request: Request,
  userId: string,
  password: string,
): Promise<{ ok: true; enrolment: TotpEnrolment; headers: Headers } | Failure> {
  try {
    const auth = await getAuth();
    const { headers, response: result } = await withPasswordCheck(userId, () =>
      auth.api.enableTwoFactor({ body: { password, method: "totp" }, headers: request.headers, returnHeaders: true }),
    );
    if (result.method !== "totp") throw new Error("TOTP enrolment expected");
    const { totpURI, backupCodes } = result;
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    const qrSvg = await QRCode.toString(totpURI, { type: "svg", margin: 1, width: 200 });
    return { ok: true, enrolment: { secret, uri: totpURI, qrSvg, backupCodes }, headers: forwardCookies(headers) };
  } catch (error) {
    return { ok: false, message: message(error), fieldErrors: { password: message(error) } };
  }
}

export async function confirmTwoFactor(
  request: Request,
  userId: string,
  clientIp: string,
  code: string,
): Promise<{ ok: true; headers: Headers } | Failure> {
  try {
    await hit(`otp:ip:${clientIp}`, RATE_RULES.otpIp);
    const auth = await getAuth();
    const { headers } = await withSingleUseCode(userId, code, () =>
      auth.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true }),
    );
    return { ok: true, headers: forwardCookies(headers) };
  } catch (error) {
    return { ok: false, message: message(error), fieldErrors: { code: message(error) } };
  }
}

/** Disabling rotates the session cookie: the new one must reach the browser. */
export async function disableTwoFactor(
  request: Request,
  userId: string,
  password: string,
): Promise<{ ok: true; headers: Headers } | Failure> {
  try {
    const auth = await getAuth();
    const { headers } = await withPasswordCheck(userId, () =>
      auth.api.disableTwoFactor({ body: { password }, headers: request.headers, returnHeaders: true }),
    );
    // Their published review and public teacher profile leave the cached public pages too.
    await broadcast("public-data");
    return { ok: true, headers: forwardCookies(headers) };
  } catch (error) {
    return { ok: false, message: message(error), fieldErrors: { password: message(error) } };
  }
}

/** Everything Tremplin stores about the user, as JSON (secrets and tokens excluded). */
export async function exportUserData(userId: string) {
  const db = await getDb();
  const [profile] = await db
    .select({
      id: userTable.id,
      firstName: userTable.name,
      email: userTable.email,
      phoneNumber: userTable.phoneNumber,
      twoFactorEnabled: userTable.twoFactorEnabled,
      emailVerified: userTable.emailVerified,
      createdAt: userTable.createdAt,
    })
    .from(userTable)
    .where(eq(userTable.id, userId));
  const [roles, history, progressRows, grants, sessions, events, reviews, marks, attempts, visits, days, cards, programs, identities] =
    await Promise.all([
      db.select({ role: userRoles.role, createdAt: userRoles.createdAt }).from(userRoles).where(eq(userRoles.userId, userId)),
      db.select().from(userActivityHistory).where(eq(userActivityHistory.userId, userId)).orderBy(desc(userActivityHistory.createdAt)),
      db.select().from(progress).where(eq(progress.userId, userId)),
      db
        .select({
          section: accessGrants.section,
          source: accessGrants.source,
          expiresAt: accessGrants.expiresAt,
          createdAt: accessGrants.createdAt,
        })
        .from(accessGrants)
        .where(eq(accessGrants.userId, userId)),
      db
        .select({
          createdAt: sessionTable.createdAt,
          updatedAt: sessionTable.updatedAt,
          userAgent: sessionTable.userAgent,
          ipAddress: sessionTable.ipAddress,
        })
        .from(sessionTable)
        .where(eq(sessionTable.userId, userId)),
      db
        .select({ event: analyticsEvents.event, properties: analyticsEvents.properties, createdAt: analyticsEvents.createdAt })
        .from(analyticsEvents)
        .where(eq(analyticsEvents.userId, userId)),
      db.select().from(flashcardReviews).where(eq(flashcardReviews.userId, userId)).orderBy(flashcardReviews.id),
      db.select().from(exerciseMarks).where(eq(exerciseMarks.userId, userId)).orderBy(exerciseMarks.id),
      db.select().from(quizAttempts).where(eq(quizAttempts.userId, userId)).orderBy(quizAttempts.id),
      db.select().from(contentVisits).where(eq(contentVisits.userId, userId)).orderBy(desc(contentVisits.visitedAt)),
      db.select().from(studyDays).where(eq(studyDays.userId, userId)).orderBy(desc(studyDays.day)),
      db.select().from(generatedCards).where(eq(generatedCards.userId, userId)).orderBy(generatedCards.id),
      db.select().from(pythonPrograms).where(eq(pythonPrograms.userId, userId)).orderBy(pythonPrograms.programId),
      // How the user signs in: the provider and when it was linked (never a token or a password hash).
      db
        .select({ provider: accountTable.providerId, linkedAt: accountTable.createdAt })
        .from(accountTable)
        .where(eq(accountTable.userId, userId))
        .orderBy(accountTable.createdAt),
    ]);
  return {
    exportedAt: new Date().toISOString(),
    profile,
    roles,
    activityHistory: history,
    progress: progressRows,
    accessGrants: grants,
    sessions,
    analyticsEvents: events,
    flashcardReviews: reviews,
    exerciseMarks: marks,
    quizAttempts: attempts,
    studyPageVisits: visits,
    studyDays: days,
    generatedCards: cards,
    pythonPrograms: programs,
    signInMethods: identities,
  };
}

/** Deletes the account; every personal row goes with it (foreign keys cascade; analytics lose the link). */
export async function deleteAccount(request: Request, userId: string, password: string): Promise<{ ok: true; headers: Headers } | Failure> {
  // better-auth deletes without any check when no password is given: an account that has one must give it.
  // (An account without a password comes here only after a recent confirmation of identity.)
  if (!password && (await hasPassword(userId)))
    return { ok: false, message: "Indiquez votre mot de passe.", fieldErrors: { password: "Indiquez votre mot de passe." } };
  try {
    const auth = await getAuth();
    const { headers } = await withPasswordCheck(userId, () =>
      auth.api.deleteUser({ body: { password }, headers: request.headers, returnHeaders: true }),
    );
    // Their published review and public teacher profile leave the cached public pages too.
    await broadcast("public-data");
    return { ok: true, headers: forwardCookies(headers) };
  } catch (error) {
    return { ok: false, message: message(error), fieldErrors: { password: message(error) } };
  }
}
