import { readFileSync, writeFileSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyInstances } from "../app/features/broadcast/broadcast.server";
import { createThrowawayDatabase } from "../tests/support/database";
import { postForm, sessionCookieOf } from "../tests/support/forms";
import { type RunningServer, buildSnapshot, freePort, startServer } from "../tests/support/server";

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
/** Both instances run from one copy of build/, as two processes on one machine would share it. */
let snapshot: ReturnType<typeof buildSnapshot> | undefined;

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
function post(to: 0 | 1 | undefined, pathname: string, fields: Record<string, string>, cookie = "") {
  return postForm(
    proxyUrl,
    pathname,
    { ...fields, next: "/" },
    {
      ...(to === undefined ? {} : { "X-Pin-Instance": String(to) }),
      ...(cookie ? { Cookie: cookie } : {}),
    },
  );
}

async function signIn(to: 0 | 1, email: string): Promise<string> {
  const response = await post(to, "/login", { identifier: email, password: PASSWORD });
  expect(response.status).toBe(302);
  return sessionCookieOf(response);
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
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "instances-test-secret-0123456789-abcdefghij",
    SITE_URL: proxyUrl,
    // A round of maintenance every second on each instance: rounds of both overlap all the time.
    MAINTENANCE_INTERVAL_SECONDS: "1",
  };
  // Cold start of both at once on an empty database: the migrations wait for each other.
  snapshot = buildSnapshot();
  const options = { cwd: snapshot.cwd };
  [a, b] = await Promise.all([startServer(env, options), startServer(env, options)]);
  stopProxy = await startProxy(port, [a.url, b.url]);
}, 120_000);

afterAll(async () => {
  stopProxy();
  await a?.stop();
  await b?.stop();
  await dropDatabase();
  snapshot?.remove();
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

  it("empties the page cache of both instances when a change is announced, and B hears again after losing its connection", async () => {
    const page = "/chapitres-libres/suites-cours";
    const cacheOf = async (base: string) => (await fetch(`${base}${page}`)).headers.get("x-cache");
    const warm = async (base: string) => {
      await cacheOf(base);
      expect(await cacheOf(base)).toBe("HIT");
    };
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await Promise.all([warm(a.url), warm(b.url)]);
      await notifyInstances(admin, "public-data");
      await expect.poll(() => cacheOf(a.url), { timeout: 2000 }).toBe("MISS");
      await expect.poll(() => cacheOf(b.url), { timeout: 2000 }).toBe("MISS");

      // B's LISTEN connection is killed: B reconnects by itself and hears the next announcement.
      const port = new URL(b.url).port;
      const { rows } = await admin.query<{ ended: boolean }>(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1",
        [`tremplin-listen:${port}`],
      );
      expect(rows).toEqual([{ ended: true }]);
      const notifications = async () => ((await (await fetch(`${b.url}/healthz`)).json()) as { notifications: string }).notifications;
      await expect.poll(notifications, { timeout: 5000 }).toBe("listening");
      await warm(b.url);
      await notifyInstances(admin, "content");
      await expect.poll(() => cacheOf(b.url), { timeout: 2000 }).toBe("MISS");
      expect(b.output()).toContain("The notification connection to PostgreSQL was lost");
    } finally {
      await admin.end();
    }
  });

  it("serves content rebuilt in place on both instances once it is announced (npm run build:content)", async () => {
    const page = "/apropos";
    const marker = "Texte publié sans redémarrer les serveurs";
    for (const server of [a, b]) expect(await (await fetch(`${server.url}${page}`)).text()).not.toContain(marker);
    // What build:content does to an entry's artefact, then its announcement.
    const artefact = path.join(snapshot!.cwd, "build/content/entries/apropos.json");
    const entry = JSON.parse(readFileSync(artefact, "utf8")) as { html: string };
    entry.html = `<p>${marker}</p>${entry.html}`;
    writeFileSync(artefact, JSON.stringify(entry));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await notifyInstances(admin, "content");
    await admin.end();
    for (const server of [a, b])
      await expect.poll(async () => (await (await fetch(`${server.url}${page}`)).text()).includes(marker), { timeout: 2000 }).toBe(true);
  });

  it("runs each round of maintenance on one instance at a time: expired sessions removed once, by one", async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ id: string }>(`select id from "user" where email = 'deux@example.org'`);
      // One statement: the three rows appear together, between two rounds.
      await admin.query(
        `insert into session (id, token, user_id, expires_at, created_at, updated_at)
         select 'expired-' || n, 'expired-' || n, $1, now() - interval '1 hour', now(), now() from generate_series(1, 3) as n`,
        [rows[0].id],
      );
      const left = async () => (await admin.query(`select count(*)::int as n from session where id like 'expired-%'`)).rows[0].n as number;
      await expect.poll(left, { timeout: 5000 }).toBe(0);
      // Both instances run a round every second; the three rows went in one round of one of them.
      const reports = [a, b].flatMap((server) => server.output().match(/Maintenance: removed 3 sessions/g) ?? []);
      expect(reports).toHaveLength(1);
      expect([a, b].flatMap((server) => server.output().match(/Maintenance: removed [12] sessions/g) ?? [])).toEqual([]);
    } finally {
      await admin.end();
    }
  });

  it(
    "stops B on SIGTERM during a burst of writes through the proxy: B exits 0, A goes on, no acknowledged write is lost",
    { timeout: 60_000 },
    async () => {
      const cookie = await signIn(0, "deux@example.org");
      const acknowledged: { id: number; instance: string | null; afterStop: boolean }[] = [];
      let stopRequested = false;
      const exited = new Promise<number | null>((resolve) => b.process.once("exit", resolve));
      const client = async (n: number) => {
        for (let i = 0; i < 25; i++) {
          const response = await fetch(`${proxyUrl}/api/activity`, {
            method: "POST",
            headers: { Origin: proxyUrl, Cookie: cookie, "Content-Type": "application/json" },
            body: JSON.stringify({ activityType: "exercise", metadata: { client: n, index: i } }),
          }).catch(() => undefined);
          // Requests that reach B once it stopped listening fail at the proxy (this one does not retry).
          if (response?.status === 201)
            acknowledged.push({
              id: ((await response.json()) as { id: number }).id,
              instance: response.headers.get("x-instance"),
              afterStop: stopRequested,
            });
          if (acknowledged.length >= 40 && !stopRequested) {
            stopRequested = true;
            b.process.kill("SIGTERM");
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, (_, n) => client(n)));
      expect(await exited).toBe(0);
      expect(b.output()).toContain("Stopped.");
      expect(acknowledged.some((write) => write.afterStop && write.instance === "0")).toBe(true);
      const reader = new pg.Client({ connectionString: databaseUrl });
      await reader.connect();
      const stored = new Set(
        (await reader.query<{ id: string }>("select id from user_activity_history")).rows.map((row) => Number(row.id)),
      );
      await reader.end();
      for (const write of acknowledged) expect(stored.has(write.id), `write ${write.id}`).toBe(true);
    },
  );
});
