import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { INTERVIEW_THEMES, type InterviewTheme } from "../../../content/banks/schema";
import { getDb } from "../../../db/client.server";
import { userActivityHistory } from "../../../db/schema";
import { questionBank } from "./answer.server";
import { findOwnGeneration } from "./generate.server";
import type { OralsInput, OralsOutput } from "./generators";

/**
 * Oral training (orals-unified): questions drawn at random from the interview bank among the chosen
 * themes, with what the jury expects and the method, shown one at a time with a timer; the student
 * rates each answer, and the session with its ratings is kept in their history.
 */
export const ORALS_NO_QUESTION = "Aucune question de la banque pour ces thèmes\u00a0: choisissez-en d'autres.";

export function drawSession(input: OralsInput, pick = randomInt): OralsOutput | undefined {
  const themes = input.themes.filter((theme): theme is InterviewTheme => theme in INTERVIEW_THEMES);
  const pool = questionBank().filter((question) => (themes as string[]).includes(question.theme));
  if (!pool.length) return undefined;
  const drawn: typeof pool = [];
  while (drawn.length < Number(input.count) && pool.length) drawn.push(pool.splice(pick(pool.length), 1)[0]);
  return {
    seconds: Number(input.seconds),
    questions: drawn.map((question) => ({
      id: question.id,
      question: question.question,
      theme: INTERVIEW_THEMES[question.theme],
      expects: question.expects,
      method: question.method,
    })),
  };
}

/** Keeps the ratings of a session with it, in the author's history; false when the session is not theirs. */
export async function saveAssessments(userId: string, generationId: number, assessments: NonNullable<OralsOutput["assessments"]>) {
  const row = await findOwnGeneration(userId, "orals-unified", generationId);
  if (!row) return false;
  const session = row.outputData as OralsOutput;
  const asked = new Set(session.questions.map((question) => question.id));
  if (!assessments.every((assessment) => asked.has(assessment.id))) return false;
  const db = await getDb();
  await db
    .update(userActivityHistory)
    .set({ outputData: { ...session, assessments } })
    .where(and(eq(userActivityHistory.id, row.id), eq(userActivityHistory.userId, userId)));
  return true;
}
