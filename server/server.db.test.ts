import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../tests/support/server";

/** The built production server started the way `npm start` does, on the driver of this project. */
const driver = process.env.TEST_DB_DRIVER;
let server: RunningServer;
let dropDatabase = async () => {};

beforeAll(async () => {
  if (!existsSync(path.resolve("build/server/index.js"))) throw new Error("Run `npm run build` first (npm test does it).");
  if (driver === "postgres") {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `tremplin_srv_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    server = await startServer({ DATABASE_URL: url.toString() });
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
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
