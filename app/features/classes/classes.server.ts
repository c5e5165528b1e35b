import { randomInt } from "node:crypto";
import { and, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { classMembers, classes, exerciseMarks, quizAttempts, studyDays, user as userTable } from "../../../db/schema";
import { subjectOf } from "../learning/subjects";
import {
  CLASS_MESSAGES,
  CLASS_SUBJECTS,
  type ClassInput,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  type ClassLevel,
  type ClassSubject,
  type StudentClass,
} from "./classes";

export interface ClassRecord {
  id: string;
  teacherId: string;
  name: string;
  level: ClassLevel;
  subject: ClassSubject;
  schoolYear: string;
  joinCode: string;
  joinEnabled: boolean;
  grantsMaths: boolean;
  /** Weight of a period's colle mean in the averages (0: colles do not count). */
  colleCoefficient: number;
  createdAt: Date;
}

const classColumns = {
  id: classes.id,
  teacherId: classes.teacherId,
  name: classes.name,
  level: classes.level,
  subject: classes.subject,
  schoolYear: classes.schoolYear,
  joinCode: classes.joinCode,
  joinEnabled: classes.joinEnabled,
  grantsMaths: classes.grantsMaths,
  colleCoefficient: classes.colleCoefficient,
  createdAt: classes.createdAt,
};

/** Level and subject are checked on the way in (classSchema, the level check): read back, they are what was written. */
const toRecord = (row: Omit<ClassRecord, "level" | "subject"> & { level: string; subject: string }) => row as ClassRecord;

function newJoinCode(): string {
  return Array.from({ length: JOIN_CODE_LENGTH }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join("");
}

/** Retries with another code when one is already taken (31^8 codes: a retry is rare, two are not expected). */
async function withFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(newJoinCode());
    } catch (error) {
      const unique = /classes_join_code_unique|duplicate key/.test(String((error as { cause?: unknown }).cause ?? error));
      if (!unique || attempt >= 4) throw error;
    }
  }
}

export async function createClass(teacherId: string, input: ClassInput): Promise<ClassRecord> {
  const db = await getDb();
  return withFreshCode(async (joinCode) => {
    const [row] = await db
      .insert(classes)
      .values({ teacherId, joinCode, ...input })
      .returning(classColumns);
    return toRecord(row);
  });
}

export async function updateClass(classId: string, input: ClassInput): Promise<void> {
  const db = await getDb();
  await db
    .update(classes)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(classes.id, classId));
}

/** A new code: the old one stops working at once. */
export async function rotateJoinCode(classId: string): Promise<string> {
  const db = await getDb();
  return withFreshCode(async (joinCode) => {
    await db.update(classes).set({ joinCode, updatedAt: new Date() }).where(eq(classes.id, classId));
    return joinCode;
  });
}

export async function setJoinEnabled(classId: string, joinEnabled: boolean): Promise<void> {
  const db = await getDb();
  await db.update(classes).set({ joinEnabled, updatedAt: new Date() }).where(eq(classes.id, classId));
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The class if `teacherId` teaches it; undefined for another teacher's class and for an unknown or malformed id alike. */
export async function findTeacherClass(classId: string, teacherId: string): Promise<ClassRecord | undefined> {
  if (!isUuid(classId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select(classColumns)
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)))
    .limit(1);
  return row && toRecord(row);
}

/** A teacher's classes, newest first, with their number of students. */
export async function listTeacherClasses(teacherId: string): Promise<(ClassRecord & { students: number })[]> {
  const db = await getDb();
  const rows = await db
    .select({ ...classColumns, students: count(classMembers.userId) })
    .from(classes)
    .leftJoin(classMembers, eq(classMembers.classId, classes.id))
    .where(eq(classes.teacherId, teacherId))
    .groupBy(classes.id)
    .orderBy(desc(classes.createdAt));
  return rows.map((row) => ({ ...toRecord(row), students: Number(row.students) }));
}

export interface ClassMember {
  userId: string;
  name: string;
  email: string;
  joinedAt: Date;
  /** Their last study day's last event (pages opened, quizzes, exercises, cards), if any. */
  lastActivityAt: Date | null;
  /** In the class's subject, when the platform tracks it: exercises marked « J'ai réussi » and quizzes taken. */
  progress: { exercisesSucceeded: number; quizzesTaken: number } | null;
}

