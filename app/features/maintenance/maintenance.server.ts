import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { lt, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { auditLog, leads, rateLimitBuckets, session, teacherApplications, verification } from "../../../db/schema";
import { getConfig } from "../../config.server";
import { getFileStore } from "../files/file-store.server";

/**
 * Periodic clean-up, shared by every instance: expired sessions and verification tokens, rate-limit
 * buckets whose window is long over, e-mails of the local outbox older than 30 days, leads and teacher
 * applications (with their CVs) and admin audit lines older than REQUEST_RETENTION_DAYS (3 years by default). One instance at a
 * time: the work runs in a transaction that first takes a PostgreSQL advisory lock with
 * `pg_try_advisory_xact_lock`; an instance that does not get it skips this round.
 */

/** The advisory lock's key (any constant shared by the instances; the migration lock uses another). */
export const MAINTENANCE_LOCK_KEY = 7_345_201;
export const MAINTENANCE_INTERVAL_MS = 60 * 60_000;
/** Far beyond the longest rate-limit window (one hour, rate-limit.server.ts). */
const RATE_LIMIT_KEEP_MS = 24 * 60 * 60_000;
const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60_000;

export interface MaintenanceReport {
  sessions: number;
  verifications: number;
  rateLimitBuckets: number;
  outboxFiles: number;
  /** Leads and teacher applications past their retention. */
  requests: number;
}

/** One round; "busy" when another instance holds the lock. */
export async function runMaintenance(
  options: { outboxDir?: string; now?: Date; retentionMs?: number } = {},
): Promise<MaintenanceReport | "busy"> {
  const now = options.now ?? new Date();
  const retentionLimit = new Date(now.getTime() - (options.retentionMs ?? getConfig().requestRetentionMs));
  const db = await getDb();
  const cvKeys: string[] = [];
  const report = await db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${MAINTENANCE_LOCK_KEY}) as locked`);
    if (!(lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return "busy";
    const sessions = await tx.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
    const verifications = await tx.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id });
    const buckets = await tx
      .delete(rateLimitBuckets)
      .where(lt(rateLimitBuckets.windowStartedAt, new Date(now.getTime() - RATE_LIMIT_KEEP_MS)))
      .returning({ key: rateLimitBuckets.key });
    const oldLeads = await tx.delete(leads).where(lt(leads.createdAt, retentionLimit)).returning({ id: leads.id });
    const oldApplications = await tx
      .delete(teacherApplications)
      .where(lt(teacherApplications.createdAt, retentionLimit))
      .returning({ cvKey: teacherApplications.cvKey });
    cvKeys.push(...oldApplications.map((row) => row.cvKey));
    await tx.delete(auditLog).where(lt(auditLog.createdAt, retentionLimit));
    return {
      sessions: sessions.length,
      verifications: verifications.length,
      rateLimitBuckets: buckets.length,
      outboxFiles: options.outboxDir && existsSync(options.outboxDir) ? pruneOutbox(options.outboxDir, now) : 0,
      requests: oldLeads.length + oldApplications.length,
    };
  });
  // The CVs go once their rows are gone for good (after the commit).
  if (report !== "busy") await getFileStore().remove(cvKeys);
  return report;
}

function pruneOutbox(dir: string, now: Date): number {
  let removed = 0;
  for (const name of readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile())) {
    const file = path.join(dir, name.name);
    if (now.getTime() - statSync(file).mtimeMs > OUTBOX_KEEP_MS) {
      rmSync(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Runs a round soon after start, then every interval (never keeping the process alive); returns the stop function. */
export function scheduleMaintenance(outboxDir: string, intervalMs = MAINTENANCE_INTERVAL_MS): () => void {
  const round = () =>
    runMaintenance({ outboxDir })
      .then((report) => {
        if (report === "busy") return;
        const removed = Object.entries(report).filter(([, count]) => count > 0);
        if (removed.length > 0) console.log(`Maintenance: removed ${removed.map(([what, count]) => `${count} ${what}`).join(", ")}.`);
      })
      .catch((error: Error) => console.error(`Maintenance failed: ${error.message}`));
  const first = setTimeout(round, Math.min(5_000, intervalMs));
  const every = setInterval(round, intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
