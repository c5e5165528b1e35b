import { readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import {
  accessGrants,
  analyticsEvents,
  session as sessionTable,
  user as userTable,
  userActivityHistory,
  userRoles,
  verification,
} from "../../../db/schema";
import { browserRequest, cookiesFrom, redirectOf, useTestDatabase } from "../../../tests/support/accounts";
import { guardRoute, requirePermission, requireUser } from "../access/guards.server";
import { createAccessCode, grantAccess, hasSectionAccess, redeemAccessCode } from "../access/grants.server";
import { readHistory, saveActivity } from "../activity/history.server";
import { exportUserData, listSessions, revokeSession, signOutEverywhere, updateProfile } from "./account.server";
import { getAuth } from "./auth.server";
import { registerAccount, requestPasswordReset, resetPassword, signIn, signOut } from "./accounts.server";
import { getRole, setRole } from "./roles.server";
import { getCurrentSession } from "./session.server";

let handle: DatabaseHandle;
const STRONG = "violon-nuage-cerise-42";
let ip = 0;
const nextIp = () => `198.51.100.${++ip}`;

async function register(firstName: string, email: string, phone?: string) {
  const result = await registerAccount({ firstName, email, phone, password: STRONG }, browserRequest("/register"), nextIp());
  if (!result.ok) throw new Error(result.message);
  return { userId: result.userId, cookie: cookiesFrom(result.headers) };
}

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`accounts (${process.env.TEST_DB_DRIVER})`, () => {
  it("registers, signs in by e-mail and by phone, records login and logout", async () => {
    const { userId, cookie } = await register("Léa", "lea@example.com", "+33612345678");
    expect((await getCurrentSession(browserRequest("/", cookie)))?.user).toMatchObject({
      firstName: "Léa",
      email: "lea@example.com",
      phoneNumber: "+33612345678",
      role: "user",
    });

    const byEmail = await signIn({ identifier: "LEA@example.com", password: STRONG }, browserRequest("/login"), nextIp());
    expect(byEmail).toMatchObject({ ok: true, twoFactor: false, userId });
    const byPhone = await signIn({ identifier: "06 12 34 56 78", password: STRONG }, browserRequest("/login"), nextIp());
    expect(byPhone).toMatchObject({ ok: true, userId });

    const phoneCookie = cookiesFrom((byPhone as { headers: Headers }).headers);
    const out = await signOut(browserRequest("/logout", phoneCookie), userId);
    expect(out.ok).toBe(true);
    expect(await getCurrentSession(browserRequest("/", phoneCookie))).toBeNull();

    const types = (await readHistory(userId)).map((row) => row.activityType);
    expect(types).toEqual(["logout", "login", "login"]);
    const events = await handle.db.select({ event: analyticsEvents.event }).from(analyticsEvents).where(eq(analyticsEvents.userId, userId));
    expect(events.map((row) => row.event).sort()).toEqual(["login", "login", "logout", "registration"]);
  });

  it("answers wrong credentials with 'Identifiants incorrects' and refuses a duplicate e-mail or phone", async () => {
    expect(await signIn({ identifier: "lea@example.com", password: "pas-le-bon-mot" }, browserRequest("/login"), nextIp())).toEqual({
      ok: false,
      message: "Identifiants incorrects",
    });
    expect(await signIn({ identifier: "inconnu@example.com", password: STRONG }, browserRequest("/login"), nextIp())).toEqual({
      ok: false,
      message: "Identifiants incorrects",
    });
    expect(await signIn({ identifier: "07 00 00 00 00", password: STRONG }, browserRequest("/login"), nextIp())).toEqual({
      ok: false,
      message: "Identifiants incorrects",
    });
    const duplicate = await registerAccount(
      { firstName: "Autre", email: "lea@example.com", password: STRONG },
      browserRequest("/register"),
      nextIp(),
    );
    expect(duplicate).toMatchObject({ ok: false, message: "Un compte existe déjà avec cette adresse e-mail." });
    const samePhone = await registerAccount(
      { firstName: "Autre", email: "autre@example.com", phone: "+33612345678", password: STRONG },
      browserRequest("/register"),
      nextIp(),
    );
    expect(samePhone).toMatchObject({ ok: false, message: "Ce numéro de téléphone est déjà associé à un compte." });
    const errors = await handle.db.select().from(analyticsEvents).where(eq(analyticsEvents.event, "login_error"));
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });

  it("rejects a weak password with French reasons and creates nothing", async () => {
    const result = await registerAccount(
      { firstName: "Tom", email: "tom@example.com", password: "azerty123" },
      browserRequest("/register"),
      nextIp(),
    );
    expect(result).toMatchObject({ ok: false, message: "Mot de passe trop faible." });
    expect((result as { passwordReasons: string[] }).passwordReasons).toContain("Le mot de passe doit contenir au moins 10 caractères.");
    expect(await handle.db.select().from(userTable).where(eq(userTable.email, "tom@example.com"))).toEqual([]);
  });

  it("limits sign-in attempts per account and per IP", async () => {
    await register("Rate", "rate@example.com");
    const attempt = (ipAddress: string) =>
      signIn({ identifier: "rate@example.com", password: "mauvais-mot-de-passe" }, browserRequest("/login"), ipAddress);
    for (let i = 0; i < 5; i++) expect(await attempt(nextIp())).toEqual({ ok: false, message: "Identifiants incorrects" });
    expect(await attempt(nextIp())).toEqual({ ok: false, message: "Trop de tentatives. Réessayez dans 15 minutes." });
    // Even the right password waits: the account is locked for the window.
    expect(await signIn({ identifier: "rate@example.com", password: STRONG }, browserRequest("/login"), nextIp())).toMatchObject({
      ok: false,
      message: "Trop de tentatives. Réessayez dans 15 minutes.",
    });

    const sameIp = nextIp();
    for (let i = 0; i < 20; i++) await signIn({ identifier: `personne${i}@example.com`, password: "x" }, browserRequest("/login"), sameIp);
    expect(await signIn({ identifier: "lea@example.com", password: STRONG }, browserRequest("/login"), sameIp)).toEqual({
      ok: false,
      message: "Trop de tentatives. Réessayez dans 15 minutes.",
    });
  });

  it("sends a recovery link without revealing whether the account exists, and resets the password", async () => {
    const outbox = path.join(process.env.DATA_DIR!, "outbox");
    rmSync(outbox, { recursive: true, force: true });
    expect(await requestPasswordReset("personne@example.com", nextIp())).toEqual({ ok: true });
    expect(await requestPasswordReset("lea@example.com", nextIp())).toEqual({ ok: true });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const mail = readFileSync(path.join(outbox, files[0]), "utf8");
    expect(mail).toContain("To: lea@example.com");
    const token = /reinitialiser-mot-de-passe\?token=([^\s]+)/.exec(mail)![1];
    expect(await resetPassword(decodeURIComponent(token), "azerty")).toMatchObject({ ok: false, message: "Mot de passe trop faible." });
    expect(await resetPassword(decodeURIComponent(token), "nouveau-cahier-violet-77")).toEqual({ ok: true });
    expect(
      await signIn({ identifier: "lea@example.com", password: "nouveau-cahier-violet-77" }, browserRequest("/login"), nextIp()),
    ).toMatchObject({ ok: true });
    expect(await resetPassword(decodeURIComponent(token), "encore-un-autre-mot-88")).toMatchObject({
      ok: false,
      message: "Ce lien de réinitialisation est invalide ou a expiré.",
    });
  });

  it("keeps one reset link alive per account: a new request or a reset invalidates the others", async () => {
    const outbox = path.join(process.env.DATA_DIR!, "outbox");
    const { userId } = await register("Liens", "liens@example.com");
    const newestLink = async () => {
      rmSync(outbox, { recursive: true, force: true });
      expect(await requestPasswordReset("liens@example.com", nextIp())).toEqual({ ok: true });
      const [file] = readdirSync(outbox);
      return decodeURIComponent(/reinitialiser-mot-de-passe\?token=([^\s]+)/.exec(readFileSync(path.join(outbox, file), "utf8"))![1]);
    };
    const expired = { ok: false, message: "Ce lien de réinitialisation est invalide ou a expiré." };
    const first = await newestLink();
    const second = await newestLink();
    expect(await resetPassword(first, "premier-lien-perime-31")).toEqual(expired);
    // Two links outstanding (the second, and a third asked for later): using one kills the other.
    const third = await newestLink();
    expect(await resetPassword(second, "deuxieme-lien-perime-32")).toEqual(expired);
    expect(await resetPassword(third, "troisieme-lien-valide-33")).toEqual({ ok: true });
    const remaining = await handle.db
      .select()
      .from(verification)
      .where(and(eq(verification.value, userId), like(verification.identifier, "reset-password:%")));
    expect(remaining).toEqual([]);
  });

  it("answers an unknown phone number only after a password hash, like a registered one", async () => {
    const context = await (await getAuth()).$context;
    const hash = context.password.hash;
    let hashes = 0;
    context.password.hash = (password: string) => {
      hashes++;
      return hash(password);
    };
    try {
      expect(await signIn({ identifier: "07 11 22 33 44", password: "pas-le-bon-mot" }, browserRequest("/login"), nextIp())).toEqual({
        ok: false,
        message: "Identifiants incorrects",
      });
      expect(hashes).toBe(1);
    } finally {
      context.password.hash = hash;
    }
  });

  it("limits phone changes on the account page, which say whether a number is taken", async () => {
    const { userId, cookie } = await register("Numéros", "numeros@example.com");
    for (let n = 0; n < 5; n++) {
      expect(await updateProfile(browserRequest("/compte", cookie), userId, { firstName: "Numéros", phone: `+3361000000${n}` })).toEqual({
        ok: true,
      });
    }
    // Saving the profile again with the same number checks nothing and costs nothing.
    expect(await updateProfile(browserRequest("/compte", cookie), userId, { firstName: "Num", phone: "+33610000004" })).toEqual({
      ok: true,
    });
    expect(await updateProfile(browserRequest("/compte", cookie), userId, { firstName: "Num", phone: "+33612345678" })).toMatchObject({
      ok: false,
      message: "Trop de tentatives. Réessayez dans 60 minutes.",
    });
  });

  it("limits recovery requests per account", async () => {
    for (let i = 0; i < 3; i++) expect(await requestPasswordReset("quota@example.com", nextIp())).toEqual({ ok: true });
    expect(await requestPasswordReset("quota@example.com", nextIp())).toEqual({
      ok: false,
      message: "Trop de tentatives. Réessayez dans 60 minutes.",
    });
  });
});