export async function listMembers(classRecord: ClassRecord): Promise<ClassMember[]> {
  const db = await getDb();
  const members = await db
    .select({ userId: classMembers.userId, joinedAt: classMembers.joinedAt, name: userTable.name, email: userTable.email })
    .from(classMembers)
    .innerJoin(userTable, eq(userTable.id, classMembers.userId))
    .where(eq(classMembers.classId, classRecord.id))
    .orderBy(userTable.name, userTable.email);
  if (members.length === 0) return [];
  const ids = members.map((member) => member.userId);
  const subject = CLASS_SUBJECTS[classRecord.subject].progress;
  const [activity, marks, quizzes] = await Promise.all([
    db
      .select({ userId: studyDays.userId, last: max(studyDays.lastAt) })
      .from(studyDays)
      .where(inArray(studyDays.userId, ids))
      .groupBy(studyDays.userId),
    subject
      ? db
          .select({ userId: exerciseMarks.userId, setId: exerciseMarks.setId, n: count() })
          .from(exerciseMarks)
          .where(and(inArray(exerciseMarks.userId, ids), eq(exerciseMarks.status, "reussi")))
          .groupBy(exerciseMarks.userId, exerciseMarks.setId)
      : [],
    subject
      ? db
          .selectDistinct({ userId: quizAttempts.userId, quizId: quizAttempts.quizId })
          .from(quizAttempts)
          .where(inArray(quizAttempts.userId, ids))
      : [],
  ]);
  const lastByUser = new Map(activity.map((row) => [row.userId, row.last]));
  return members.map((member) => ({
    ...member,
    lastActivityAt: lastByUser.get(member.userId) ?? null,
    progress: subject
      ? {
          exercisesSucceeded: marks
            .filter((row) => row.userId === member.userId && subjectOf(row.setId) === subject)
            .reduce((sum, row) => sum + Number(row.n), 0),
          quizzesTaken: quizzes.filter((row) => row.userId === member.userId && subjectOf(row.quizId) === subject).length,
        }
      : null,
  }));
}

/** Deletes a class and its memberships: its students lose what it gave them (the maths right). */
export async function deleteClass(classId: string): Promise<void> {
  const db = await getDb();
  await db.delete(classes).where(eq(classes.id, classId));
}

/** Removes a student from a class; false when they were not a member. */
export async function removeMember(classId: string, userId: string): Promise<boolean> {
  const db = await getDb();
  const removed = await db
    .delete(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
    .returning({ userId: classMembers.userId });
  return removed.length > 0;
}

export type JoinResult = { ok: true; classId: string; message: string } | { ok: false; message: string };

/** A student joins the open class whose code this is (normalised, see joinCodeSchema). */
export async function joinClass(userId: string, code: string): Promise<JoinResult> {
  const db = await getDb();
  const [found] = await db
    .select({ id: classes.id, name: classes.name, teacherId: classes.teacherId })
    .from(classes)
    .where(and(eq(classes.joinCode, code), eq(classes.joinEnabled, true)))
    .limit(1);
  if (!found) return { ok: false, message: CLASS_MESSAGES.unknownCode };
  if (found.teacherId === userId) return { ok: false, message: CLASS_MESSAGES.ownClass };
  const inserted = await db
    .insert(classMembers)
    .values({ classId: found.id, userId })
    .onConflictDoNothing()
    .returning({ classId: classMembers.classId });
  return {
    ok: true,
    classId: found.id,
    message: inserted.length ? CLASS_MESSAGES.joined(found.name) : CLASS_MESSAGES.alreadyMember(found.name),
  };
}

/** The classes a student belongs to, newest membership first. */
export async function listStudentClasses(userId: string): Promise<StudentClass[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: classes.id,
      name: classes.name,
      level: classes.level,
      subject: classes.subject,
      schoolYear: classes.schoolYear,
      teacherName: userTable.name,
      joinedAt: classMembers.joinedAt,
      grantsMaths: classes.grantsMaths,
      colleCoefficient: classes.colleCoefficient,
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .innerJoin(userTable, eq(userTable.id, classes.teacherId))
    .where(eq(classMembers.userId, userId))
    .orderBy(desc(classMembers.joinedAt));
  return rows as StudentClass[];
}

/** A student leaves one of their classes; the class's name, or undefined when they were not a member. */
export async function leaveClass(userId: string, classId: string): Promise<string | undefined> {
  if (!isUuid(classId)) return undefined;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [member] = await tx
      .delete(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
      .returning({ classId: classMembers.classId });
    if (!member) return undefined;
    const [row] = await tx.select({ name: classes.name }).from(classes).where(eq(classes.id, classId));
    return row?.name;
  });
}

/** Whether a user belongs to a class that grants the maths right (DESIGN §4). */
export async function holdsMathsThroughClass(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .where(and(eq(classMembers.userId, userId), eq(classes.grantsMaths, true)))
    .limit(1);
  return Boolean(row);
}
