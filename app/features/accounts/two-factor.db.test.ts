import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { session as sessionTable, user as userTable } from "../../../db/schema";
import { browserRequest, cookiesFrom, useTestDatabase } from "../../../tests/support/accounts";
import { totp, unusedTotp } from "../../../tests/support/totp";
import { changePassword, confirmTwoFactor, deleteAccount, disableTwoFactor, startTwoFactor } from "./account.server";
import { registerAccount, signIn, verifySignInCode } from "./accounts.server";
import { getCurrentSession } from "./session.server";

let handle: DatabaseHandle;
const PASSWORD = "violon-nuage-cerise-42";
let ip = 0;
const nextIp = () => `203.0.113.${++ip}`;
beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`two-factor authentication (${process.env.TEST_DB_DRIVER})`, () => {
  it("enrols with the password, asks for a code at sign-in, and is disabled with the password", async () => {
    const registered = await registerAccount(
      { firstName: "Totp", email: "totp@example.com", password: PASSWORD },
      browserRequest("/register"),
      "192.0.2.1",
    );
    if (!registered.ok) throw new Error(registered.message);
    const cookie = cookiesFrom(registered.headers);

    expect(await startTwoFactor(browserRequest("/compte", cookie), registered.userId, "mauvais")).toMatchObject({
      ok: false,
      message: "Mot de passe incorrect.",
    });
    const started = await startTwoFactor(browserRequest("/compte", cookie), registered.userId, PASSWORD);
    if (!started.ok) throw new Error(started.message);
    expect(started.enrolment.backupCodes.length).toBeGreaterThan(5);
    expect(started.enrolment.qrSvg).toContain("<svg");
    expect(await confirmTwoFactor(browserRequest("/compte", cookie), registered.userId, "192.0.2.1", "123456")).toMatchObject({
      ok: false,
      message: "Code incorrect.",
    });
    const enrolCode = totp(started.enrolment.secret);
    const confirmed = await confirmTwoFactor(browserRequest("/compte", cookie), registered.userId, "192.0.2.1", enrolCode);
    expect(confirmed.ok).toBe(true);
    const afterConfirm = cookiesFrom((confirmed as { headers: Headers }).headers, cookie);
    expect((await getCurrentSession(browserRequest("/", afterConfirm)))?.user.twoFactorEnabled).toBe(true);

    const first = await signIn({ identifier: "totp@example.com", password: PASSWORD }, browserRequest("/login"), "192.0.2.2");
    expect(first).toMatchObject({ ok: true, twoFactor: true });
    const pending = cookiesFrom((first as { headers: Headers }).headers);
    expect(await getCurrentSession(browserRequest("/", pending))).toBeNull();
    // The code that confirmed the enrolment is spent: the sign-in takes the next one.
    expect(await verifySignInCode(enrolCode, browserRequest("/login/verification", pending), "192.0.2.2")).toEqual({
      ok: false,
      message: "Ce code a déjà été utilisé. Attendez le code suivant de votre application.",
    });
    const second = await verifySignInCode(
      unusedTotp(started.enrolment.secret, [enrolCode]),
      browserRequest("/login/verification", pending),
      "192.0.2.2",
    );
    expect(second).toMatchObject({ ok: true });
    const signedIn = cookiesFrom((second as { headers: Headers }).headers, pending);
    expect((await getCurrentSession(browserRequest("/", signedIn)))?.user.email).toBe("totp@example.com");

    const disabled = await disableTwoFactor(browserRequest("/compte", signedIn), registered.userId, PASSWORD);
    expect(disabled.ok).toBe(true);
    const afterDisable = cookiesFrom((disabled as { headers: Headers }).headers, signedIn);
    expect((await getCurrentSession(browserRequest("/", afterDisable)))?.user.twoFactorEnabled).toBe(false);
    expect(await signIn({ identifier: "totp@example.com", password: PASSWORD }, browserRequest("/login"), "192.0.2.3")).toMatchObject({
      ok: true,
      twoFactor: false,
    });
  });

  /** An account with TOTP enabled; returns its secret and a signed-in cookie. */
  async function enrolled(email: string) {
    const registered = await registerAccount({ firstName: "Totp", email, password: PASSWORD }, browserRequest("/register"), nextIp());
    if (!registered.ok) throw new Error(registered.message);
    const cookie = cookiesFrom(registered.headers);
    const started = await startTwoFactor(browserRequest("/compte", cookie), registered.userId, PASSWORD);
    if (!started.ok) throw new Error(started.message);
    const enrolCode = totp(started.enrolment.secret);
    const confirmed = await confirmTwoFactor(browserRequest("/compte", cookie), registered.userId, nextIp(), enrolCode);
    if (!confirmed.ok) throw new Error(confirmed.message);
    return { userId: registered.userId, secret: started.enrolment.secret, enrolCode, cookie: cookiesFrom(confirmed.headers, cookie) };
  }

  /** The password step of a sign-in, from its own address; returns the pending-verification cookie. */
  async function passwordStep(email: string) {
    const first = await signIn({ identifier: email, password: PASSWORD }, browserRequest("/login"), nextIp());
    expect(first).toMatchObject({ ok: true, twoFactor: true });
    return cookiesFrom((first as { headers: Headers }).headers);
  }

  it("lets a code complete one sign-in only, even from two separate sign-ins", async () => {
    const { secret, enrolCode } = await enrolled("rejeu@example.com");
    const code = unusedTotp(secret, [enrolCode]);
    const pendingA = await passwordStep("rejeu@example.com");
    const pendingB = await passwordStep("rejeu@example.com");
    expect(await verifySignInCode(code, browserRequest("/login/verification", pendingA), nextIp())).toMatchObject({ ok: true });
    expect(await verifySignInCode(code, browserRequest("/login/verification", pendingB), nextIp())).toEqual({
      ok: false,
      message: "Ce code a déjà été utilisé. Attendez le code suivant de votre application.",
    });
    // The refused replay did not spend the second sign-in: the next code completes it.
    const next = await verifySignInCode(unusedTotp(secret, [enrolCode, code]), browserRequest("/login/verification", pendingB), nextIp());
    expect(next).toMatchObject({ ok: true });
    const rows = await handle.db
      .select()
      .from(sessionTable)
      .where(eq(sessionTable.userId, (next as { userId: string }).userId));
    expect(rows).toHaveLength(3); // enrolment, sign-in A, sign-in B: none from the replay
  });

  it("caps wrong codes per account, across addresses and fresh password steps", async () => {
    const { secret, enrolCode } = await enrolled("plafond@example.com");
    const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    for (let attempt = 0; attempt < 5; attempt++) {
      // A new sign-in from a new address each time: neither the IP budget nor the password step helps.
      const pending = await passwordStep("plafond@example.com");
      expect(await verifySignInCode(wrong, browserRequest("/login/verification", pending), nextIp())).toEqual({
        ok: false,
        message: "Code incorrect.",
      });
    }
    const pending = await passwordStep("plafond@example.com");
    const refused = await verifySignInCode(unusedTotp(secret, [enrolCode]), browserRequest("/login/verification", pending), nextIp());
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/) });
  });

  it("caps password attempts behind a session, whichever /compte action asks", async () => {
    const { userId, cookie } = await enrolled("session-volee@example.com");
    const request = () => browserRequest("/compte", cookie);
    const wrong = "pas-le-bon-mot-de-passe";
    expect(await disableTwoFactor(request(), userId, wrong)).toMatchObject({ ok: false, message: "Mot de passe incorrect." });
    expect(await startTwoFactor(request(), userId, wrong)).toMatchObject({ ok: false, message: "Mot de passe incorrect." });
    expect(await deleteAccount(request(), userId, wrong)).toMatchObject({ ok: false, message: "Mot de passe incorrect." });
    expect(await changePassword(request(), userId, { currentPassword: wrong, newPassword: "girafe-orage-piano-73" }, [])).toMatchObject({
      ok: false,
      message: "Mot de passe incorrect.",
    });
    expect(await disableTwoFactor(request(), userId, wrong)).toMatchObject({ ok: false, message: "Mot de passe incorrect." });
    // The sixth attempt is refused before the password is checked, even the right one.
    expect(await deleteAccount(request(), userId, PASSWORD)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/),
    });
    const [still] = await handle.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.id, userId));
    expect(still).toEqual({ id: userId });
  });
});
