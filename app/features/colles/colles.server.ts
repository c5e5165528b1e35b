import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type Database, getDb } from "../../../db/client.server";
import { classMembers, classes, colleGroupMembers, colleGroups, colleMarks, colleSlots, user as userTable } from "../../../db/schema";
import { getRole } from "../accounts/roles.server";
import { hasRole } from "../accounts/roles";
import type { GradeStatus, Mark, Period } from "../grades/marks";
import {
  COLLE_MESSAGES,
  type ColleMarkLine,
  type SlotInput,
  byGroupName,
  byStudentName,
  formTrinomes,
  nextGroupNames,
  slotDate,
} from "./colles";

/**
 * Colles of a class (issue #13): its groups (trinômes), its colloscope and the colle marks. Callers have
 * checked access first: the class by requireClassTeacher, a slot by requireColleSlot. Functions that take
 * a classId still scope every write to that class, so an id from another class changes nothing.
 */

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Whether a failed query broke the unique index `index` (both drivers put the PostgreSQL error in `cause`). */
function breaksUnique(error: unknown, index: string): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return text.includes(index);
}

/** Today in Paris, 'YYYY-MM-DD'. */
export function parisToday(now = new Date()): string {
  return now.toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });
}

// ── Students and groups ──────────────────────────────────────────────────────────────────────────

export interface ColleStudent {
  studentId: string;
  name: string;
  email: string;
  /** Their group in this class, if any. */
  groupId: string | null;
}

/** The class's students, in alphabetical order, with their group. */
export async function listColleStudents(classId: string): Promise<ColleStudent[]> {
  const db = await getDb();
  const rows = await db
    .select({ studentId: classMembers.userId, name: userTable.name, email: userTable.email, groupId: colleGroupMembers.groupId })
    .from(classMembers)
    .innerJoin(userTable, eq(userTable.id, classMembers.userId))
    .leftJoin(
      colleGroupMembers,
      and(eq(colleGroupMembers.classId, classMembers.classId), eq(colleGroupMembers.studentId, classMembers.userId)),
    )
    .where(eq(classMembers.classId, classId));
  return rows.sort(byStudentName);
}

export interface ColleGroup {
  id: string;
  name: string;
  members: { studentId: string; name: string; email: string }[];
  /** Its lines in the colloscope. */
  slots: number;
}

/** The class's groups (« Groupe 2 » before « Groupe 10 »), members in alphabetical order. */
export async function listColleGroups(classId: string): Promise<ColleGroup[]> {
  const db = await getDb();
  const [groups, members, slots] = await Promise.all([
    db.select({ id: colleGroups.id, name: colleGroups.name }).from(colleGroups).where(eq(colleGroups.classId, classId)),
    db
      .select({ groupId: colleGroupMembers.groupId, studentId: colleGroupMembers.studentId, name: userTable.name, email: userTable.email })
      .from(colleGroupMembers)
      .innerJoin(userTable, eq(userTable.id, colleGroupMembers.studentId))
      .where(eq(colleGroupMembers.classId, classId)),
    db
      .select({ groupId: colleSlots.groupId, n: sql<number>`count(*)` })
      .from(colleSlots)
      .where(eq(colleSlots.classId, classId))
      .groupBy(colleSlots.groupId),
  ]);
  const slotsByGroup = new Map(slots.map((row) => [row.groupId, Number(row.n)]));
  return groups.sort(byGroupName).map((group) => ({
    ...group,
    members: members
      .filter((member) => member.groupId === group.id)
      .map(({ studentId, name, email }) => ({ studentId, name, email }))
      .sort(byStudentName),
    slots: slotsByGroup.get(group.id) ?? 0,
  }));
}

export type GroupResult = { ok: true; id: string; name: string } | { ok: false; field: "name" | "members"; message: string };

/**
 * A new group of the class with these students. Every one of them must be a student of the class and in
 * no group of it yet (a student is in one group per class: moving is done with moveColleStudent).
 */
