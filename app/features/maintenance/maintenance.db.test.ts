import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { auditLog, leads, rateLimitBuckets, session, storedFiles, teacherApplications, user, verification } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/support/accounts";
import { MAINTENANCE_LOCK_KEY, runMaintenance } from "./maintenance.server";

let handle: DatabaseHandle;
const outbox = mkdtempSync(path.join(tmpdir(), "tremplin-outbox-"));
const now = new Date("2026-11-23T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

beforeAll(async () => {
  handle = await useTestDatabase();
  await handle.db.insert(user).values({ id: "u1", name: "Élève", email: "eleve@example.org" });
  await handle.db.insert(session).values([
    { id: "s-expired", token: "t-expired", userId: "u1", expiresAt: hoursAgo(1) },
    { id: "s-live", token: "t-live", userId: "u1", expiresAt: hoursAgo(-24) },
  ]);
  await handle.db.insert(verification).values([
    { id: "v-expired", identifier: "reset", value: "a", expiresAt: hoursAgo(2) },
    { id: "v-live", identifier: "reset", value: "b", expiresAt: hoursAgo(-1) },
  ]);
  await handle.db.insert(rateLimitBuckets).values([
    { key: "signin:old", count: 3, windowStartedAt: hoursAgo(25) },
    { key: "signin:recent", count: 3, windowStartedAt: hoursAgo(2) },
  ]);
  // Requests: kept 3 years (REQUEST_RETENTION_DAYS, 1,095 days by default).
  const lead = { kind: "contact", name: "Ancien", email: "ancien@example.org", subject: "question", message: "Bonjour" };
  await handle.db.insert(leads).values([
    { ...lead, createdAt: hoursAgo(24 * 1096) },
    { ...lead, name: "Récent", createdAt: hoursAgo(24 * 1094) },
  ]);
  const application = {
    firstName: "Paul",
    lastName: "Ancien",
    email: "paul@example.org",
    phone: "+33612345678",
    subjects: "maths",
    levels: "ecg1",
    diplomas: "Agrégation",
    experience: "Dix ans",
    availability: "Le soir",
    motivation: "Transmettre.",
    cvName: "cv.pdf",
    cvSize: 4,
  };
  await handle.db.insert(auditLog).values([
    { actorEmail: "admin@example.org", action: "lead.note", targetType: "lead", targetId: "1", createdAt: hoursAgo(24 * 1100) },
    { actorEmail: "admin@example.org", action: "lead.note", targetType: "lead", targetId: "2", createdAt: hoursAgo(24) },
  ]);
  await handle.db.insert(storedFiles).values([
    { key: "cv/old", content: Buffer.from("%PDF") },
    { key: "cv/recent", content: Buffer.from("%PDF") },
  ]);
  await handle.db.insert(teacherApplications).values([
    { ...application, cvKey: "cv/old", createdAt: hoursAgo(24 * 1100) },
    { ...application, cvKey: "cv/recent", createdAt: hoursAgo(24 * 30) },
  ]);
  for (const [name, days] of [
    ["old.txt", 31],
    ["recent.txt", 2],
  ] as const) {
    const file = path.join(outbox, name);
    writeFileSync(file, "Objet : test");
    const time = new Date(now.getTime() - days * 86_400_000);
    utimesSync(file, time, time);
  }
});

afterAll(async () => {
  await handle?.close();
  rmSync(outbox, { recursive: true, force: true });
});

describe("maintenance", () => {
  it("removes what expired and keeps the rest", async () => {
    expect(await runMaintenance({ outboxDir: outbox, now })).toEqual({
      sessions: 1,
      verifications: 1,
      rateLimitBuckets: 1,
      outboxFiles: 1,
      requests: 2,
    });
    expect((await handle.db.select({ id: session.id }).from(session)).map((row) => row.id)).toEqual(["s-live"]);
    expect((await handle.db.select({ id: verification.id }).from(verification)).map((row) => row.id)).toEqual(["v-live"]);
    expect((await handle.db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map((row) => row.key)).toEqual(["signin:recent"]);
    expect(readdirSync(outbox)).toEqual(["recent.txt"]);
    expect((await handle.db.select({ name: leads.name }).from(leads)).map((row) => row.name)).toEqual(["Récent"]);
    expect((await handle.db.select({ key: teacherApplications.cvKey }).from(teacherApplications)).map((row) => row.key)).toEqual([
      "cv/recent",
    ]);
    expect((await handle.db.select({ id: auditLog.targetId }).from(auditLog)).map((row) => row.id)).toEqual(["2"]);
    // The CV of a deleted application leaves the file store too.
    expect((await handle.db.select({ key: storedFiles.key }).from(storedFiles)).map((row) => row.key)).toEqual(["cv/recent"]);
    expect(await runMaintenance({ outboxDir: outbox, now })).toEqual({
      sessions: 0,
      verifications: 0,
      rateLimitBuckets: 0,
      outboxFiles: 0,
      requests: 0,
    });
  });

  it.runIf(process.env.TEST_DB_DRIVER === "postgres")(
    "skips the round while another instance holds the lock, and runs once it is released",
    async () => {
      await handle.db.insert(session).values({ id: "s-expired-2", token: "t-expired-2", userId: "u1", expiresAt: hoursAgo(1) });
      const { rows } = (await handle.db.execute("select current_database() as name")) as unknown as { rows: { name: string }[] };
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      const otherInstance = new pg.Client({ connectionString: url.toString() });
      await otherInstance.connect();
      try {
        await otherInstance.query("select pg_advisory_lock($1)", [MAINTENANCE_LOCK_KEY]);
        expect(await runMaintenance({ now })).toBe("busy");
        expect((await handle.db.select({ id: session.id }).from(session)).map((row) => row.id).sort()).toEqual(["s-expired-2", "s-live"]);
        await otherInstance.query("select pg_advisory_unlock($1)", [MAINTENANCE_LOCK_KEY]);
        expect(await runMaintenance({ now })).toMatchObject({ sessions: 1 });
      } finally {
        await otherInstance.end();
      }
    },
  );
});
