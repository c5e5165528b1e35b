import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { account as accountTable, reviews, session as sessionTable, user as userTable } from "../../../db/schema";
import { browserRequest, cookiesFrom, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { formRequest, unwrap } from "../../../tests/support/routes";
import { action as dashboardAction } from "../../routes/dashboard";
import { action as reviewsAction } from "../../routes/reviews";
import { createClass, listStudentClasses } from "../classes/classes.server";
import { HONEYPOT_FIELD } from "../requests/requests";
import { setRole } from "./roles.server";
import { VERIFICATION_MESSAGES } from "./verification-messages";
import { codeIn, mailsTo, verificationLinkIn, waitForMail } from "../../../tests/support/outbox";
import { totp, unusedTotp } from "../../../tests/support/totp";
import { confirmTwoFactor, startTwoFactor } from "./account.server";
import { registerAccount, requestSignInCode, signIn, signInWithCode, verifySignInCode } from "./accounts.server";
import { getCurrentSession } from "./session.server";
import {
  confirmEmailChange,
  isEmailVerified,
  requestEmailChange,
  resendVerificationEmail,
  verifyEmailCode,
  verifyEmailLink,
} from "./verification.server";

let handle: DatabaseHandle;
const PASSWORD = "violon-nuage-cerise-42";
const DATA_DIR = process.env.DATA_DIR!;
let ip = 0;
const nextIp = () => `203.0.114.${++ip}`;
let emails = 0;
const newEmail = (name: string) => `${name}.${Date.now().toString(36)}.${++emails}@example.com`;

async function register(firstName: string, email = newEmail(firstName.toLowerCase())) {
  const result = await registerAccount({ firstName, email, password: PASSWORD }, browserRequest("/register"), nextIp());
  if (!result.ok) throw new Error(result.message);
  return { userId: result.userId, email, cookie: cookiesFrom(result.headers) };
}

const tokenOf = (mail: string) => new URL(verificationLinkIn(mail), "http://localhost").searchParams.get("token")!;

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`e-mail verification (${process.env.TEST_DB_DRIVER})`, () => {
  it("sends a link and a code at sign-up; the link confirms the address, once", async () => {
    const { userId, email } = await register("Lien");
    expect(await isEmailVerified(userId)).toBe(false);
    const mail = await waitForMail(DATA_DIR, email, /^Confirmez votre adresse e-mail Tremplin$/);
    expect(mail).toContain("Bonjour Lien,");
    expect(mail).toMatch(/valable 24\sheures/);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    const token = tokenOf(mail);

    expect(await verifyEmailLink(`${token}x`)).toEqual({
      ok: false,
      message: "Ce lien de confirmation est invalide ou a expiré. Demandez-en un nouveau depuis la page Mon compte.",
    });
    expect(await verifyEmailLink(token)).toEqual({ ok: true });
    expect(await isEmailVerified(userId)).toBe(true);
    // Opened again (a mail client's preview, a second click): still fine, nothing changes.
    expect(await verifyEmailLink(token)).toEqual({ ok: true });
  });

  it("confirms with the 6-digit code of the same message; a wrong code is refused and counted", async () => {
    const { userId, email } = await register("Code");
    const code = codeIn(await waitForMail(DATA_DIR, email, /^Confirmez votre adresse/));
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await verifyEmailCode({ id: userId, email }, wrong, nextIp())).toEqual({
      ok: false,
      message: "Code incorrect.",
      fieldErrors: { code: "Code incorrect." },
    });
    expect(await verifyEmailCode({ id: userId, email }, code, nextIp())).toEqual({ ok: true });
    expect(await isEmailVerified(userId)).toBe(true);
    // Single use.
    expect(await verifyEmailCode({ id: userId, email }, code, nextIp())).toMatchObject({ ok: false, message: "Code incorrect." });
  });

  it("« Renvoyer l'e-mail » waits a minute after the last message and stops once the address is confirmed", async () => {
    const { userId, email, cookie } = await register("Renvoi");
    const refused = await resendVerificationEmail(browserRequest("/compte", cookie), { id: userId, email });
    expect(refused).toMatchObject({ ok: false });
    expect((refused as { message: string }).message).toMatch(/^Patientez encore \d+ secondes? avant de renvoyer l'e-mail\.$/);
    expect(mailsTo(DATA_DIR, email)).toHaveLength(1);

    // A minute later (the cooldown row aged by hand), a new link and a new code go out.
    await handle.db.execute(
      `update rate_limit_buckets set window_started_at = now() - interval '61 seconds' where key = 'verify-mail:cooldown:${userId}'` as never,
    );
    expect(await resendVerificationEmail(browserRequest("/compte", cookie), { id: userId, email })).toEqual({ ok: true });
    const second = await waitForMail(DATA_DIR, email, /^Confirmez votre adresse/, 2);
    expect(await verifyEmailCode({ id: userId, email }, codeIn(second), nextIp())).toEqual({ ok: true });
    expect(await resendVerificationEmail(browserRequest("/compte", cookie), { id: userId, email })).toEqual({
      ok: false,
      message: "Votre adresse e-mail est déjà confirmée.",
    });
  });

  it("counts a password reset as proof of the address", async () => {
    const { userId, email } = await register("Reset");
    const { requestPasswordReset, resetPassword } = await import("./accounts.server");
    await requestPasswordReset(email, nextIp());
    const mail = await waitForMail(DATA_DIR, email, /^Réinitialisation/);
    const token = decodeURIComponent(/reinitialiser-mot-de-passe\?token=(\S+)/.exec(mail)![1]);
    expect(await resetPassword(token, "nouveau-cahier-violet-77")).toEqual({ ok: true });
    expect(await isEmailVerified(userId)).toBe(true);
  });
});

