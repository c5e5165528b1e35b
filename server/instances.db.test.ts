import { readFileSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "../tests/support/database";
import { type RunningServer, freePort, startServer } from "../tests/support/server";

/**
 * Two production servers on one PostgreSQL database, with the same secret and SITE_URL, behind a
 * round-robin proxy written for the test (README, « Several instances behind a load balancer »).
 * PostgreSQL only: PGlite is one process by design.
 */
const onPostgres = process.env.TEST_DB_DRIVER === "postgres";
const PASSWORD = "violon-nuage-cerise-42";
let a: RunningServer;
let b: RunningServer;
let proxyUrl = "";
let stopProxy = () => {};
let databaseUrl = "";
let dropDatabase = async () => {};

/**
 * Sends each request to the next instance in turn, or to the one an `X-Pin-Instance` header names (so a
 * test can post to a chosen instance with the public Host, as a load balancer forwards it);
 * `X-Instance` says which one answered.
 */
async function startProxy(port: number, targets: string[]) {
  let next = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const pinned = req.headers["x-pin-instance"];
    const index = pinned === undefined ? next++ % targets.length : Number(pinned);
    const target = new URL(targets[index]);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-instance": String(index) });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return () => server.close();
}

/** A form posted through the proxy, to instance `to` (0: A, 1: B) or round robin. */
async function post(to: 0 | 1 | undefined, pathname: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${proxyUrl}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: proxyUrl,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(to === undefined ? {} : { "X-Pin-Instance": String(to) }),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ ...fields, next: "/" }),
  });
}

function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair.includes("session_token") && !pair.endsWith("="))
    .join("; ");
}

async function signIn(to: 0 | 1, email: string): Promise<string> {
  const response = await post(to, "/login", { identifier: email, password: PASSWORD });
  expect(response.status).toBe(302);
  return sessionCookie(response);
}

const accountStatus = async (base: string, cookie: string) =>
  (await fetch(`${base}/compte`, { redirect: "manual", headers: { Cookie: cookie } })).status;

beforeAll(async () => {
  if (!onPostgres) return;
  const database = await createThrowawayDatabase();
  databaseUrl = database.url;
  dropDatabase = database.drop;
  const port = await freePort();
  proxyUrl = `http://localhost:${port}`;
  const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: "instances-test-secret-0123456789-abcdefghij", SITE_URL: proxyUrl };
  // Cold start of both at once on an empty database: the migrations wait for each other.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  stopProxy = await startProxy(port, [a.url, b.url]);
}, 120_000);

afterAll(async () => {
  stopProxy();
  await a?.stop();
  await b?.stop();
  await dropDatabase();
});

describe.runIf(onPostgres)("two instances on one PostgreSQL behind a round-robin proxy", () => {
  it("both started at once on an empty database, migrated once", async () => {
    for (const server of [a, b])
      expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: "ok", driver: "postgres" });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const migrations = readFileSync(path.resolve("db/migrations/meta/_journal.json"), "utf8");
    const { rows } = await client.query("select count(*)::int as applied from drizzle.__drizzle_migrations");
    await client.end();
    expect(rows[0].applied).toBe((JSON.parse(migrations) as { entries: unknown[] }).entries.length);
  });

  it("a session opened through one instance works on the other, and signing out on one revokes it on both", async () => {
    const signUp = await post(undefined, "/register", { firstName: "Deux", email: "deux@example.org", password: PASSWORD });
    expect(signUp.status).toBe(302);
    const cookie = await signIn(0, "deux@example.org");
    expect(await accountStatus(a.url, cookie)).toBe(200);
    expect(await accountStatus(b.url, cookie)).toBe(200);
    // Through the proxy: two requests in a row reach both instances.
    const answers = await Promise.all([0, 1].map(() => fetch(`${proxyUrl}/compte`, { redirect: "manual", headers: { Cookie: cookie } })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(new Set(answers.map((answer) => answer.headers.get("x-instance")))).toEqual(new Set(["0", "1"]));

    expect((await post(1, "/logout", {}, cookie)).status).toBe(302);
    expect(await accountStatus(b.url, cookie)).toBe(302);
    expect(await accountStatus(a.url, cookie)).toBe(302);
  });

  it("shares the sign-in rate limit: failures on both instances count together", async () => {
    await post(undefined, "/register", { firstName: "Limite", email: "limite@example.org", password: PASSWORD });
    for (const to of [0, 1, 0, 1, 0] as const) {
      const failed = await post(to, "/login", { identifier: "limite@example.org", password: "mauvais-mot-de-passe-1" });
      expect(await failed.text()).not.toContain("Trop de tentatives");
    }
    const sixth = await post(1, "/login", { identifier: "limite@example.org", password: PASSWORD });
    expect(sixth.status).not.toBe(302);
    expect(await sixth.text()).toContain("Trop de tentatives. Réessayez dans 15 minutes.");
  });

  it("a change made through one instance is read on the other at once (study history)", async () => {
    const cookie = await signIn(0, "deux@example.org");
    const saved = await fetch(`${proxyUrl}/api/activity`, {
      method: "POST",
      headers: { Origin: proxyUrl, Cookie: cookie, "Content-Type": "application/json", "X-Pin-Instance": "0" },
      body: JSON.stringify({ activityType: "exercise", metadata: { set: "suites" } }),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    const read = (await (await fetch(`${b.url}/api/activity`, { headers: { Cookie: cookie } })).json()) as { history: { id: number }[] };
    expect(read.history.map((entry) => entry.id)).toContain(id);
  });
});
