import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { assignments, classMembers, classes, grades, submissionFiles, submissions, user as userTable } from "../../../db/schema";
import type { Period } from "../grades/marks";
import { getFileStore, newFileKey } from "../files/file-store.server";
import type { AssignmentInput, AssignmentKind, AssignmentSummary, SubmissionFileType } from "./assignments";

const isUuid = (value: string) => z.uuid().safeParse(value).success;

const summaryColumns = {
  id: assignments.id,
  classId: assignments.classId,
  title: assignments.title,
  kind: assignments.kind,
  dueAt: assignments.dueAt,
  maxPoints: assignments.maxPoints,
  rescaleTo20: assignments.rescaleTo20,
  coefficient: assignments.coefficient,
  period: assignments.period,
  status: assignments.status,
  gradesPublishedAt: assignments.gradesPublishedAt,
};

export interface AssignmentRecord extends AssignmentSummary {
  instructions: string;
  instructionsHtml: string;
  linkedPath: string | null;
  publishedAt: Date | null;
  createdAt: Date;
}

const recordColumns = {
  ...summaryColumns,
  instructions: assignments.instructions,
  instructionsHtml: assignments.instructionsHtml,
  linkedPath: assignments.linkedPath,
  publishedAt: assignments.publishedAt,
  createdAt: assignments.createdAt,
};

/** Kind, period and status are checked on the way in (schema and CHECK constraints): read back, they are what was written. */
const typed = <T extends { kind: string; period: string; status: string }>(row: T) =>
  row as Omit<T, "kind" | "period" | "status"> & { kind: AssignmentKind; period: Period; status: "draft" | "published" };

/** The period a date most likely falls in, for a new assignment (trimesters: Sept–Nov, Dec–Feb, Mar–Aug). */
export function defaultPeriod(date: Date): Period {
  const month = Number(date.toLocaleDateString("en-US", { timeZone: "Europe/Paris", month: "numeric" }));
  if (month >= 9 && month <= 11) return "t1";
  if (month === 12 || month <= 2) return "t2";
  return "t3";
}

export async function createAssignment(
  classId: string,
  input: Pick<AssignmentInput, "title" | "kind" | "dueAt">,
): Promise<AssignmentRecord> {
  const db = await getDb();
  const [row] = await db
    .insert(assignments)
    .values({ classId, ...input, period: defaultPeriod(input.dueAt) })
    .returning(recordColumns);
  return typed(row);
}

export async function updateAssignment(assignmentId: string, input: AssignmentInput, instructionsHtml: string): Promise<void> {
  const db = await getDb();
  await db
    .update(assignments)
    .set({ ...input, instructionsHtml, updatedAt: new Date() })
    .where(eq(assignments.id, assignmentId));
}

export async function setAssignmentPublished(assignmentId: string, published: boolean): Promise<void> {
  const db = await getDb();
  await db
    .update(assignments)
    .set(published ? { status: "published", publishedAt: new Date(), updatedAt: new Date() } : { status: "draft", updatedAt: new Date() })
    .where(eq(assignments.id, assignmentId));
}

/** Deletes an assignment with its submissions and marks, and the files handed in for it. */
export async function deleteAssignment(assignmentId: string): Promise<void> {
  const db = await getDb();
  const keys = await db
    .select({ key: submissionFiles.storageKey })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .where(eq(submissions.assignmentId, assignmentId));
  await db.delete(assignments).where(eq(assignments.id, assignmentId));
  await getFileStore().remove(keys.map((row) => row.key));
}

/** The storage keys of every file handed in to a class (removed from the store when the class goes). */
export async function classFileKeys(classId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ key: submissionFiles.storageKey })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(eq(assignments.classId, classId));
  return rows.map((row) => row.key);
}

/** The assignment if it belongs to the class (the class's teacher was checked before); undefined otherwise. */
export async function findClassAssignment(classId: string, assignmentId: string): Promise<AssignmentRecord | undefined> {
  if (!isUuid(assignmentId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select(recordColumns)
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.classId, classId)))
    .limit(1);
  return row && typed(row);
}

