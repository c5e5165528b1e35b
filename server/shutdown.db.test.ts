import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteExtensions } from "../db/pglite-extensions.server";
import { afterAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "../tests/support/database";
import { signInThroughForm, signUpThroughForm } from "../tests/support/forms";
import { type RunningServer, startServer } from "../tests/support/server";

/** SIGTERM on the built production server during a burst of writes, on the driver of this project. */
const driver = process.env.TEST_DB_DRIVER;
let server: RunningServer | undefined;
let dropDatabase = async () => {};

afterAll(async () => {
  await server?.stop();
  await dropDatabase();
});

/** A new account, signed in through the forms; the Cookie header of its session. */
async function signUp(url: string): Promise<string> {
  const account = { firstName: "Arrêt", email: "arret@example.org", password: "violon-nuage-cerise-42" };
  await signUpThroughForm(url, account);
  return signInThroughForm(url, account);
}

describe(`graceful shutdown on ${driver === "postgres" ? "PostgreSQL" : "PGlite"}`, () => {
  it("finishes the requests in flight, closes the database, exits 0, and loses no acknowledged write", { timeout: 120_000 }, async () => {
    if (!existsSync(path.resolve("build/server/index.js"))) throw new Error("Run `npm run build` first (npm test does it).");
    let databaseUrl: string | undefined;
    if (driver === "postgres") {
      const database = await createThrowawayDatabase();
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
    server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
    const running = server;
    const cookie = await signUp(running.url);

    // 8 clients writing as fast as they can; SIGTERM once 40 writes were acknowledged.
    const acknowledged: number[] = [];
    let refused = 0;
    let stopRequested = false;
    const exited = new Promise<number | null>((resolve) => running.process.once("exit", resolve));
    const client = async (n: number) => {
      for (let i = 0; ; i++) {
        try {
          const response = await fetch(`${running.url}/api/activity`, {
            method: "POST",
            headers: { Origin: running.url, Cookie: cookie, "Content-Type": "application/json" },
            body: JSON.stringify({ activityType: "exercise", metadata: { client: n, index: i } }),
          });
          if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
          acknowledged.push(((await response.json()) as { id: number }).id);
        } catch {
          // After SIGTERM new connections are refused: the client stops.
          refused++;
          return;
        }
        if (acknowledged.length >= 40 && !stopRequested) {
          stopRequested = true;
          running.process.kill("SIGTERM");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    expect(await exited).toBe(0);
    expect(refused).toBe(8);
    expect(running.output()).toContain("SIGTERM: finishing the requests in flight, then stopping.");
    expect(running.output()).toContain("Stopped.");

    // Every write the server acknowledged is stored (PGlite: its files were closed cleanly).
    const query = "select id from user_activity_history";
    let stored: number[];
    if (databaseUrl) {
      const reader = new pg.Client({ connectionString: databaseUrl });
      await reader.connect();
      stored = (await reader.query<{ id: number }>(query)).rows.map((row) => Number(row.id));
      await reader.end();
    } else {
      const reader = await PGlite.create(path.join(running.dataDir, "pglite"), { extensions: pgliteExtensions });
      stored = (await reader.query<{ id: number }>(query)).rows.map((row) => Number(row.id));
      await reader.close();
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(new Set(stored)).toEqual(new Set([...stored, ...acknowledged]));
  });
});
