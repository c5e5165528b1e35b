import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../app/features/http/unavailable.server";
import { createThrowawayDatabase } from "../tests/support/database";
import { signInThroughForm, signUpThroughForm } from "../tests/support/forms";
import { type RunningServer, startServer } from "../tests/support/server";

/** The built production server started the way `npm start` does, on the driver of this project. */
const driver = process.env.TEST_DB_DRIVER;
let server: RunningServer;
let dropDatabase = async () => {};
let databaseName = "";
let databaseUrl = "";

beforeAll(async () => {
  if (!existsSync(path.resolve("build/server/index.js"))) throw new Error("Run `npm run build` first (npm test does it).");
  if (driver === "postgres") {
    const database = await createThrowawayDatabase();
    server = await startServer({ DATABASE_URL: database.url });
    databaseName = new URL(database.url).pathname.slice(1);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  } else {
    server = await startServer();
  }
});

afterAll(async () => {
  await server?.stop();
  await dropDatabase();
});

describe(`production server on ${driver}`, () => {
  it("migrates the database at start and reports it on /healthz", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(await response.json()).toEqual({
      status: "ok",
      database: "ok",
      driver: driver === "postgres" ? "postgres" : "pglite",
      notifications: "listening",
    });
  });

  it.runIf(driver === "postgres")("survives PostgreSQL closing its idle connections and reconnects", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [databaseName],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.process.exitCode).toBeNull();
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(server.output()).toContain("An idle PostgreSQL connection was closed");
  });

  it.runIf(driver === "postgres")(
    "keeps serving when PostgreSQL's connections are cut under load, and loses no acknowledged write",
    { timeout: 60_000 },
    async () => {
      const account = { firstName: "Coupure", email: "coupure@example.org", password: "violon-nuage-cerise-42" };
      await signUpThroughForm(server.url, account);
      const cookie = await signInThroughForm(server.url, account);

      const acknowledged: number[] = [];
      const failures: { status: number; body: string }[] = [];
      let writing = true;
      const writer = async () => {
        while (writing) {
          const response = await fetch(`${server.url}/api/activity`, {
            method: "POST",
            headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/json" },
            body: JSON.stringify({ activityType: "exercise" }),
          });
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: number }).id);
          else failures.push({ status: response.status, body: await response.text() });
        }
      };
      // Readers too: a signed-in page (its loaders read the session) and the history API.
      const reads: { path: string; status: number; body: string }[] = [];
      const reader = async (path: string) => {
        while (writing) {
          const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
          reads.push({ path, status: response.status, body: await response.text() });
        }
      };
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const writers = [...Array.from({ length: 4 }, writer), reader("/compte"), reader("/api/activity")];
      try {
        for (let cut = 0; cut < 3; cut++) {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
            databaseName,
          ]);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        writing = false;
        await Promise.all(writers);
      }
      expect(server.process.exitCode).toBeNull();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // A request cut with its connection is answered 503 in French (nothing acknowledged: it may retry).
      for (const failure of failures)
        expect(failure).toEqual({ status: 503, body: JSON.stringify({ error: SERVICE_UNAVAILABLE_MESSAGE }) });
      // A read cut short gets a French answer: the API's 503, or the page « Une erreur est survenue ».
      expect(reads.filter((read) => read.status === 200).length).toBeGreaterThan(10);
      for (const read of reads.filter((read) => read.status !== 200)) {
        if (read.path === "/api/activity")
          expect(read).toEqual({ path: read.path, status: 503, body: JSON.stringify({ error: "Impossible de récupérer l'historique" }) });
        else {
          expect(read.status, read.body.slice(0, 200)).toBe(500);
          // What the visitor reads (React Router's hydration data keeps its own English placeholder, never shown).
          const visible = read.body.replace(/<script[\s\S]*?<\/script>/g, "");
          expect(visible).toContain("Une erreur est survenue");
          expect(visible).not.toMatch(/Unexpected Server Error|at .+\.(js|ts):\d+/);
        }
      }
      await admin.end();
      const check = new pg.Client({ connectionString: databaseUrl });
      await check.connect();
      const { rows } = await check.query<{ id: string }>("select id from user_activity_history");
      await check.end();
      const stored = new Set(rows.map((row) => Number(row.id)));
      expect(acknowledged.length).toBeGreaterThan(20);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    },
  );

  it.runIf(driver !== "postgres")("refuses a second process on the same embedded database folder, with a clear message", async () => {
    const second = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: server.dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    second.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => second.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain(`The embedded database in ${server.dataDir} is already open in process`);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
