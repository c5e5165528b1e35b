import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { pythonPrograms } from "../../../db/schema";
import { allContentMeta, getExerciseSet } from "../content/store.server";
import { SANDBOX_PROGRAM_ID } from "./sandbox";

/**
 * The last program of a signed-in student per runnable exercise (`<set>/<exercise>`) and for the sandbox,
 * kept on the server (table python_programs) so that another device finds it. Only known programs are
 * kept: a runnable exercise of the content, or the sandbox.
 */
export const MAX_PROGRAM_LENGTH = 20_000;

export function isKnownProgram(programId: string): boolean {
  if (programId === SANDBOX_PROGRAM_ID) return true;
  const [setId, exerciseId, ...rest] = programId.split("/");
  if (!setId || !exerciseId || rest.length) return false;
  const meta = allContentMeta().find((entry) => entry.id === setId && entry.kind === "exercises");
  return Boolean(meta && getExerciseSet(setId)?.exercises.some((exercise) => exercise.id === exerciseId && exercise.runner));
}

export async function saveProgram(userId: string, programId: string, code: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .insert(pythonPrograms)
    .values({ userId, programId, code, updatedAt: now })
    .onConflictDoUpdate({ target: [pythonPrograms.userId, pythonPrograms.programId], set: { code, updatedAt: sql`excluded.updated_at` } });
}

/** The user's saved programs among `programIds`: code and when it was saved (ms since 1970). */
export async function readPrograms(userId: string, programIds: readonly string[]): Promise<Record<string, { code: string; at: number }>> {
  if (!programIds.length) return {};
  const db = await getDb();
  const rows = await db
    .select()
    .from(pythonPrograms)
    .where(and(eq(pythonPrograms.userId, userId), inArray(pythonPrograms.programId, [...programIds])));
  return Object.fromEntries(rows.map((row) => [row.programId, { code: row.code, at: row.updatedAt.getTime() }]));
}

/** The saved programs of the runnable exercises of a set, by exercise id. */
export async function readSetPrograms(userId: string, set: { id: string; exercises: readonly { id: string; runner?: unknown }[] }) {
  const runnable = set.exercises.filter((exercise) => exercise.runner).map((exercise) => `${set.id}/${exercise.id}`);
  const saved = await readPrograms(userId, runnable);
  return Object.fromEntries(Object.entries(saved).map(([programId, program]) => [programId.split("/")[1], program]));
}
