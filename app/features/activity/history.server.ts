import { desc, eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { userActivityHistory } from "../../../db/schema";

export const HISTORY_LIMIT = 100;

export interface ActivityInput {
  activityType: string;
  generatorType?: string | null;
  inputData?: unknown;
  outputData?: unknown;
  metadata?: unknown;
}

export type ActivityRow = typeof userActivityHistory.$inferSelect;

export async function saveActivity(userId: string, activity: ActivityInput): Promise<ActivityRow> {
  const db = await getDb();
  const [row] = await db
    .insert(userActivityHistory)
    .values({
      userId,
      activityType: activity.activityType,
      generatorType: activity.generatorType ?? null,
      inputData: activity.inputData ?? null,
      outputData: activity.outputData ?? null,
      metadata: activity.metadata ?? null,
    })
    .returning();
  return row;
}

/** Login and logout rows: failures are ignored (platform-core §7). */
export async function recordAuthActivity(userId: string, activityType: "login" | "logout"): Promise<void> {
  try {
    await saveActivity(userId, { activityType });
  } catch (error) {
    console.error(`Recording ${activityType} for ${userId} failed (ignored).`, error);
  }
}

/** This user's newest rows first, at most 100. */
export async function readHistory(userId: string): Promise<ActivityRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(userActivityHistory)
    .where(eq(userActivityHistory.userId, userId))
    .orderBy(desc(userActivityHistory.createdAt), desc(userActivityHistory.id))
    .limit(HISTORY_LIMIT);
}