export interface ClassAssignment extends AssignmentSummary {
  submitted: number;
  graded: number;
}

/** A class's assignments by due date, with how many students handed in and how many are marked. */
export async function listClassAssignments(classId: string): Promise<ClassAssignment[]> {
  const db = await getDb();
  const rows = await db
    .select({
      ...summaryColumns,
      submitted: sql<number>`(select count(*) from ${submissions} where ${submissions.assignmentId} = ${assignments.id})`,
      graded: sql<number>`(select count(*) from ${grades} where ${grades.assignmentId} = ${assignments.id} and (${grades.points} is not null or ${grades.status} is not null))`,
    })
    .from(assignments)
    .where(eq(assignments.classId, classId))
    .orderBy(asc(assignments.dueAt), asc(assignments.createdAt));
  return rows.map((row) => ({ ...typed(row), submitted: Number(row.submitted), graded: Number(row.graded) }));
}

// ── The student's side ───────────────────────────────────────────────────────────────────────

export interface StudentAssignment extends AssignmentRecord {
  className: string;
  teacherName: string;
}

/** A published assignment of one of the student's classes; undefined for anything else (a draft, another class). */
export async function findStudentAssignment(studentId: string, assignmentId: string): Promise<StudentAssignment | undefined> {
  if (!isUuid(assignmentId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ ...recordColumns, className: classes.name, teacherName: userTable.name })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(classMembers, and(eq(classMembers.classId, classes.id), eq(classMembers.userId, studentId)))
    .innerJoin(userTable, eq(userTable.id, classes.teacherId))
    .where(and(eq(assignments.id, assignmentId), eq(assignments.status, "published")))
    .limit(1);
  return row && typed(row);
}

export interface SubmissionFile {
  id: string;
  name: string;
  contentType: SubmissionFileType;
  size: number;
  createdAt: Date;
}

export interface SubmissionRecord {
  id: string;
  studentId: string;
  text: string;
  quizScore: number | null;
  quizTotal: number | null;
  submittedAt: Date;
  late: boolean;
  files: SubmissionFile[];
}

const submissionColumns = {
  id: submissions.id,
  studentId: submissions.studentId,
  text: submissions.text,
  quizScore: submissions.quizScore,
  quizTotal: submissions.quizTotal,
  submittedAt: submissions.submittedAt,
  late: submissions.late,
};

async function withFiles(rows: Omit<SubmissionRecord, "files">[]): Promise<SubmissionRecord[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const files = await db
    .select({
      id: submissionFiles.id,
      submissionId: submissionFiles.submissionId,
      name: submissionFiles.name,
      contentType: submissionFiles.contentType,
      size: submissionFiles.size,
      createdAt: submissionFiles.createdAt,
    })
    .from(submissionFiles)
    .where(
      inArray(
        submissionFiles.submissionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(submissionFiles.createdAt));
  return rows.map((row) => ({
    ...row,
    files: files
      .filter((file) => file.submissionId === row.id)
      .map(({ submissionId: _, ...file }) => ({ ...file, contentType: file.contentType as SubmissionFileType })),
  }));
}

export async function findSubmission(assignmentId: string, studentId: string): Promise<SubmissionRecord | undefined> {
  const db = await getDb();
  const rows = await db
    .select(submissionColumns)
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId)))
    .limit(1);
  return (await withFiles(rows))[0];
}

/** Every submission of an assignment, for its teacher. */
export async function listSubmissions(assignmentId: string): Promise<SubmissionRecord[]> {
  const db = await getDb();
  const rows = await db.select(submissionColumns).from(submissions).where(eq(submissions.assignmentId, assignmentId));
  return withFiles(rows);
}

export interface NewFile {
  name: string;
  contentType: SubmissionFileType;
  content: Buffer;
}

/**
 * Hands in (or replaces) a student's work: the text replaces the previous one, new files are added.
 * Refused after the due date when something was already handed in (it can no longer be replaced); a
 * first hand-in after the due date is taken and flagged late. Returns whether it was late.
 */