describe(`roles (${process.env.TEST_DB_DRIVER})`, () => {
  it("defaults to user, and the newest row wins", async () => {
    const { userId } = await register("Role", "role@example.com");
    expect(await getRole(userId)).toBe("user");
    await setRole(userId, "admin");
    await setRole(userId, "prof");
    expect(await getRole(userId)).toBe("prof");
    // Rows written in the same instant: the later insert still wins. The instant is a second ahead:
    // PostgreSQL's now() of the rows above has microseconds, a JavaScript date only milliseconds, so
    // `new Date()` could fall a fraction of a millisecond before them.
    const now = new Date(Date.now() + 1_000);
    await handle.db.insert(userRoles).values([
      { userId, role: "super_admin", createdAt: now },
      { userId, role: "user", createdAt: now },
    ]);
    expect(await getRole(userId)).toBe("user");
  });

  it("falls back to user when the role cannot be read", async () => {
    const { setDatabase } = await import("../../../db/client.server");
    const unreachable = Promise.reject(new Error("database down"));
    unreachable.catch(() => {});
    setDatabase(unreachable);
    try {
      expect(await getRole("anyone")).toBe("user");
    } finally {
      setDatabase(Promise.resolve(handle));
    }
  });
});

describe(`guards (${process.env.TEST_DB_DRIVER})`, () => {
  let student: { userId: string; cookie: string };
  let teacher: { userId: string; cookie: string };
  beforeAll(async () => {
    student = await register("Élève", "eleve@example.com");
    teacher = await register("Prof", "prof@example.com");
    await setRole(teacher.userId, "prof");
  });

  it("send visitors of protected pages to /login with the encoded path and query", async () => {
    expect(await redirectOf(requireUser(browserRequest("/compte?onglet=securite")))).toBe("/login?next=%2Fcompte%3Fonglet%3Dsecurite");
    expect(await redirectOf(guardRoute({ request: browserRequest("/compte"), pattern: "/compte" }))).toBe("/login?next=%2Fcompte");
    expect((await guardRoute({ request: browserRequest("/compte", student.cookie), pattern: "/compte" })).session?.user.email).toBe(
      "eleve@example.com",
    );
    // The rule follows the matched route: a case or encoding variant of the path gets the same redirect.
    expect(await redirectOf(guardRoute({ request: browserRequest("/Compt%65"), pattern: "compte" }))).toBe("/login?next=%2FCompt%2565");
    // A route outside the catalogue is refused, never served.
    await expect(guardRoute({ request: browserRequest("/compte"), pattern: "/inconnue" })).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("send visitors of Python pages to /acces-restreint with section=python, and let members in", async () => {
    const request = browserRequest("/formation/python-matrices?exercice=3&vue=complete");
    expect(await redirectOf(requirePermission(request, "read:content:python"))).toBe(
      "/acces-restreint?next=%2Fformation%2Fpython-matrices%3Fexercice%3D3%26vue%3Dcomplete&section=python",
    );
    expect(
      await redirectOf(requirePermission(browserRequest("/formation/python-matrices", student.cookie), "read:content:python")),
    ).toBeNull();
  });

  it("require the maths right for maths chapters: grant, expiry, code, and prof", async () => {
    const chapter = "/formation/maths-polynomes?partie=2";
    const expected = "/acces-restreint?next=%2Fformation%2Fmaths-polynomes%3Fpartie%3D2&section=maths";
    expect(await redirectOf(requirePermission(browserRequest(chapter), "read:content:maths"))).toBe(expected);
    expect(await redirectOf(requirePermission(browserRequest(chapter, student.cookie), "read:content:maths"))).toBe(expected);
    expect(await redirectOf(requirePermission(browserRequest(chapter, teacher.cookie), "read:content:maths"))).toBeNull();

    await grantAccess({ userId: student.userId, section: "maths", source: "admin", expiresAt: new Date(Date.now() - 1000) });
    expect(await hasSectionAccess({ id: student.userId, role: "user" }, "maths")).toBe(false);
    const code = await createAccessCode({ section: "maths", maxUses: 1 });
    expect(await redeemAccessCode(student.userId, code.toLowerCase().replace(/-/g, " "))).toEqual({ ok: true, section: "maths" });
    expect(await redirectOf(requirePermission(browserRequest(chapter, student.cookie), "read:content:maths"))).toBeNull();
    const other = await register("Autre", "autre-code@example.com");
    expect(await redeemAccessCode(other.userId, code)).toEqual({
      ok: false,
      message: "Ce code d'accès est invalide, expiré ou déjà utilisé.",
    });
    const [grant] = await handle.db.select().from(accessGrants).where(eq(accessGrants.source, "code"));
    expect(grant.userId).toBe(student.userId);
  });

  it("apply the teacher guard: visitor → /login, student → /, prof → through", async () => {
    expect(await redirectOf(requirePermission(browserRequest("/prof/courses"), "manage:class:own"))).toBe("/login?next=%2Fprof%2Fcourses");
    expect(await redirectOf(requirePermission(browserRequest("/prof/courses", student.cookie), "manage:class:own"))).toBe("/");
    expect(await redirectOf(requirePermission(browserRequest("/prof/courses", teacher.cookie), "manage:class:own"))).toBeNull();
  });
});

describe(`sessions and personal data (${process.env.TEST_DB_DRIVER})`, () => {
  it("signing out of all devices revokes the other sessions", async () => {
    await register("Multi", "multi@example.com");
    const login = async () =>
      cookiesFrom(
        ((await signIn({ identifier: "multi@example.com", password: STRONG }, browserRequest("/login"), nextIp())) as { headers: Headers })
          .headers,
      );
    const laptop = await login();
    const phone = await login();
    const current = (await getCurrentSession(browserRequest("/", laptop)))!;
    expect((await listSessions(current.user.id, current.sessionId)).length).toBe(3);
    expect((await signOutEverywhere(browserRequest("/compte", laptop))).ok).toBe(true);
    expect(await getCurrentSession(browserRequest("/", phone))).toBeNull();
    expect(await getCurrentSession(browserRequest("/", laptop))).toBeNull();
  });

  it("never lets a user revoke or read another user's rows", async () => {
    const alice = await register("Alice", "alice@example.com");
    const bob = await register("Bob", "bob@example.com");
    await saveActivity(bob.userId, { activityType: "search", inputData: { term: "séries" } });
    const [bobSession] = await handle.db.select().from(sessionTable).where(eq(sessionTable.userId, bob.userId));
    expect(await revokeSession(alice.userId, bobSession.id)).toBe(false);
    expect(await getCurrentSession(browserRequest("/", bob.cookie))).not.toBeNull();

    const exported = await exportUserData(alice.userId);
    expect(exported.profile.email).toBe("alice@example.com");
    expect(JSON.stringify(exported)).not.toContain("bob@example.com");
    expect(JSON.stringify(exported)).not.toContain("séries");
    expect(JSON.stringify(exported)).not.toMatch(/"token"|"password"|"secret"/);
    expect((await readHistory(alice.userId)).every((row) => row.userId === alice.userId)).toBe(true);
  });

  it("reads at most the 100 newest history rows, newest first", async () => {
    const { userId } = await register("Histo", "histo@example.com");
    const base = Date.now() - 200_000;
    await handle.db
      .insert(userActivityHistory)
      .values(
        Array.from({ length: 120 }, (_, i) => ({ userId, activityType: "search", createdAt: new Date(base + i * 1000), metadata: { i } })),
      );
    const rows = await readHistory(userId);
    expect(rows).toHaveLength(100);
    expect((rows[0].metadata as { i: number }).i).toBe(119);
    expect((rows[99].metadata as { i: number }).i).toBe(20);
  });
});