describe(`sign-in by e-mail code (${process.env.TEST_DB_DRIVER})`, () => {
  it("answers the same for an unknown address, mails a code to a known one, and the code signs in once", async () => {
    const { userId, email } = await register("Otp");
    expect((await verifyEmailLink(tokenOf(await waitForMail(DATA_DIR, email, /^Confirmez/)))).ok).toBe(true);
    expect(await requestSignInCode("inconnu.otp@example.com", nextIp())).toEqual({ ok: true });
    expect(await requestSignInCode(email, nextIp())).toEqual({ ok: true });
    const mail = await waitForMail(DATA_DIR, email, /^Votre code de connexion Tremplin$/);
    expect(mailsTo(DATA_DIR, "inconnu.otp@example.com")).toEqual([]);
    const code = codeIn(mail);
    expect(mail).toMatch(/valable 10\sminutes/);

    expect(await signInWithCode({ email: "inconnu.otp@example.com", code }, browserRequest("/login/code"), nextIp())).toEqual({
      ok: false,
      message: "Code incorrect.",
    });
    const signedIn = await signInWithCode({ email, code }, browserRequest("/login/code"), nextIp());
    expect(signedIn).toMatchObject({ ok: true, twoFactor: false, userId, passwordRemoved: false });
    const session = await getCurrentSession(browserRequest("/", cookiesFrom((signedIn as { headers: Headers }).headers)));
    expect(session?.user).toMatchObject({ id: userId, emailVerified: true });
    expect(await signInWithCode({ email, code }, browserRequest("/login/code"), nextIp())).toEqual({
      ok: false,
      message: "Code incorrect.",
    });
    // The address was proven: the password stays.
    expect(await signIn({ identifier: email, password: PASSWORD }, browserRequest("/login"), nextIp())).toMatchObject({ ok: true });
  });

  it("limits codes per address: a fourth request within 15 minutes is refused", async () => {
    const email = newEmail("limite");
    for (let n = 0; n < 3; n++) expect(await requestSignInCode(email, nextIp())).toEqual({ ok: true });
    expect(await requestSignInCode(email, nextIp())).toEqual({ ok: false, message: "Trop de tentatives. Réessayez dans 15 minutes." });
  });

  it("refuses a code after five wrong guesses, even the right one", async () => {
    const { email } = await register("Essais");
    await requestSignInCode(email, nextIp());
    const code = codeIn(await waitForMail(DATA_DIR, email, /^Votre code de connexion/));
    const wrong = code === "000000" ? "111111" : "000000";
    for (let n = 0; n < 5; n++) await signInWithCode({ email, code: wrong }, browserRequest("/login/code"), nextIp());
    expect(await signInWithCode({ email, code }, browserRequest("/login/code"), nextIp())).toMatchObject({ ok: false });
  });

  it("removes a password chosen before the address was proven, and says so", async () => {
    // Someone signed up with an address that is not theirs; its owner signs in with a code.
    const { userId, email } = await register("Squat");
    await requestSignInCode(email, nextIp());
    const code = codeIn(await waitForMail(DATA_DIR, email, /^Votre code de connexion/));
    const signedIn = await signInWithCode({ email, code }, browserRequest("/login/code"), nextIp());
    expect(signedIn).toMatchObject({ ok: true, passwordRemoved: true });
    const credentials = await handle.db.select().from(accountTable).where(eq(accountTable.userId, userId));
    expect(credentials).toEqual([]);
    expect(await signIn({ identifier: email, password: PASSWORD }, browserRequest("/login"), nextIp())).toMatchObject({
      ok: false,
      message: "Identifiants incorrects",
    });
    // The squatter's session ended; only the owner's remains.
    expect(await handle.db.select().from(sessionTable).where(eq(sessionTable.userId, userId))).toHaveLength(1);
  });

  it("with two-factor authentication on, holds the session back until the TOTP step", async () => {
    const { userId, email, cookie } = await register("Double");
    const started = await startTwoFactor(browserRequest("/compte", cookie), userId, PASSWORD);
    if (!started.ok) throw new Error(started.message);
    const enrolCode = totp(started.enrolment.secret);
    expect((await confirmTwoFactor(browserRequest("/compte", cookie), userId, nextIp(), enrolCode)).ok).toBe(true);
    await handle.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, userId));

    await requestSignInCode(email, nextIp());
    const code = codeIn(await waitForMail(DATA_DIR, email, /^Votre code de connexion/));
    const first = await signInWithCode({ email, code }, browserRequest("/login/code"), nextIp());
    expect(first).toMatchObject({ ok: true, twoFactor: true });
    const pending = cookiesFrom((first as { headers: Headers }).headers);
    expect(await getCurrentSession(browserRequest("/", pending))).toBeNull();
    const second = await verifySignInCode(
      unusedTotp(started.enrolment.secret, [enrolCode]),
      browserRequest("/login/verification", pending),
      nextIp(),
    );
    expect(second).toMatchObject({ ok: true, userId });
  });
});

