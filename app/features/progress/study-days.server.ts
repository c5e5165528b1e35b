import { and, desc, eq, gte, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { studyDays } from "../../../db/schema";

/** Study days are counted in the platform's time zone, so a late-evening session stays on its day. */
export const STUDY_TIME_ZONE = "Europe/Paris";

/** One more study event today (page opened, quiz finished, exercise marked, card reviewed). Never throws. */
export async function recordStudyEvent(userId: string): Promise<void> {
  try {
    const db = await getDb();
    await db
      .insert(studyDays)
      .values({ userId, day: sql`(now() at time zone ${STUDY_TIME_ZONE})::date` })
      .onConflictDoUpdate({
        target: [studyDays.userId, studyDays.day],
        set: { events: sql`${studyDays.events} + 1`, lastAt: sql`now()` },
      });
  } catch (error) {
    console.error(`Recording a study event of ${userId} failed.`, error);
  }
}

/** The user's study days since a date (YYYY-MM-DD), newest first. */
export async function readStudyDays(userId: string, since: string): Promise<{ day: string; events: number; lastAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ day: studyDays.day, events: studyDays.events, lastAt: studyDays.lastAt })
    .from(studyDays)
    .where(and(eq(studyDays.userId, userId), gte(studyDays.day, since)))
    .orderBy(desc(studyDays.day));
}
