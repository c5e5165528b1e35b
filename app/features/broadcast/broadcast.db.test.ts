import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createThrowawayDatabase } from "../../../tests/support/database";
import {
  BROADCAST_CHANNEL,
  broadcast,
  broadcastListening,
  notifyInstances,
  onBroadcast,
  startBroadcast,
  stopBroadcast,
} from "./broadcast.server";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

describe.runIf(!onPostgres)("broadcast without PostgreSQL (one process)", () => {
  it("calls the subscribers of a topic in process, and no others", async () => {
    const content = vi.fn();
    const data = vi.fn();
    const unsubscribe = onBroadcast(["content"], content);
    const unsubscribeData = onBroadcast(["public-data"], data);
    await broadcast("content");
    expect(content).toHaveBeenCalledTimes(1);
    expect(data).not.toHaveBeenCalled();
    unsubscribe();
    unsubscribeData();
    await broadcast("content");
    expect(content).toHaveBeenCalledTimes(1);
    expect(broadcastListening()).toBe(true);
  });
});

describe.runIf(onPostgres)("broadcast on PostgreSQL (LISTEN/NOTIFY)", () => {
  const applicationName = `tremplin-listen:test-${process.pid}`;
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await startBroadcast({
      databaseUrl: database.url,
      applicationName,
      publish: async (channel, payload) => {
        await admin.query("select pg_notify($1, $2)", [channel, payload]);
      },
    });
  });
  afterAll(async () => {
    await stopBroadcast();
    await admin?.end();
    await database?.drop();
  });

  it("delivers what another process announces, and what this one broadcasts, through the database", async () => {
    const content = vi.fn();
    const unsubscribe = onBroadcast(["content"], content);
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    await notifyInstances(other, "content");
    await other.end();
    await vi.waitFor(() => expect(content).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await broadcast("content");
    await vi.waitFor(() => expect(content).toHaveBeenCalledTimes(2), { timeout: 2000 });
    // Unknown topics and malformed payloads are ignored.
    await admin.query("select pg_notify($1, $2)", [BROADCAST_CHANNEL, "pas du JSON"]);
    await admin.query("select pg_notify($1, $2)", [BROADCAST_CHANNEL, JSON.stringify({ topic: "autre" })]);
    await broadcast("content");
    await vi.waitFor(() => expect(content).toHaveBeenCalledTimes(3), { timeout: 2000 });
    unsubscribe();
  });

  it("reconnects after its connection is killed, drops everything once, then hears again", async () => {
    const handler = vi.fn();
    const unsubscribe = onBroadcast(["content", "public-data"], handler);
    const { rows } = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1",
      [applicationName],
    );
    expect(rows).toEqual([{ ended: true }]);
    // On reconnecting, every topic is announced: what was sent meanwhile is unknown.
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(2), { timeout: 5000 });
    expect(broadcastListening()).toBe(true);
    await broadcast("public-data");
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(3), { timeout: 2000 });
    unsubscribe();
  });
});
