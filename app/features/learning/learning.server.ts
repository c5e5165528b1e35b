import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { exerciseMarks, quizAttempts } from "../../../db/schema";
import { saveActivity } from "../activity/history.server";
import type { ActivityInput } from "../activity/history.server";
import { recordStudyEvent } from "../progress/study-days.server";
import type { Answer } from "./quiz-grading";

export type MarkStatus = "reussi" | "a-revoir";

/** The dashboard's history and streak; the user's work is already saved, so a failure here is logged only. */
async function logStudy(userId: string, activity: ActivityInput): Promise<void> {
  await Promise.all([
    recordStudyEvent(userId),
    saveActivity(userId, activity).catch((error) => console.error(`Recording a ${activity.activityType} activity failed.`, error)),
  ]);
}

/** The user's marks on one exercise set, by exercise id. */
export async function readMarks(userId: string, setId: string): Promise<Record<string, MarkStatus>> {
  const db = await getDb();
  const rows = await db
    .select({ exerciseId: exerciseMarks.exerciseId, status: exerciseMarks.status })
    .from(exerciseMarks)
    .where(and(eq(exerciseMarks.userId, userId), eq(exerciseMarks.setId, setId)));
  return Object.fromEntries(rows.map((row) => [row.exerciseId, row.status as MarkStatus]));
}

/** Records the latest choice, atomically (one row per user and exercise). */
export async function saveMark(userId: string, setId: string, exerciseId: string, status: MarkStatus): Promise<void> {
  const db = await getDb();
  await db
    .insert(exerciseMarks)
    .values({ userId, setId, exerciseId, status })
    .onConflictDoUpdate({
      target: [exerciseMarks.userId, exerciseMarks.setId, exerciseMarks.exerciseId],
      set: { status, updatedAt: sql`now()` },
    });
  await logStudy(userId, { activityType: "exercise", inputData: { setId, exerciseId }, outputData: { status } });
}

export async function saveQuizAttempt(
  userId: string,
  quizId: string,
  score: number,
  total: number,
  answers: Record<string, Answer>,
): Promise<void> {
  const db = await getDb();
  await db.insert(quizAttempts).values({ userId, quizId, score, total, answers });
  await logStudy(userId, { activityType: "quiz", inputData: { quizId }, outputData: { score, total } });
}

export async function bestAttempt(userId: string, quizId: string): Promise<{ score: number; total: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ score: quizAttempts.score, total: quizAttempts.total })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId)))
    .orderBy(desc(quizAttempts.score), desc(quizAttempts.createdAt))
    .limit(1);
  return row ?? null;
}
