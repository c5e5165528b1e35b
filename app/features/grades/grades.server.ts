import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { assignments, classMembers, commentBank, grades, user as userTable } from "../../../db/schema";
import type { AssignmentKind } from "../assignments/assignments";
import { notifyUsers } from "../notifications/notifications.server";
import type { GradedWork } from "./gradebook";
import type { GradeStatus, Mark, Period } from "./marks";

export interface GradeEntry extends Mark {
  comment: string;
}

/** The marks of one assignment, by student. */
export async function assignmentGrades(assignmentId: string): Promise<Map<string, GradeEntry>> {
  const db = await getDb();
  const rows = await db
    .select({ studentId: grades.studentId, points: grades.points, status: grades.status, comment: grades.comment })
    .from(grades)
    .where(eq(grades.assignmentId, assignmentId));
  return new Map(rows.map(({ studentId, status, ...row }) => [studentId, { ...row, status: status as GradeStatus | null }]));
}

/**
 * Writes marks (points or status, and a comment when given) for students of the class. An entry with no
 * mark and no comment removes the row. Students who are not members are skipped, not trusted.
 */
export async function saveGrades(
  assignment: { id: string; classId: string },
  entries: readonly ({ studentId: string; comment?: string } & Mark)[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const db = await getDb();
  const members = new Set(
    (
      await db
        .select({ userId: classMembers.userId })
        .from(classMembers)
        .where(
          and(
            eq(classMembers.classId, assignment.classId),
            inArray(
              classMembers.userId,
              entries.map((entry) => entry.studentId),
            ),
          ),
        )
    ).map((row) => row.userId),
  );
  const valid = entries.filter((entry) => members.has(entry.studentId));
  await db.transaction(async (tx) => {
    for (const entry of valid) {
      const empty = entry.points === null && entry.status === null && !entry.comment;
      if (empty && entry.comment !== undefined) {
        await tx.delete(grades).where(and(eq(grades.assignmentId, assignment.id), eq(grades.studentId, entry.studentId)));
        continue;
      }
      const values = { points: entry.points, status: entry.status, ...(entry.comment === undefined ? {} : { comment: entry.comment }) };
      await tx
        .insert(grades)
        .values({ assignmentId: assignment.id, studentId: entry.studentId, ...values })
        .onConflictDoUpdate({ target: [grades.assignmentId, grades.studentId], set: { ...values, updatedAt: new Date() } });
    }
  });
  return valid.length;
}

/**
 * Publishes the marks of an assignment: students see their mark, the class statistics and the comment,
 * and each marked student is told on their dashboard and by e-mail. Publishing again tells no one twice.
 */
export async function publishGrades(assignment: { id: string; title: string }, className: string): Promise<number> {
  const db = await getDb();
  const [updated] = await db
    .update(assignments)
    .set({ gradesPublishedAt: new Date() })
    .where(and(eq(assignments.id, assignment.id), sql`${assignments.gradesPublishedAt} is null`))
    .returning({ id: assignments.id });
  if (!updated) return 0;
  const marked = await db
    .select({ studentId: grades.studentId })
    .from(grades)
    .where(and(eq(grades.assignmentId, assignment.id), sql`(${grades.points} is not null or ${grades.status} is not null)`));
  await notifyUsers(
    marked.map((row) => row.studentId),
    {
      title: `Nouvelle note\u00a0: ${assignment.title}`,
      body: `Votre professeur a publié les notes de «\u00a0${assignment.title}\u00a0» (${className}).`,
      link: `/dashboard/devoirs/${assignment.id}`,
    },
  );
  return marked.length;
}

/** Hides the marks again (a mistake to fix): students no longer see them. */
export async function unpublishGrades(assignmentId: string): Promise<void> {
  const db = await getDb();
  await db.update(assignments).set({ gradesPublishedAt: null }).where(eq(assignments.id, assignmentId));
}

// ── Gradebook ─────────────────────────────────────────────────────────────────────────────────

export interface GradebookAssignment extends GradedWork {
  title: string;
  kind: AssignmentKind;
  dueAt: Date;
  status: "draft" | "published";
  gradesPublished: boolean;
}

export interface GradebookStudent {
  id: string;
  name: string;
  email: string;
}

export interface GradebookData {
  assignments: GradebookAssignment[];
  students: GradebookStudent[];
  /** `${assignmentId}:${studentId}` → mark. */
  marks: Map<string, Mark>;
}

export const markKey = (assignmentId: string, studentId: string) => `${assignmentId}:${studentId}`;

/** The students × assignments grid of a class; `publishedOnly` for what students may see. */
export async function loadGradebook(classId: string, { publishedOnly = false } = {}): Promise<GradebookData> {
  const db = await getDb();
  const [assignmentRows, students] = await Promise.all([
    db
      .select({
        id: assignments.id,
        title: assignments.title,
        kind: assignments.kind,
        dueAt: assignments.dueAt,
        status: assignments.status,
        maxPoints: assignments.maxPoints,
        rescaleTo20: assignments.rescaleTo20,
        coefficient: assignments.coefficient,
        period: assignments.period,
        gradesPublishedAt: assignments.gradesPublishedAt,
      })
      .from(assignments)
      .where(and(eq(assignments.classId, classId), publishedOnly ? isNotNull(assignments.gradesPublishedAt) : undefined))
      .orderBy(asc(assignments.dueAt), asc(assignments.createdAt)),
    db
      .select({ id: userTable.id, name: userTable.name, email: userTable.email })
      .from(classMembers)
      .innerJoin(userTable, eq(userTable.id, classMembers.userId))
      .where(eq(classMembers.classId, classId))
      .orderBy(asc(userTable.name), asc(userTable.email)),
  ]);
  const ids = assignmentRows.map((row) => row.id);
  const gradeRows =
    ids.length === 0
      ? []
      : await db
          .select({ assignmentId: grades.assignmentId, studentId: grades.studentId, points: grades.points, status: grades.status })
          .from(grades)
          .where(inArray(grades.assignmentId, ids));
  return {
    assignments: assignmentRows.map(({ gradesPublishedAt, ...row }) => ({
      ...row,
      kind: row.kind as AssignmentKind,
      period: row.period as Period,
      status: row.status as "draft" | "published",
      gradesPublished: gradesPublishedAt !== null,
    })),
    students,
    marks: new Map(
      gradeRows.map((row) => [markKey(row.assignmentId, row.studentId), { points: row.points, status: row.status as GradeStatus | null }]),
    ),
  };
}

// ── Comment bank ──────────────────────────────────────────────────────────────────────────────

export async function listComments(teacherId: string): Promise<{ id: string; text: string }[]> {
  const db = await getDb();
  return db
    .select({ id: commentBank.id, text: commentBank.text })
    .from(commentBank)
    .where(eq(commentBank.teacherId, teacherId))
    .orderBy(asc(commentBank.text));
}

export async function addComment(teacherId: string, text: string): Promise<void> {
  const db = await getDb();
  await db.insert(commentBank).values({ teacherId, text }).onConflictDoNothing();
}

/** Removes one of the teacher's own comments; another teacher's id changes nothing. */
export async function removeComment(teacherId: string, commentId: string): Promise<void> {
  const db = await getDb();
  if (!/^[0-9a-f-]{36}$/i.test(commentId)) return;
  await db.delete(commentBank).where(and(eq(commentBank.id, commentId), eq(commentBank.teacherId, teacherId)));
}
