import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "../tests/support/database";
import { type RunningServer, startServer } from "../tests/support/server";

/** The built production server started the way `npm start` does, on the driver of this project. */
const driver = process.env.TEST_DB_DRIVER;
let server: RunningServer;
let dropDatabase = async () => {};
let databaseName = "";

beforeAll(async () => {
  if (!existsSync(path.resolve("build/server/index.js"))) throw new Error("Run `npm run build` first (npm test does it).");
  if (driver === "postgres") {
    const database = await createThrowawayDatabase();
    server = await startServer({ DATABASE_URL: database.url });
    databaseName = new URL(database.url).pathname.slice(1);
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
    expect(await response.json()).toEqual({ status: "ok", database: "ok", driver: driver === "postgres" ? "postgres" : "pglite" });
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
