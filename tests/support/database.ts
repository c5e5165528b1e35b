import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../../db/client.server";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database created next to TEST_DATABASE_URL when the project runs with TEST_DB_DRIVER=postgres.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { driver: "pglite" | "postgres" }> {
  if (process.env.TEST_DB_DRIVER !== "postgres") {
    const handle = await openPglite(undefined);
    await handle.migrate();
    return { ...handle, driver: "pglite" };
  }
  const database = await createThrowawayDatabase();
  const handle = await openPostgres(database.url);
  await handle.migrate();
  return {
    ...handle,
    driver: "postgres",
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

async function adminQuery(connectionString: string, query: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database next to `baseUrl` (TEST_DATABASE_URL by default), dropped by `drop()`. */
export async function createThrowawayDatabase(
  baseUrl = process.env.TEST_DATABASE_URL,
  prefix = "tremplin_t",
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is required for the db-postgres project");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`) };
}