export async function submitWork(
  assignment: Pick<AssignmentRecord, "id" | "dueAt">,
  studentId: string,
  work: { text: string; files: NewFile[] },
  now = new Date(),
): Promise<{ ok: true; late: boolean; first: boolean } | { ok: false; reason: "closed" }> {
  const db = await getDb();
  const late = now.getTime() > assignment.dueAt.getTime();
  const stored: { key: string; file: NewFile }[] = [];
  const store = getFileStore();
  for (const file of work.files) {
    const key = newFileKey("submissions");
    await store.put(key, file.content);
    stored.push({ key, file });
  }
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(eq(submissions.assignmentId, assignment.id), eq(submissions.studentId, studentId)))
        .for("update")
        .limit(1);
      if (existing && late) throw new ClosedError();
      const [row] = existing
        ? await tx
            .update(submissions)
            .set({ text: work.text, submittedAt: now, late })
            .where(eq(submissions.id, existing.id))
            .returning({ id: submissions.id })
        : await tx
            .insert(submissions)
            .values({ assignmentId: assignment.id, studentId, text: work.text, submittedAt: now, late })
            .returning({ id: submissions.id });
      if (stored.length > 0)
        await tx.insert(submissionFiles).values(
          stored.map(({ key, file }) => ({
            submissionId: row.id,
            name: file.name,
            contentType: file.contentType,
            size: file.content.length,
            storageKey: key,
          })),
        );
      return { ok: true as const, late, first: !existing };
    });
  } catch (error) {
    await store.remove(stored.map((entry) => entry.key));
    if (error instanceof ClosedError) return { ok: false, reason: "closed" };
    throw error;
  }
}

class ClosedError extends Error {}

/** Removes one of the student's own files before the due date; false when it is not theirs or too late. */
export async function removeSubmissionFile(
  assignment: Pick<AssignmentRecord, "id" | "dueAt">,
  studentId: string,
  fileId: string,
  now = new Date(),
): Promise<boolean> {
  if (!isUuid(fileId) || now.getTime() > assignment.dueAt.getTime()) return false;
  const db = await getDb();
  const [file] = await db
    .select({ id: submissionFiles.id, key: submissionFiles.storageKey })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .where(and(eq(submissionFiles.id, fileId), eq(submissions.assignmentId, assignment.id), eq(submissions.studentId, studentId)))
    .limit(1);
  if (!file) return false;
  await db.delete(submissionFiles).where(eq(submissionFiles.id, file.id));
  await getFileStore().remove([file.key]);
  return true;
}

/**
 * A quiz finished by a student counts as their submission to every published assignment of their
 * classes that links to it: until the due date the newest attempt replaces the previous one; after it,
 * only a first attempt is recorded, flagged late. Returns how many submissions were recorded.
 */
export async function recordQuizSubmission(
  studentId: string,
  quizPath: string,
  score: number,
  total: number,
  now = new Date(),
): Promise<number> {
  const db = await getDb();
  const linked = await db
    .select({ id: assignments.id, dueAt: assignments.dueAt })
    .from(assignments)
    .innerJoin(classMembers, and(eq(classMembers.classId, assignments.classId), eq(classMembers.userId, studentId)))
    .where(and(eq(assignments.linkedPath, quizPath), eq(assignments.status, "published")));
  let recorded = 0;
  for (const assignment of linked) {
    const late = now.getTime() > assignment.dueAt.getTime();
    const values = { assignmentId: assignment.id, studentId, quizScore: score, quizTotal: total, submittedAt: now, late };
    const rows = late
      ? await db.insert(submissions).values(values).onConflictDoNothing().returning({ id: submissions.id })
      : await db
          .insert(submissions)
          .values(values)
          .onConflictDoUpdate({
            target: [submissions.assignmentId, submissions.studentId],
            set: { quizScore: score, quizTotal: total, submittedAt: now, late: false },
          })
          .returning({ id: submissions.id });
    recorded += rows.length;
  }
  return recorded;
}

