import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { ACTIVITY_GAINS } from "../app/catalog/types";
import type { ActivityType } from "../app/catalog/types";
import { readHistory } from "../app/features/activity/history.server";
import { recordActivity } from "../app/features/progress/progress.server";
import { openPglite, openPostgres, setDatabase } from "../db/client.server";
import type { DatabaseHandle } from "../db/client.server";
import { createThrowawayDatabase } from "../tests/support/database";

export interface DatabaseSettings {
  historyRows: number;
  users: number;
  reads: number;
  warmupReads: number;
  updates: number;
  concurrency: number;
}

export interface DatabaseFigure {
  driver: "pglite" | "postgres";
  historyRows: number;
  targetUserRows: number;
  seedSeconds: number;
  /** The application's readHistory(userId). */
  historyRead: LatencyFigure & { rowsReturned: number };
  /** EXPLAIN of that query, one line per node. */
  historyPlan: string[];
  /**
   * The same read ordered as the index is (created_at DESC NULLS LAST, id DESC NULLS LAST): what the
   * read costs once the query and the index agree on where NULLs go.
   */
  historyReadIndexOrder: LatencyFigure & { plan: string[] };
  progressUpdates: { updates: number; concurrency: number; perSecond: number; p50Ms: number; p99Ms: number };
  note?: string;
}

export interface LatencyFigure {
  reads: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

const TARGET_USER = "bench-user-0";
const ACTIVITY_TYPES = Object.keys(ACTIVITY_GAINS) as ActivityType[];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Users, then the history table in one INSERT … SELECT: row g belongs to user g mod users, so the
 * target user (bench-user-0) holds historyRows / users rows spread over the whole period.
 */
async function seed(handle: DatabaseHandle, settings: DatabaseSettings) {
  await handle.db.execute(sql`
    insert into "user" (id, name, email)
    select 'bench-user-' || g, 'Bench ' || g, 'bench-user-' || g || '@example.com' from generate_series(0, ${settings.users - 1}) g`);
  await handle.db.execute(sql`
    insert into user_activity_history (user_id, activity_type, metadata, created_at)
    select 'bench-user-' || (g % ${settings.users}),
           (array['login', 'quiz', 'course_visit', 'flashcards'])[1 + g % 4],
           jsonb_build_object('n', g),
           now() - make_interval(secs => g)
    from generate_series(1, ${settings.historyRows}) g`);
  await handle.db.execute(sql`analyze`);
}

async function timeReads(settings: DatabaseSettings, read: () => Promise<unknown>): Promise<LatencyFigure> {
  for (let i = 0; i < settings.warmupReads; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < settings.reads; i++) {
    const start = performance.now();
    await read();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    reads: settings.reads,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    meanMs: times.reduce((sum, time) => sum + time, 0) / times.length,
  };
}

async function explain(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<string[]> {
  return (await rows<Record<string, string>>(handle, sql`explain ${query}`)).map((row) => Object.values(row)[0]);
}

async function measure(
  handle: DatabaseHandle,
  settings: DatabaseSettings,
  log: (line: string) => void,
): Promise<Omit<DatabaseFigure, "driver" | "note">> {
  const seedStart = performance.now();
  await seed(handle, settings);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  log(`    ${settings.historyRows.toLocaleString("en-GB")} history rows seeded in ${seedSeconds.toFixed(1)} s`);
  const [{ count }] = await rows<{ count: number }>(
    handle,
    sql`select count(*)::int as count from user_activity_history where user_id = ${TARGET_USER}`,
  );

  // The application's own query (readHistory), through the same module the server uses.
  setDatabase(Promise.resolve(handle));
  const historyPlan = await explain(
    handle,
    sql`select * from user_activity_history where user_id = ${TARGET_USER} order by created_at desc, id desc limit 100`,
  );
  let rowsReturned = 0;
  const historyRead = await timeReads(settings, async () => {
    rowsReturned = (await readHistory(TARGET_USER)).length;
  });
  const indexOrder = sql`select * from user_activity_history where user_id = ${TARGET_USER}
    order by created_at desc nulls last, id desc nulls last limit 100`;
  const indexOrderPlan = await explain(handle, indexOrder);
  const historyReadIndexOrder = await timeReads(settings, () => handle.db.execute(indexOrder));

  // Progress: the application's recordActivity (one atomic upsert), `concurrency` callers at once,
  // each call a new (user, activity type) pair so that every statement changes a row (the first
  // one per user inserts it).
  if (settings.updates > settings.users * ACTIVITY_TYPES.length) throw new Error("More updates than (user, activity) pairs.");
  let next = 0;
  const updateTimes: number[] = [];
  const updatesStart = performance.now();
  await Promise.all(
    Array.from({ length: settings.concurrency }, async () => {
      for (let k = next++; k < settings.updates; k = next++) {
        const start = performance.now();
        await recordActivity(`bench-user-${k % settings.users}`, ACTIVITY_TYPES[Math.floor(k / settings.users)]);
        updateTimes.push(performance.now() - start);
      }
    }),
  );
  const updateSeconds = (performance.now() - updatesStart) / 1000;
  updateTimes.sort((a, b) => a - b);

  return {
    historyRows: settings.historyRows,
    targetUserRows: count,
    seedSeconds,
    historyRead: { ...historyRead, rowsReturned },
    historyPlan,
    historyReadIndexOrder: { ...historyReadIndexOrder, plan: indexOrderPlan },
    progressUpdates: {
      updates: settings.updates,
      concurrency: settings.concurrency,
      perSecond: settings.updates / updateSeconds,
      p50Ms: percentile(updateTimes, 50),
      p99Ms: percentile(updateTimes, 99),
    },
  };
}

export async function benchPglite(settings: DatabaseSettings, tmpRoot: string, log: (line: string) => void): Promise<DatabaseFigure> {
  mkdirSync(tmpRoot, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpRoot, "pglite-"));
  const handle = await openPglite(dataDir);
  try {
    await handle.migrate();
    return {
      driver: "pglite",
      ...(await measure(handle, settings, log)),
      note: "PGlite in the bench process (one connection: the 10 concurrent updates queue one after the other)",
    };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `run` on a migrated throwaway PostgreSQL database next to `baseUrl`, closed and dropped afterwards. */
export async function withThrowawayPostgres<T>(baseUrl: string, run: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await createThrowawayDatabase(baseUrl, "tremplin_bench");
  try {
    const handle = await openPostgres(database.url);
    try {
      await handle.migrate();
      return await run(handle);
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

/** The note of every PostgreSQL figure. */
export const POSTGRES_NOTE = "local PostgreSQL, a pool of 10 connections (as the server uses)";

/** A throwaway database next to `baseUrl`, dropped afterwards. */
export async function benchPostgres(baseUrl: string, settings: DatabaseSettings, log: (line: string) => void): Promise<DatabaseFigure> {
  return withThrowawayPostgres(baseUrl, async (handle) => ({
    driver: "postgres",
    ...(await measure(handle, settings, log)),
    note: POSTGRES_NOTE,
  }));
}

export const tmpDatabaseRoot = () => path.join(tmpdir(), "tremplin-bench-db");