describe(`what waits for a confirmed address (${process.env.TEST_DB_DRIVER})`, () => {
  const actionArgs = (request: Request, pattern: string) => ({ request, pattern, params: {}, context: { clientIp: nextIp() } }) as never;

  it("refuses a class join and a review with 403 and stores nothing; once confirmed, both go through", async () => {
    const teacher = await registerStudent("Prof");
    await setRole(teacher.id, "prof");
    const classRecord = await createClass(teacher.id, {
      name: "ECG 1 — confirmation",
      subject: "maths-approfondies",
      level: "ecg1",
      schoolYear: "2026-2027",
      grantsMaths: false,
    });
    const student = await registerStudent("Nouvelle", { emailVerified: false });
    const join = () =>
      dashboardAction(actionArgs(formRequest("/dashboard", student.cookie, { intent: "join", code: classRecord.joinCode }), "/dashboard"));
    const review = () =>
      reviewsAction(
        actionArgs(
          formRequest("/avis", student.cookie, {
            intent: "save",
            rating: "5",
            subject: "maths",
            offer: "coaching-maths",
            text: "Des séances claires et des exercices bien choisis avant chaque DS.",
            [HONEYPOT_FIELD]: "",
          }),
          "/avis",
        ),
      );

    expect(unwrap(await join())).toMatchObject({ status: 403, body: { codeError: VERIFICATION_MESSAGES.classJoin } });
    expect(unwrap(await review())).toMatchObject({ status: 403, body: { message: VERIFICATION_MESSAGES.review } });
    expect(await listStudentClasses(student.id)).toEqual([]);
    expect(await handle.db.select().from(reviews).where(eq(reviews.userId, student.id))).toEqual([]);

    await handle.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, student.id));
    expect(await redirectOf(Promise.resolve().then(join))).toBe("/dashboard#classes");
    expect(await listStudentClasses(student.id)).toHaveLength(1);
    expect(unwrap(await review()).status).toBe(200);
    expect(await handle.db.select().from(reviews).where(eq(reviews.userId, student.id))).toHaveLength(1);
  });
});

describe(`changing the address (${process.env.TEST_DB_DRIVER})`, () => {
  it("sends a code to the new address, switches only when it is typed, and tells the old address", async () => {
    const { userId, email, cookie } = await register("Change");
    const user = { id: userId, email, firstName: "Change" };
    const target = newEmail("nouvelle");
    expect(await requestEmailChange(browserRequest("/compte", cookie), user, email)).toMatchObject({
      ok: false,
      message: "C'est déjà l'adresse de votre compte.",
    });
    expect(await requestEmailChange(browserRequest("/compte", cookie), user, target)).toEqual({ ok: true });
    const mail = await waitForMail(DATA_DIR, target, /^Confirmez votre nouvelle adresse e-mail Tremplin$/);
    expect((await getCurrentSession(browserRequest("/", cookie)))?.user.email).toBe(email);

    const code = codeIn(mail);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await confirmEmailChange(browserRequest("/compte", cookie), user, { newEmail: target, code: wrong }, nextIp())).toMatchObject({
      ok: false,
      message: "Code incorrect.",
    });
    const changed = await confirmEmailChange(browserRequest("/compte", cookie), user, { newEmail: target, code }, nextIp());
    expect(changed).toMatchObject({ ok: true });
    const session = await getCurrentSession(browserRequest("/", cookiesFrom((changed as { headers: Headers }).headers, cookie)));
    expect(session?.user).toMatchObject({ email: target, emailVerified: true });
    const notice = await waitForMail(DATA_DIR, email, /^L'adresse e-mail de votre compte Tremplin a changé$/);
    expect(notice).toContain(target);
  });

  it("sends nothing to an address another account holds, and answers the same", async () => {
    const other = await register("Autre");
    const { userId, email, cookie } = await register("Prend");
    expect(await requestEmailChange(browserRequest("/compte", cookie), { id: userId, email }, other.email)).toEqual({ ok: true });
    // A change code is sent before the call returns: none went to the other account's address.
    expect(mailsTo(DATA_DIR, other.email).filter((mail) => /nouvelle adresse/.test(mail))).toEqual([]);
  });
});
