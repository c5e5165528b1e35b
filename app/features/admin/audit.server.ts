import { desc, lt } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { auditLog } from "../../../db/schema";

export interface AuditEntry {
  actor: { id: string; email: string };
  /** What was done, as a short key: "lead.status", "role.grant", "review.approve"… */
  action: string;
  target: { type: string; id: string };
  before?: unknown;
  after?: unknown;
}

/** Writes one admin action to the audit log (who, what, when, the record before and after). */
export async function recordAudit(entry: AuditEntry, db?: Awaited<ReturnType<typeof getDb>>): Promise<void> {
  const database = db ?? (await getDb());
  await database.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The audit log, newest first, a page at a time (`before`: the last id of the previous page). */
export async function listAudit({ limit = 50, before }: { limit?: number; before?: number } = {}) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(before ? lt(auditLog.id, before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
