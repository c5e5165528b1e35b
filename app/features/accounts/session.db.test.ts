import { execFileSync } from "node:child_process";
import { createHmac, randomBytes, scrypt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { account as accountTable, session as sessionTable } from "../../../db/schema";
import { browserRequest, cookiesFrom, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { signIn, signOut } from "./accounts.server";
import { setRole } from "./roles.server";
import { getSessionLookup, verifiedCookieValue } from "./session.server";

let handle: DatabaseHandle;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** Round trips to the database while `run` runs (both drivers' clients answer `query`). */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const client = (handle.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

async function sessionIdOf(cookie: string) {
  const lookup = await getSessionLookup(browserRequest("/compte", cookie));
  return lookup.session!.sessionId;
}

describe(`session lookup (${process.env.TEST_DB_DRIVER})`, () => {
  it("reads the session, its user and the role in one query", async () => {
    const student = await registerStudent("Inès");
    await setRole(student.id, "prof");
    let role: string | undefined;
    const queries = await countQueries(async () => {
      role = (await getSessionLookup(browserRequest("/compte", student.cookie))).session?.user.role;
    });
    expect(role).toBe("prof");
    expect(queries).toBe(1);
  });

  it("asks once per request, however many loaders ask", async () => {
    const student = await registerStudent("Hugo");
    const request = browserRequest("/dashboard", student.cookie);
    const queries = await countQueries(() =>
      Promise.all([getSessionLookup(request), getSessionLookup(request), getSessionLookup(request)]),
    );
    expect(queries).toBe(1);
  });

  it("refuses a cookie whose signature was altered, without reading the database", async () => {
    const student = await registerStudent("Yanis");
    // The same token with a well-formed signature that is not the right one.
    const forged = encodeURIComponent(Buffer.alloc(32, 7).toString("base64"));
    const altered = student.cookie.replace(/(session_token=[^.;]+\.)[^;]+/, `$1${forged}`);
    expect(altered).not.toBe(student.cookie);
    let session: unknown;
    const queries = await countQueries(async () => {
      session = (await getSessionLookup(browserRequest("/compte", altered))).session;
    });
    expect(session).toBeNull();
    expect(queries).toBe(0);
  });

  it("refuses a revoked session and clears its cookie", async () => {
    const student = await registerStudent("Maëlle");
    await signOut(browserRequest("/logout", student.cookie), student.id);
    const lookup = await getSessionLookup(browserRequest("/compte", student.cookie));
    expect(lookup.session).toBeNull();
    expect(cookiesFrom(lookup.headers, student.cookie)).not.toContain("session_token=");
  });

  it("refuses an expired session", async () => {
    const student = await registerStudent("Noé");
    const id = await sessionIdOf(student.cookie);
    const db = handle.db;
    await db
      .update(sessionTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionTable.id, id));
    expect((await getSessionLookup(browserRequest("/compte", student.cookie))).session).toBeNull();
  });

  it("extends a session once a day and sends its cookie again (sliding expiry)", async () => {
    const student = await registerStudent("Lou");
    const id = await sessionIdOf(student.cookie);
    const db = handle.db;
    // Last extended two days ago: 28 of its 30 days are left.
    await db
      .update(sessionTable)
      .set({ expiresAt: new Date(Date.now() + 28 * DAY) })
      .where(eq(sessionTable.id, id));
    const lookup = await getSessionLookup(browserRequest("/compte", student.cookie));
    expect(lookup.session?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);
    expect(lookup.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(true);
    const [row] = await db.select({ expiresAt: sessionTable.expiresAt }).from(sessionTable).where(eq(sessionTable.id, id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);
    // Extended: the next request is the one-query path again, with nothing to send.
    const next = await getSessionLookup(browserRequest("/compte", student.cookie));
    expect(next.headers.getSetCookie()).toEqual([]);
  });
});

describe("signed cookies", () => {
  it("accept only the HMAC-SHA256 of the token under the secret", () => {
    const secret = "secret-0123456789-abcdefghijklmnopqrstuvwxyz";
    const signature = (token: string) => createHmac("sha256", secret).update(token).digest("base64");
    expect(verifiedCookieValue(`abc.${signature("abc")}`, secret)).toBe("abc");
    expect(verifiedCookieValue(`abd.${signature("abc")}`, secret)).toBeNull();
    expect(verifiedCookieValue(`abc.${signature("abc")}`, `${secret}x`)).toBeNull();
    expect(verifiedCookieValue("abc", secret)).toBeNull();
    expect(verifiedCookieValue("abc.c2hvcnQ=", secret)).toBeNull();
  });
});

describe(`passwords (${process.env.TEST_DB_DRIVER})`, () => {
  it("hash with node:crypto's scrypt: better-auth resolves its Node implementation", () => {
    const resolved = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", "console.log(import.meta.resolve('@better-auth/utils/password'))"],
      {
        encoding: "utf8",
      },
    );
    expect(resolved.trim()).toMatch(/@better-auth\/utils\/dist\/password\.node\.mjs$/);
  });

  it("keep the stored format: an account hashed with scrypt N=16384, r=16, p=1 as salt:key signs in", async () => {
    const student = await registerStudent("Sacha");
    const password = "Orage-tilleul-58-marmotte";
    const salt = randomBytes(16).toString("hex");
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 }, (error, derived) =>
        error ? reject(error) : resolve(derived),
      ),
    );
    await handle.db
      .update(accountTable)
      .set({ password: `${salt}:${key.toString("hex")}` })
      .where(eq(accountTable.userId, student.id));
    const result = await signIn({ identifier: student.email, password }, browserRequest("/login"), "198.18.200.1");
    expect(result).toMatchObject({ ok: true, userId: student.id });
    const wrong = await signIn({ identifier: student.email, password: `${password}!` }, browserRequest("/login"), "198.18.200.2");
    expect(wrong).toMatchObject({ ok: false, message: "Identifiants incorrects" });
  });
});