export async function createColleGroup(classId: string, input: { name: string; members: string[] }): Promise<GroupResult> {
  const db = await getDb();
  const memberIds = [...new Set(input.members)];
  try {
    return await db.transaction(async (tx): Promise<GroupResult> => {
      if (memberIds.length > 0) {
        const enrolled = await tx
          .select({ id: classMembers.userId })
          .from(classMembers)
          .where(and(eq(classMembers.classId, classId), inArray(classMembers.userId, memberIds)));
        if (enrolled.length !== memberIds.length) return { ok: false, field: "members", message: COLLE_MESSAGES.notAStudent };
        const grouped = await tx
          .select({ student: userTable.name, group: colleGroups.name })
          .from(colleGroupMembers)
          .innerJoin(userTable, eq(userTable.id, colleGroupMembers.studentId))
          .innerJoin(colleGroups, eq(colleGroups.id, colleGroupMembers.groupId))
          .where(and(eq(colleGroupMembers.classId, classId), inArray(colleGroupMembers.studentId, memberIds)))
          .orderBy(asc(userTable.name))
          .limit(1);
        if (grouped[0])
          return { ok: false, field: "members", message: COLLE_MESSAGES.alreadyInGroup(grouped[0].student, grouped[0].group) };
      }
      if (await groupNameTaken(tx, classId, input.name)) return { ok: false, field: "name", message: COLLE_MESSAGES.groupNameTaken };
      const [group] = await tx.insert(colleGroups).values({ classId, name: input.name }).returning({ id: colleGroups.id });
      if (memberIds.length > 0)
        await tx.insert(colleGroupMembers).values(memberIds.map((studentId) => ({ groupId: group.id, classId, studentId })));
      return { ok: true, id: group.id, name: input.name };
    });
  } catch (error) {
    // Two forms sent at once: the unique indexes have the last word.
    if (breaksUnique(error, "colle_groups_class_name_idx")) return { ok: false, field: "name", message: COLLE_MESSAGES.groupNameTaken };
    if (breaksUnique(error, "colle_group_members_class_student_idx"))
      return { ok: false, field: "members", message: "Un des élèves choisis vient d'être mis dans un groupe. Rechargez la page." };
    throw error;
  }
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Whether another group of the class has this name, case aside (« groupe 1 » and « Groupe 1 » would be confused). */
async function groupNameTaken(tx: Tx, classId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: colleGroups.id })
    .from(colleGroups)
    .where(
      and(
        eq(colleGroups.classId, classId),
        sql`lower(${colleGroups.name}) = lower(${name})`,
        exceptId ? sql`${colleGroups.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * « Former les trinômes automatiquement »: the students in no group yet, in alphabetical order, in groups
 * of three (formTrinomes), named « Groupe N » with numbers the class does not use yet.
 */
export async function formColleGroupsAutomatically(classId: string): Promise<{ groups: number; students: number }> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const students = await tx
        .select({ studentId: classMembers.userId, name: userTable.name, email: userTable.email })
        .from(classMembers)
        .innerJoin(userTable, eq(userTable.id, classMembers.userId))
        .leftJoin(
          colleGroupMembers,
          and(eq(colleGroupMembers.classId, classMembers.classId), eq(colleGroupMembers.studentId, classMembers.userId)),
        )
        .where(and(eq(classMembers.classId, classId), sql`${colleGroupMembers.groupId} is null`));
      const trinomes = formTrinomes(students.sort(byStudentName));
      if (trinomes.length === 0) return { groups: 0, students: 0 };
      const existing = await tx.select({ name: colleGroups.name }).from(colleGroups).where(eq(colleGroups.classId, classId));
      const names = nextGroupNames(
        existing.map((row) => row.name),
        trinomes.length,
      );
      const created = await tx
        .insert(colleGroups)
        .values(names.map((name) => ({ classId, name })))
        .returning({ id: colleGroups.id, name: colleGroups.name });
      const idByName = new Map(created.map((row) => [row.name, row.id]));
      await tx
        .insert(colleGroupMembers)
        .values(
          trinomes.flatMap((members, index) =>
            members.map((member) => ({ groupId: idByName.get(names[index])!, classId, studentId: member.studentId })),
          ),
        );
      return { groups: trinomes.length, students: students.length };
    });
  } catch (error) {
    // Formed twice at once: the first one wins, the second forms nothing.
    if (breaksUnique(error, "colle_group_members_class_student_idx") || breaksUnique(error, "colle_groups_class_name_idx"))
      return { groups: 0, students: 0 };
    throw error;
  }
}

export async function renameColleGroup(classId: string, groupId: string, name: string): Promise<"ok" | "not-found" | "taken"> {
  if (!isUuid(groupId)) return "not-found";
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      if (await groupNameTaken(tx, classId, name, groupId)) return "taken";
      const renamed = await tx
        .update(colleGroups)
        .set({ name })
        .where(and(eq(colleGroups.id, groupId), eq(colleGroups.classId, classId)))
        .returning({ id: colleGroups.id });
      return renamed.length > 0 ? "ok" : "not-found";
    });
  } catch (error) {
    if (breaksUnique(error, "colle_groups_class_name_idx")) return "taken";
    throw error;
  }
}

/** Deletes a group that has no line in the colloscope (those hold marks: they are deleted first, on purpose). */
export async function deleteColleGroup(
  classId: string,
  groupId: string,
): Promise<{ ok: true; name: string } | { ok: false; message: string }> {
  if (!isUuid(groupId)) return { ok: false, message: COLLE_MESSAGES.groupNotFound };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [slot] = await tx
      .select({ id: colleSlots.id })
      .from(colleSlots)
      .where(and(eq(colleSlots.groupId, groupId), eq(colleSlots.classId, classId)))
      .limit(1);
    if (slot) return { ok: false, message: COLLE_MESSAGES.groupHasSlots };
    const [deleted] = await tx
      .delete(colleGroups)
      .where(and(eq(colleGroups.id, groupId), eq(colleGroups.classId, classId)))
      .returning({ name: colleGroups.name });
    return deleted ? { ok: true, name: deleted.name } : { ok: false, message: COLLE_MESSAGES.groupNotFound };
  });
}

/** Moves a student of the class to one of its groups, or out of every group (groupId null). */
export async function moveColleStudent(
  classId: string,
  studentId: string,
  groupId: string | null,
): Promise<{ ok: true; student: string; group: string | null } | { ok: false; message: string }> {
  if (groupId !== null && !isUuid(groupId)) return { ok: false, message: COLLE_MESSAGES.groupNotFound };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select({ name: userTable.name })
      .from(classMembers)
      .innerJoin(userTable, eq(userTable.id, classMembers.userId))
      .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, studentId)));
    if (!student) return { ok: false, message: COLLE_MESSAGES.notAStudent };
    let group: { name: string } | undefined;
    if (groupId !== null) {
      [group] = await tx
        .select({ name: colleGroups.name })
        .from(colleGroups)
        .where(and(eq(colleGroups.id, groupId), eq(colleGroups.classId, classId)));
      if (!group) return { ok: false, message: COLLE_MESSAGES.groupNotFound };
    }
    await tx.delete(colleGroupMembers).where(and(eq(colleGroupMembers.classId, classId), eq(colleGroupMembers.studentId, studentId)));
    if (groupId !== null) await tx.insert(colleGroupMembers).values({ groupId, classId, studentId });
    return { ok: true, student: student.name, group: group?.name ?? null };
  });
}

// ── The colloscope ───────────────────────────────────────────────────────────────────────────────

/** The account that may be the colleur: an existing account with the role prof or above. */
export async function findColleur(email: string): Promise<{ ok: true; id: string; name: string } | { ok: false; message: string }> {
  const db = await getDb();
  const [found] = await db
    .select({ id: userTable.id, name: userTable.name })
    .from(userTable)
    .where(sql`lower(${userTable.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!found) return { ok: false, message: COLLE_MESSAGES.colleurUnknown };
  if (!hasRole(await getRole(found.id), "prof")) return { ok: false, message: COLLE_MESSAGES.colleurNotProf };
  return { ok: true, ...found };
}

export interface ColleSlot {
  id: string;
  classId: string;
  groupId: string;
  groupName: string;
  weekStart: string;
  weekday: number;
  startTime: string;
  room: string;
  colleurId: string;
  colleurName: string;
  colleurEmail: string;
  period: Period;
}

const colleur = alias(userTable, "colleur");
const slotColumns = {
  id: colleSlots.id,
  classId: colleSlots.classId,
  groupId: colleSlots.groupId,
  groupName: colleGroups.name,
  weekStart: colleSlots.weekStart,
  weekday: colleSlots.weekday,
  startTime: colleSlots.startTime,
  room: colleSlots.room,
  colleurId: colleSlots.colleurId,
  colleurName: colleur.name,
  colleurEmail: colleur.email,
  period: colleSlots.period,
};
const slotOrder = [asc(colleSlots.weekStart), asc(colleSlots.weekday), asc(colleSlots.startTime), asc(colleGroups.name)];

/** Adds a line to the class's colloscope; the group must be one of the class's. The colleur is checked by findColleur. */
export async function addColleSlot(
  classId: string,
  input: Omit<SlotInput, "colleurEmail"> & { colleurId: string },
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const db = await getDb();
  const [group] = await db
    .select({ id: colleGroups.id })
    .from(colleGroups)
    .where(and(eq(colleGroups.id, input.groupId), eq(colleGroups.classId, classId)));
  if (!group) return { ok: false, message: COLLE_MESSAGES.groupNotFound };
  const [slot] = await db
    .insert(colleSlots)
    .values({ classId, ...input })
    .returning({ id: colleSlots.id });
  return { ok: true, id: slot.id };
}

/** The class's colloscope, by week, then day and time. */
export async function listClassSlots(classId: string): Promise<ColleSlot[]> {
  const db = await getDb();
  const rows = await db
    .select(slotColumns)
    .from(colleSlots)
    .innerJoin(colleGroups, eq(colleGroups.id, colleSlots.groupId))
    .innerJoin(colleur, eq(colleur.id, colleSlots.colleurId))
    .where(eq(colleSlots.classId, classId))
    .orderBy(...slotOrder);
  return rows as ColleSlot[];
}

/** Deletes a line of the class's colloscope, and its marks; false when the class has no such line. */
export async function deleteColleSlot(classId: string, slotId: string): Promise<boolean> {
  if (!isUuid(slotId)) return false;
  const db = await getDb();
  const deleted = await db
    .delete(colleSlots)
    .where(and(eq(colleSlots.id, slotId), eq(colleSlots.classId, classId)))
    .returning({ id: colleSlots.id });
  return deleted.length > 0;
}

export async function setColleCoefficient(classId: string, value: number): Promise<void> {
  const db = await getDb();
  await db.update(classes).set({ colleCoefficient: value, updatedAt: new Date() }).where(eq(classes.id, classId));
}

// ── A colleur's slots and their marks ────────────────────────────────────────────────────────────

export interface ColleSlotRecord extends ColleSlot {
  className: string;
  classTeacherId: string;
}

const slotRecordColumns = { ...slotColumns, className: classes.name, classTeacherId: classes.teacherId };

/**
 * The slot when `userId` is its colleur or the teacher of its class; undefined otherwise, and for an
 * unknown or malformed id alike (requireColleSlot answers 404 to all three).
 */
export async function findColleSlotFor(slotId: string, userId: string): Promise<ColleSlotRecord | undefined> {
  if (!isUuid(slotId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select(slotRecordColumns)
    .from(colleSlots)
    .innerJoin(classes, eq(classes.id, colleSlots.classId))
    .innerJoin(colleGroups, eq(colleGroups.id, colleSlots.groupId))
    .innerJoin(colleur, eq(colleur.id, colleSlots.colleurId))
    .where(and(eq(colleSlots.id, slotId), or(eq(colleSlots.colleurId, userId), eq(classes.teacherId, userId))))
    .limit(1);
  return row as ColleSlotRecord | undefined;
}

/** The slots where `colleurId` is the colleur, in every class: upcoming ones (from today) first, soonest first; then past ones, latest first. */
export async function listColleurSlots(
  colleurId: string,
  today = parisToday(),
): Promise<{ upcoming: ColleSlotRecord[]; past: ColleSlotRecord[] }> {
  const db = await getDb();
  const rows = (await db
    .select(slotRecordColumns)
    .from(colleSlots)
    .innerJoin(classes, eq(classes.id, colleSlots.classId))
    .innerJoin(colleGroups, eq(colleGroups.id, colleSlots.groupId))
    .innerJoin(colleur, eq(colleur.id, colleSlots.colleurId))
    .where(eq(colleSlots.colleurId, colleurId))
    .orderBy(...slotOrder)) as ColleSlotRecord[];
  const upcoming = rows.filter((slot) => slotDate(slot.weekStart, slot.weekday) >= today);
  const past = rows.filter((slot) => slotDate(slot.weekStart, slot.weekday) < today).reverse();
  return { upcoming, past };
}

export interface MarkingLine extends Mark {
  studentId: string;
  name: string;
  comment: string;
}

/**
 * Who is marked in each slot: the members of its group, and anyone already marked there (a student who
 * has since moved keeps their mark), in alphabetical order.
 */
export async function listMarkingLines(slots: readonly { id: string; groupId: string }[]): Promise<Map<string, MarkingLine[]>> {
  const lines = new Map<string, MarkingLine[]>(slots.map((slot) => [slot.id, []]));
  if (slots.length === 0) return lines;
  const db = await getDb();
  const [members, marks] = await Promise.all([
    db
      .select({ groupId: colleGroupMembers.groupId, studentId: colleGroupMembers.studentId, name: userTable.name })
      .from(colleGroupMembers)
      .innerJoin(userTable, eq(userTable.id, colleGroupMembers.studentId))
      .where(inArray(colleGroupMembers.groupId, [...new Set(slots.map((slot) => slot.groupId))])),
    db
      .select({
        slotId: colleMarks.slotId,
        studentId: colleMarks.studentId,
        name: userTable.name,
        points: colleMarks.points,
        status: colleMarks.status,
        comment: colleMarks.comment,
      })
      .from(colleMarks)
      .innerJoin(userTable, eq(userTable.id, colleMarks.studentId))
      .where(
        inArray(
          colleMarks.slotId,
          slots.map((slot) => slot.id),
        ),
      ),
  ]);
  for (const slot of slots) {
    const byStudent = new Map<string, MarkingLine>();
    for (const member of members.filter((row) => row.groupId === slot.groupId))
      byStudent.set(member.studentId, { studentId: member.studentId, name: member.name, points: null, status: null, comment: "" });
    for (const mark of marks.filter((row) => row.slotId === slot.id))
      byStudent.set(mark.studentId, {
        studentId: mark.studentId,
        name: mark.name,
        points: mark.points,
        status: mark.status as GradeStatus | null,
        comment: mark.comment,
      });
    lines.set(slot.id, [...byStudent.values()].sort(byStudentName));
  }
  return lines;
}

/**
 * Saves the marks of a slot, for the students listMarkingLines gives it (any other line is ignored). A
 * line with no mark and no comment removes what was stored.
 */
export async function saveColleMarks(slot: { id: string; groupId: string }, lines: readonly ColleMarkLine[]): Promise<number> {
  const allowed = new Set((await listMarkingLines([slot])).get(slot.id)!.map((line) => line.studentId));
  const kept = lines.filter((line) => allowed.has(line.studentId));
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const line of kept) {
      const empty = line.mark.points === null && line.mark.status === null && line.comment === "";
      if (empty) {
        await tx.delete(colleMarks).where(and(eq(colleMarks.slotId, slot.id), eq(colleMarks.studentId, line.studentId)));
        continue;
      }
      const values = { points: line.mark.points, status: line.mark.status, comment: line.comment };
      await tx
        .insert(colleMarks)
        .values({ slotId: slot.id, studentId: line.studentId, ...values })
        .onConflictDoUpdate({ target: [colleMarks.slotId, colleMarks.studentId], set: { ...values, updatedAt: new Date() } });
    }
  });
  return kept.length;
}

// ── What the gradebook and the student dashboard read ────────────────────────────────────────────

/** Every colle mark of the class (points or a status), with the period of its slot: the gradebook's colle column. */
export async function listClassColleMarks(
  classId: string,
): Promise<{ studentId: string; period: Period; points: number | null; status: GradeStatus | null }[]> {
  const db = await getDb();
  const rows = await db
    .select({ studentId: colleMarks.studentId, period: colleSlots.period, points: colleMarks.points, status: colleMarks.status })
    .from(colleMarks)
    .innerJoin(colleSlots, eq(colleSlots.id, colleMarks.slotId))
    .where(eq(colleSlots.classId, classId))
    .orderBy(asc(colleSlots.weekStart), asc(colleSlots.weekday), asc(colleSlots.startTime));
  return rows as { studentId: string; period: Period; points: number | null; status: GradeStatus | null }[];
}

/** A student's colle marks in a class, oldest first, with the colleur's name and comment: their dashboard. */
export async function listStudentColleMarks(
  studentId: string,
  classId: string,
): Promise<
  {
    weekStart: string;
    weekday: number;
    startTime: string;
    colleurName: string;
    period: Period;
    points: number | null;
    status: GradeStatus | null;
    comment: string;
  }[]
> {
  if (!isUuid(classId)) return [];
  const db = await getDb();
  const rows = await db
    .select({
      weekStart: colleSlots.weekStart,
      weekday: colleSlots.weekday,
      startTime: colleSlots.startTime,
      colleurName: colleur.name,
      period: colleSlots.period,
      points: colleMarks.points,
      status: colleMarks.status,
      comment: colleMarks.comment,
    })
    .from(colleMarks)
    .innerJoin(colleSlots, eq(colleSlots.id, colleMarks.slotId))
    .innerJoin(colleur, eq(colleur.id, colleSlots.colleurId))
    .where(and(eq(colleMarks.studentId, studentId), eq(colleSlots.classId, classId)))
    .orderBy(asc(colleSlots.weekStart), asc(colleSlots.weekday), asc(colleSlots.startTime));
  return rows as Awaited<ReturnType<typeof listStudentColleMarks>>;
}
