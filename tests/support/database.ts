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
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is required for the db-postgres project");
  const name = `tremplin_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  await handle.migrate();
  return {
    ...handle,
    driver: "postgres",
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
