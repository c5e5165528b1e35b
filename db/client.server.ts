import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions.server";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { acquireDataDirLock } from "./pglite-lock.server";

/** Both drivers share PgDatabase, so feature code is written once for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

/** Opens PGlite in `dataDir` (or in memory when dataDir is undefined), locking the folder. */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const releaseLock = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const options = { extensions: pgliteExtensions };
    const client = dataDir ? await PGlite.create(path.join(dataDir, "pglite"), options) : await PGlite.create(options);
    const db = drizzlePglite(client, { schema });
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(db, { migrationsFolder }),
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Key of the advisory lock that migrations hold (any number; the same on every instance). */
const MIGRATION_LOCK = 720_461_993;

/**
 * Applies the migrations while holding a PostgreSQL advisory lock on one dedicated connection: instances
 * that start at once on a fresh database wait for each other instead of racing (drizzle's migrator takes
 * no lock; two at once fail with `duplicate key … pg_namespace_nspname_index`). The lock goes with the
 * connection if the process dies.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection closed by the server (restart, failover, a dropped database) must not crash the
  // process: without a listener the pool rethrows the error. The pool opens a new connection when needed.
  pool.on("error", (error) => console.error(`An idle PostgreSQL connection was closed: ${error.message}`));
  // A connection cut while a request holds it between two queries (in a transaction) emits its error on
  // the client, where the pool listens only while the client is idle: without this listener the process
  // would crash. The error is logged; the next query on that client fails, and its request answers 503.
  pool.on("connect", (client) => {
    client.on("error", (error) => console.error(`A PostgreSQL connection in use was closed: ${error.message}`));
  });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(pool),
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

// One handle per process; kept on globalThis so development reloads reuse it.
const globalStore = globalThis as typeof globalThis & { __tremplinDb?: Promise<DatabaseHandle> };

export function setDatabase(handle: Promise<DatabaseHandle>) {
  globalStore.__tremplinDb = handle;
}

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!globalStore.__tremplinDb) throw new Error("The database is not open: call openDatabaseFromConfig() at start-up.");
  return globalStore.__tremplinDb;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  globalStore.__tremplinDb ??= (async () => {
    const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
    await handle.migrate();
    return handle;
  })();
  return globalStore.__tremplinDb;
}