export interface StudentAssignmentListItem extends AssignmentSummary {
  className: string;
  submittedAt: Date | null;
  late: boolean;
  /** The mark, once the teacher published the marks. */
  mark: { points: number | null; status: string | null } | null;
}

/** The published assignments of all the student's classes, soonest due first. */
export async function listStudentAssignments(studentId: string): Promise<StudentAssignmentListItem[]> {
  const db = await getDb();
  const rows = await db
    .select({
      ...summaryColumns,
      className: classes.name,
      submittedAt: submissions.submittedAt,
      late: submissions.late,
      points: grades.points,
      markStatus: grades.status,
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(classMembers, and(eq(classMembers.classId, classes.id), eq(classMembers.userId, studentId)))
    .leftJoin(submissions, and(eq(submissions.assignmentId, assignments.id), eq(submissions.studentId, studentId)))
    .leftJoin(
      grades,
      and(eq(grades.assignmentId, assignments.id), eq(grades.studentId, studentId), isNotNull(assignments.gradesPublishedAt)),
    )
    .where(eq(assignments.status, "published"))
    .orderBy(asc(assignments.dueAt));
  return rows.map(({ points, markStatus, late, ...row }) => ({
    ...typed(row),
    late: Boolean(late),
    mark: points !== null || markStatus !== null ? { points, status: markStatus } : null,
  }));
}

/** A file handed in, if `user` may read it: its student, the class's teacher, or an admin. */
export async function findReadableFile(
  fileId: string,
  user: { id: string },
  isAdmin: boolean,
): Promise<{ name: string; contentType: string; size: number; storageKey: string } | undefined> {
  if (!isUuid(fileId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({
      name: submissionFiles.name,
      contentType: submissionFiles.contentType,
      size: submissionFiles.size,
      storageKey: submissionFiles.storageKey,
      studentId: submissions.studentId,
      teacherId: classes.teacherId,
    })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(eq(submissionFiles.id, fileId))
    .limit(1);
  if (!row || !(isAdmin || row.studentId === user.id || row.teacherId === user.id)) return undefined;
  return { name: row.name, contentType: row.contentType, size: row.size, storageKey: row.storageKey };
}

/** The assignments due in a window for a teacher's classes (the teacher home's « cette semaine »). */
export async function teacherAssignmentsDue(teacherId: string, from: Date, to: Date) {
  const db = await getDb();
  return db
    .select({
      id: assignments.id,
      classId: assignments.classId,
      className: classes.name,
      title: assignments.title,
      kind: assignments.kind,
      dueAt: assignments.dueAt,
      status: assignments.status,
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(and(eq(classes.teacherId, teacherId), sql`${assignments.dueAt} >= ${from} and ${assignments.dueAt} < ${to}`))
    .orderBy(asc(assignments.dueAt));
}

/** Submissions of a teacher's classes that have no mark yet, oldest first. */
export async function submissionsToGrade(teacherId: string, limit = 20) {
  const db = await getDb();
  const rows = await db
    .select({
      assignmentId: assignments.id,
      classId: assignments.classId,
      className: classes.name,
      title: assignments.title,
      waiting: count(submissions.id),
    })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .leftJoin(grades, and(eq(grades.assignmentId, submissions.assignmentId), eq(grades.studentId, submissions.studentId)))
    .where(and(eq(classes.teacherId, teacherId), sql`${grades.points} is null and ${grades.status} is null`))
    .groupBy(assignments.id, classes.name)
    .orderBy(asc(assignments.dueAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, waiting: Number(row.waiting) }));
}

/** The last assignments whose marks were published, newest first. */
export async function lastPublishedMarks(teacherId: string, limit = 5) {
  const db = await getDb();
  return db
    .select({
      id: assignments.id,
      classId: assignments.classId,
      className: classes.name,
      title: assignments.title,
      publishedAt: assignments.gradesPublishedAt,
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(and(eq(classes.teacherId, teacherId), isNotNull(assignments.gradesPublishedAt)))
    .orderBy(desc(assignments.gradesPublishedAt))
    .limit(limit);
}
