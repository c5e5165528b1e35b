import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { session as sessionTable, user as userTable } from "../../../db/schema";
import { browserRequest, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { codeIn, waitForMail } from "../../../tests/support/outbox";
import { formRequest, routeArgs, unwrap } from "../../../tests/support/routes";
import { loader as exportLoader } from "../../routes/account-export";
import { action as accountAction } from "../../routes/account";
import { deleteAccount } from "./account.server";
import { REAUTH_MESSAGES } from "./reauthentication.server";

let handle: DatabaseHandle;
const PASSWORD = "violon-nuage-cerise-42";
let ip = 0;
const send = (cookie: string, fields: Record<string, string>) =>
  accountAction({
    request: formRequest("/compte", cookie, fields),
    pattern: "/compte",
    params: {},
    context: { clientIp: `203.0.115.${++ip}` },
  } as never);

/** The session as if its sign-in were 16 minutes old. */
async function ageSessions(userId: string) {
  await handle.db
    .update(sessionTable)
    .set({ authenticatedAt: sql`now() - interval '16 minutes'` })
    .where(eq(sessionTable.userId, userId));
}

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`re-authentication (${process.env.TEST_DB_DRIVER})`, () => {
  it("a sign-in older than 15 minutes stops the address change and the export until the password confirms", async () => {
    const student = await registerStudent("Recent");
    // Just signed in: allowed.
    expect(unwrap(await send(student.cookie, { intent: "email-change-start", newEmail: `neuve.${student.id}@example.com` })).status).toBe(
      200,
    );

    await ageSessions(student.id);
    expect(unwrap(await send(student.cookie, { intent: "email-change-start", newEmail: `autre.${student.id}@example.com` }))).toMatchObject(
      {
        status: 403,
        body: { message: REAUTH_MESSAGES.required, values: { newEmail: `autre.${student.id}@example.com` } },
      },
    );
    expect(await redirectOf(exportLoader(routeArgs(browserRequest("/compte/export", student.cookie), "/compte/export")))).toBe(
      "/compte#confirmer-identite",
    );

    expect(unwrap(await send(student.cookie, { intent: "reauth-password", password: "mauvais" }))).toMatchObject({
      status: 400,
      body: { message: "Mot de passe incorrect." },
    });
    expect(unwrap(await send(student.cookie, { intent: "reauth-password", password: PASSWORD })).status).toBe(200);
    expect(unwrap(await send(student.cookie, { intent: "email-change-start", newEmail: `autre.${student.id}@example.com` })).status).toBe(
      200,
    );
    const exported = await exportLoader(routeArgs(browserRequest("/compte/export", student.cookie), "/compte/export"));
    expect((exported as Response).headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const body = JSON.parse(await (exported as Response).text());
    expect(body.signInMethods).toEqual([{ provider: "credential", linkedAt: expect.any(String) }]);
    expect(JSON.stringify(body)).not.toMatch(/password|accessToken|idToken/i);
  });

  it("a code sent to the address confirms too, once", async () => {
    const student = await registerStudent("Code");
    await ageSessions(student.id);
    expect(unwrap(await send(student.cookie, { intent: "reauth-code-send" })).status).toBe(200);
    const code = codeIn(await waitForMail(process.env.DATA_DIR!, student.email, /^Votre code de confirmation d'identité Tremplin$/));
    expect(unwrap(await send(student.cookie, { intent: "reauth-code", code })).status).toBe(200);
    const [row] = await handle.db
      .select({ at: sessionTable.authenticatedAt })
      .from(sessionTable)
      .where(eq(sessionTable.userId, student.id));
    expect(Date.now() - row.at.getTime()).toBeLessThan(60_000);
    expect(unwrap(await send(student.cookie, { intent: "reauth-code", code }))).toMatchObject({
      status: 400,
      body: { message: "Code incorrect." },
    });
  });

  it("deleting an account that has a password needs it, even empty-handed", async () => {
    const student = await registerStudent("Garde");
    expect(await deleteAccount(browserRequest("/compte", student.cookie), student.id, "")).toMatchObject({
      ok: false,
      message: "Indiquez votre mot de passe.",
    });
    expect(await handle.db.select().from(userTable).where(eq(userTable.id, student.id))).toHaveLength(1);
  });
});
