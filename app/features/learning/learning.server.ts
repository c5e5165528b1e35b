import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { exerciseMarks, quizAttempts } from "../../../db/schema";
import type { Answer } from "./quiz-grading";

export type MarkStatus = "reussi" | "a-revoir";

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
