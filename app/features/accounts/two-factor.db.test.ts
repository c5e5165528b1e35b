import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { browserRequest, cookiesFrom, useTestDatabase } from "../../../tests/support/accounts";
import { totp } from "../../../tests/support/totp";
import { confirmTwoFactor, disableTwoFactor, startTwoFactor } from "./account.server";
import { registerAccount, signIn, verifySignInCode } from "./accounts.server";
import { getCurrentSession } from "./session.server";

let handle: DatabaseHandle;
const PASSWORD = "violon-nuage-cerise-42";
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

    expect(await startTwoFactor(browserRequest("/compte", cookie), "mauvais")).toMatchObject({
      ok: false,
      message: "Mot de passe incorrect.",
    });
    const started = await startTwoFactor(browserRequest("/compte", cookie), PASSWORD);
    if (!started.ok) throw new Error(started.message);
    expect(started.enrolment.backupCodes.length).toBeGreaterThan(5);
    expect(started.enrolment.qrSvg).toContain("<svg");
    expect(await confirmTwoFactor(browserRequest("/compte", cookie), registered.userId, "192.0.2.1", "123456")).toMatchObject({
      ok: false,
      message: "Code incorrect.",
    });
    const confirmed = await confirmTwoFactor(
      browserRequest("/compte", cookie),
      registered.userId,
      "192.0.2.1",
      totp(started.enrolment.secret),
    );
    expect(confirmed.ok).toBe(true);
    const afterConfirm = cookiesFrom((confirmed as { headers: Headers }).headers, cookie);
    expect((await getCurrentSession(browserRequest("/", afterConfirm)))?.user.twoFactorEnabled).toBe(true);

    const first = await signIn({ identifier: "totp@example.com", password: PASSWORD }, browserRequest("/login"), "192.0.2.2");
    expect(first).toMatchObject({ ok: true, twoFactor: true });
    const pending = cookiesFrom((first as { headers: Headers }).headers);
    expect(await getCurrentSession(browserRequest("/", pending))).toBeNull();
    const second = await verifySignInCode(totp(started.enrolment.secret), browserRequest("/login/verification", pending), "192.0.2.2");
    expect(second).toMatchObject({ ok: true });
    const signedIn = cookiesFrom((second as { headers: Headers }).headers, pending);
    expect((await getCurrentSession(browserRequest("/", signedIn)))?.user.email).toBe("totp@example.com");

    const disabled = await disableTwoFactor(browserRequest("/compte", signedIn), PASSWORD);
    expect(disabled.ok).toBe(true);
    const afterDisable = cookiesFrom((disabled as { headers: Headers }).headers, signedIn);
    expect((await getCurrentSession(browserRequest("/", afterDisable)))?.user.twoFactorEnabled).toBe(false);
    expect(await signIn({ identifier: "totp@example.com", password: PASSWORD }, browserRequest("/login"), "192.0.2.3")).toMatchObject({
      ok: true,
      twoFactor: false,
    });
  });
});
