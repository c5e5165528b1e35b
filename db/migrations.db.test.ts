import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase, openTestDatabase } from "../tests/support/database";
import { type DatabaseHandle, openPostgres } from "./client.server";
import { progress, user, userActivityHistory, userRoles } from "./schema";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`migrations (${process.env.TEST_DB_DRIVER})`, () => {
  it("create the tables of the specification with their columns", async () => {
    const result = await handle.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const columns = new Map<string, string[]>();
    for (const row of (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows)
      columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
    expect(columns.get("user_roles")).toEqual(["id", "user_id", "role", "created_at"]);
    expect(columns.get("user_activity_history")).toEqual([
      "id",
      "user_id",
      "activity_type",
      "generator_type",
      "input_data",
      "output_data",
      "metadata",
      "created_at",
    ]);
    expect(columns.get("progress")).toEqual(["id", "user_id", "module", "progression", "completed_activities", "created_at", "updated_at"]);
  });

  it("are idempotent: applying them again changes nothing", async () => {
    await expect(handle.migrate()).resolves.toBeUndefined();
  });

  it("store rows and enforce the rules of the schema", async () => {
    await handle.db.insert(user).values({ id: "u1", name: "Camille", email: "camille@example.com" });
    await handle.db.insert(userRoles).values({ userId: "u1", role: "prof" });
    await expect(handle.db.insert(userRoles).values({ userId: "u1", role: "roi" })).rejects.toThrow();
    const [row] = await handle.db.insert(progress).values({ userId: "u1" }).returning();
    expect(row).toMatchObject({ module: "main", progression: 0, completedActivities: {} });
    await expect(handle.db.insert(progress).values({ userId: "u1", progression: 101, module: "autre" })).rejects.toThrow();
    await handle.db.insert(userActivityHistory).values({ userId: "u1", activityType: "login" });
    const history = await handle.db.select().from(userActivityHistory);
    expect(history).toHaveLength(1);
  });

  it("answer a ping", async () => {
    await expect(handle.ping()).resolves.toBeUndefined();
  });

  // Several instances start at once on a fresh database (issue #12): each migrates under one advisory lock.
  it.runIf(process.env.TEST_DB_DRIVER === "postgres")("can be applied by several instances at once on an empty database", async () => {
    const database = await createThrowawayDatabase();
    const instances = await Promise.all([1, 2, 3, 4].map(() => openPostgres(database.url)));
    try {
      await expect(Promise.all(instances.map((instance) => instance.migrate()))).resolves.toHaveLength(4);
      const result = await instances[0].db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'user_roles'`,
      );
      expect((result as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await database.drop();
    }
  });
});
