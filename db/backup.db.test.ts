import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "../tests/support/database";
import { type DatabaseHandle, openPglite, openPostgres } from "./client.server";
import { accessGrants, progress, session, user, userActivityHistory } from "./schema";

/** Users, sessions, progress, history and grants: what a backup must bring back. */
async function seed(handle: DatabaseHandle) {
  await handle.migrate();
  await handle.db.insert(user).values({ id: "u1", name: "Élève", email: "eleve@example.org" });
  await handle.db.insert(session).values({ id: "s1", token: "t1", userId: "u1", expiresAt: new Date(Date.now() + 86_400_000) });
  await handle.db
    .insert(progress)
    .values({ userId: "u1", progression: 42, completedActivities: { "/chapitres-libres/suites-cours": true } });
  await handle.db.insert(userActivityHistory).values({ userId: "u1", activityType: "exercise", metadata: { set: "suites" } });
  await handle.db.insert(accessGrants).values({ userId: "u1", section: "maths", source: "admin" });
}

async function contents(handle: DatabaseHandle) {
  return {
    users: await handle.db.select({ email: user.email }).from(user),
    sessions: await handle.db.select({ token: session.token }).from(session),
    progress: await handle.db.select({ progression: progress.progression, completed: progress.completedActivities }).from(progress),
    history: await handle.db
      .select({ type: userActivityHistory.activityType, metadata: userActivityHistory.metadata })
      .from(userActivityHistory),
    grants: await handle.db.select({ section: accessGrants.section }).from(accessGrants),
  };
}

const expected = {
  users: [{ email: "eleve@example.org" }],
  sessions: [{ token: "t1" }],
  progress: [{ progression: 42, completed: { "/chapitres-libres/suites-cours": true } }],
  history: [{ type: "exercise", metadata: { set: "suites" } }],
  grants: [{ section: "maths" }],
};

const work = mkdtempSync(path.join(tmpdir(), "tremplin-backup-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

function admin(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
}

describe("backup and restore", () => {
  it.runIf(process.env.TEST_DB_DRIVER !== "postgres")(
    "npm run admin -- backup / restore bring the embedded database back whole, the current one kept aside",
    { timeout: 120_000 },
    async () => {
      const source = path.join(work, "source");
      const target = path.join(work, "target");
      const archive = path.join(work, "tremplin.tar.gz");
      const original = await openPglite(source);
      await seed(original);
      await original.close();

      const backup = admin(source, "backup", archive);
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toMatch(/^Backup written to .*tremplin\.tar\.gz \(\d+ bytes\)\.\n$/);
      // Into a folder that already has a database: it is kept aside, not overwritten.
      const existing = await openPglite(target);
      await existing.migrate();
      await existing.close();
      const restore = admin(target, "restore", archive);
      expect(restore.status).toBe(0);
      expect(restore.stdout).toContain("the previous database is kept in");
      expect(readdirSync(target).filter((name) => name.startsWith("pglite.before-restore-"))).toHaveLength(1);

      const restored = await openPglite(target);
      await restored.migrate();
      expect(await contents(restored)).toEqual(expected);
      await restored.close();
    },
  );

  it.runIf(process.env.TEST_DB_DRIVER !== "postgres")("refuses while a server holds the embedded database", async () => {
    const dataDir = path.join(work, "busy");
    const running = await openPglite(dataDir);
    try {
      const backup = admin(dataDir, "backup", path.join(work, "busy.tar.gz"));
      expect(backup.status).toBe(1);
      expect(existsSync(path.join(work, "busy.tar.gz"))).toBe(false);
    } finally {
      await running.close();
    }
  });

  it.runIf(process.env.TEST_DB_DRIVER === "postgres")(
    "pg_dump and pg_restore, as the README writes them, bring PostgreSQL back whole",
    { timeout: 120_000 },
    async () => {
      const source = await createThrowawayDatabase();
      const target = await createThrowawayDatabase();
      cleanups.push(source.drop, target.drop);
      const original = await openPostgres(source.url);
      await seed(original);
      await original.close();

      const archive = path.join(work, "tremplin.dump");
      execFileSync("pg_dump", ["--format=custom", `--file=${archive}`, source.url]);
      execFileSync("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${target.url}`, archive]);

      const restored = await openPostgres(target.url);
      await restored.migrate();
      expect(await contents(restored)).toEqual(expected);
      await restored.close();
      // The admin command points to these tools rather than half-doing it.
      const refused = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", "backup", archive], {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: source.url },
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`pg_dump --format=custom --file=${archive} "$DATABASE_URL"`);
    },
  );
});
