import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { progress } from "../../../db/schema";
import { ACTIVITY_GAINS } from "~/catalog/types";
import type { ActivityType } from "~/catalog/types";
import { MAX_PROGRESSION, PROGRESS_MODULE, parseCompletedActivities } from "./progress";

export interface ProgressState {
  progression: number;
  completedActivities: Partial<Record<ActivityType, true>>;
}

/** « Read progress (full) »: null when the user has no row yet (progress 0). Errors propagate. */
export async function readProgress(userId: string): Promise<ProgressState | null> {
  const db = await getDb();
  const [row] = await db
    .select({ progression: progress.progression, completedActivities: progress.completedActivities })
    .from(progress)
    .where(and(eq(progress.userId, userId), eq(progress.module, PROGRESS_MODULE)))
    .limit(1);
  return row ? { progression: row.progression, completedActivities: parseCompletedActivities(row.completedActivities) } : null;
}

/**
 * The first visit of an activity type raises progression by its gain, capped at 100, once.
 * One statement creates the row or updates it under the row lock, so two activities landing at
 * the same time never lose a gain. A stored JSON-string value is normalised on the way.
 * Returns the new progression, or null when the type was already done.
 */
export async function recordActivity(userId: string, type: ActivityType): Promise<number | null> {
  const gain = ACTIVITY_GAINS[type];
  const db = await getDb();
  const completed = sql`(case when jsonb_typeof(progress.completed_activities) = 'string'
      then (progress.completed_activities #>> '{}')::jsonb else progress.completed_activities end)`;
  const result = await db.execute(sql`
    insert into progress (user_id, module, progression, completed_activities)
    values (${userId}, ${PROGRESS_MODULE}, least(${MAX_PROGRESSION}, ${gain}::int), jsonb_build_object(${type}::text, true))
    on conflict (user_id, module) do update set
      progression = least(${MAX_PROGRESSION}, progress.progression + ${gain}::int),
      completed_activities = ${completed} || jsonb_build_object(${type}::text, true),
      updated_at = now()
    where (${completed} -> ${type}::text) is null
    returning progression`);
  const [row] = (result as unknown as { rows: { progression: number }[] }).rows;
  return row ? Number(row.progression) : null;
}

/** Progress tracking never bothers the user: create and update failures are logged only (platform-core §8). */
export async function trackActivity(userId: string, type: ActivityType): Promise<number | null> {
  try {
    return await recordActivity(userId, type);
  } catch (error) {
    console.error(`Progress update for ${userId} (${type}) failed.`, error);
    return null;
  }
}
