import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { colleMarks } from "../../../db/schema";
import { browserRequest, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { formRequest, unwrap } from "../../../tests/support/routes";
import { action as classAction, loader as classLoader } from "../../routes/prof-course-colles";
import { action as marksAction, loader as marksLoader } from "../../routes/prof-colles";
import { setRole } from "../accounts/roles.server";
import { createClass, findTeacherClass, joinClass } from "../classes/classes.server";
import { requireColleSlot } from "./colle-guards.server";
import { COLLE_MESSAGES, commentFieldName, markFieldName } from "./colles";
import {
  addColleSlot,
  createColleGroup,
  deleteColleGroup,
  deleteColleSlot,
  findColleur,
  formColleGroupsAutomatically,
  listClassColleMarks,
  listClassSlots,
  listColleGroups,
  listColleStudents,
  listColleurSlots,
  listMarkingLines,
  listStudentColleMarks,
  moveColleStudent,
  renameColleGroup,
  saveColleMarks,
} from "./colles.server";

let handle: DatabaseHandle;
type Account = Awaited<ReturnType<typeof registerStudent>>;
let teacher: Account;
let colleur: Account;
let otherProf: Account;

const classInput = { level: "ecg2", subject: "maths-approfondies", schoolYear: "2026-2027", grantsMaths: false } as const;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const COURSE_PATTERN = "/prof/courses/:courseId/colles";

/** A class of `teacher` with these students (created in this order, joined by code). */
async function classWith(name: string, firstNames: string[]) {
  const created = await createClass(teacher.id, { ...classInput, name });
  const students: Account[] = [];
  for (const firstName of firstNames) {
    const student = await registerStudent(firstName);
    await joinClass(student.id, created.joinCode);
    students.push(student);
  }
  return { classId: created.id, students };
}

const slotOf = (groupId: string, extra: Partial<Parameters<typeof addColleSlot>[1]> = {}) => ({
  groupId,
  weekStart: "2026-12-07",
  weekday: 1,
  startTime: "17:00",
  room: "B12",
  colleurId: colleur.id,
  period: "t1" as const,
  ...extra,
});

async function newSlot(classId: string, groupId: string, extra: Partial<Parameters<typeof addColleSlot>[1]> = {}) {
  const added = await addColleSlot(classId, slotOf(groupId, extra));
  if (!added.ok) throw new Error(added.message);
  return (await listClassSlots(classId)).find((slot) => slot.id === added.id)!;
}

const post = formRequest;

const classPage = {
  load: (cookie: string, courseId: string) =>
    classLoader({
      request: browserRequest(`/prof/courses/${courseId}/colles`, cookie),
      pattern: COURSE_PATTERN,
      params: { courseId },
      context: {},
    } as never),
  send: async (cookie: string, courseId: string, fields: Record<string, string | string[]>) =>
    unwrap(
      await classAction({
        request: post(`/prof/courses/${courseId}/colles`, cookie, fields),
        pattern: COURSE_PATTERN,
        params: { courseId },
        context: {},
      } as never),
    ),
};

const marksPage = {
  load: (cookie: string, query = "") =>
    marksLoader({ request: browserRequest(`/prof/colles${query}`, cookie), pattern: "/prof/colles", params: {}, context: {} } as never),
  send: async (cookie: string, fields: Record<string, string>) =>
    unwrap(await marksAction({ request: post("/prof/colles", cookie, fields), pattern: "/prof/colles", params: {}, context: {} } as never)),
};

beforeAll(async () => {
  handle = await useTestDatabase();
  [teacher, colleur, otherProf] = await Promise.all([registerStudent("Hugo"), registerStudent("Claire"), registerStudent("Marc")]);
  for (const prof of [teacher, colleur, otherProf]) await setRole(prof.id, "prof");
});
afterAll(async () => {
  await handle?.close();
});

describe(`colle groups (${process.env.TEST_DB_DRIVER})`, () => {
  it("are formed by hand and automatically, in alphabetical order, a student in one group per class", async () => {
    const { classId, students } = await classWith("ECG 2 — trinômes", [
      "Zoé",
      "Adam",
      "Inès",
      "Bruno",
      "Chloé",
      "Léo",
      "Emma",
      "Gaspard",
      "Jade",
    ]);
    const byName = (name: string) => students.find((student) => student.firstName === name)!;

    const first = await createColleGroup(classId, { name: "Les matheux", members: [byName("Zoé").id, byName("Jade").id] });
    expect(first).toMatchObject({ ok: true, name: "Les matheux" });
    // Already in a group of this class: a clear error, nothing written.
    expect(await createColleGroup(classId, { name: "Autre", members: [byName("Adam").id, byName("Zoé").id] })).toEqual({
      ok: false,
      field: "members",
      message: COLLE_MESSAGES.alreadyInGroup("Zoé", "Les matheux"),
    });
    expect(await createColleGroup(classId, { name: "les MATHEUX", members: [] })).toEqual({
      ok: false,
      field: "name",
      message: COLLE_MESSAGES.groupNameTaken,
    });
    expect(await createColleGroup(classId, { name: "Intrus", members: [otherProf.id] })).toMatchObject({
      ok: false,
      message: COLLE_MESSAGES.notAStudent,
    });
    expect((await listColleGroups(classId)).map((group) => group.name)).toEqual(["Les matheux"]);

    // The seven others, alphabetically: Adam, Bruno, Chloé | Emma, Gaspard, Inès, Léo.
    expect(await formColleGroupsAutomatically(classId)).toEqual({ groups: 2, students: 7 });
    const groups = await listColleGroups(classId);
    expect(groups.map((group) => [group.name, group.members.map((member) => member.name)])).toEqual([
      ["Groupe 1", ["Adam", "Bruno", "Chloé"]],
      ["Groupe 2", ["Emma", "Gaspard", "Inès", "Léo"]],
      ["Les matheux", ["Jade", "Zoé"]],
    ]);
    expect(await formColleGroupsAutomatically(classId)).toEqual({ groups: 0, students: 0 });

    // Moving, renaming, deleting.
    const [groupOne, groupTwo, matheux] = groups;
    expect(await moveColleStudent(classId, byName("Léo").id, matheux.id)).toEqual({ ok: true, student: "Léo", group: "Les matheux" });
    expect(await moveColleStudent(classId, byName("Emma").id, null)).toEqual({ ok: true, student: "Emma", group: null });
    expect(await moveColleStudent(classId, otherProf.id, matheux.id)).toEqual({ ok: false, message: COLLE_MESSAGES.notAStudent });
    const elsewhere = await classWith("Ailleurs", []);
    const foreign = await createColleGroup(elsewhere.classId, { name: "Groupe 1", members: [] });
    expect(await moveColleStudent(classId, byName("Adam").id, foreign.ok ? foreign.id : "")).toEqual({
      ok: false,
      message: COLLE_MESSAGES.groupNotFound,
    });
    const students2 = await listColleStudents(classId);
    expect(students2.filter((student) => student.groupId === matheux.id).map((student) => student.name)).toEqual(["Jade", "Léo", "Zoé"]);
    expect(students2.find((student) => student.name === "Emma")?.groupId).toBeNull();

    expect(await renameColleGroup(classId, groupTwo.id, "Groupe 1")).toBe("taken");
    expect(await renameColleGroup(classId, groupTwo.id, "Trinôme B")).toBe("ok");
    expect(await renameColleGroup(elsewhere.classId, groupTwo.id, "Volé")).toBe("not-found");
    expect(await renameColleGroup(classId, "1 or 1=1", "Volé")).toBe("not-found");

    await newSlot(classId, groupOne.id);
    expect(await deleteColleGroup(classId, groupOne.id)).toEqual({ ok: false, message: COLLE_MESSAGES.groupHasSlots });
    expect(await deleteColleGroup(elsewhere.classId, groupTwo.id)).toEqual({ ok: false, message: COLLE_MESSAGES.groupNotFound });
    expect(await deleteColleGroup(classId, groupTwo.id)).toEqual({ ok: true, name: "Trinôme B" });
    expect((await listColleStudents(classId)).find((student) => student.name === "Gaspard")?.groupId).toBeNull();
  });
});

describe(`the colloscope (${process.env.TEST_DB_DRIVER})`, () => {
  it("lists its lines by week, day and time; the colleur is an existing account with role prof or above", async () => {
    const { classId, students } = await classWith("Colloscope", ["Anna", "Basile", "Célia"]);
    await formColleGroupsAutomatically(classId);
    const [group] = await listColleGroups(classId);

    expect(await findColleur(colleur.email.toUpperCase())).toEqual({ ok: true, id: colleur.id, name: "Claire" });
    expect(await findColleur(students[0].email)).toEqual({ ok: false, message: COLLE_MESSAGES.colleurNotProf });
    expect(await findColleur("personne@example.com")).toEqual({ ok: false, message: COLLE_MESSAGES.colleurUnknown });
    await setRole(otherProf.id, "admin");
    expect(await findColleur(otherProf.email)).toMatchObject({ ok: true });
    await setRole(otherProf.id, "prof");

    await newSlot(classId, group.id, { weekStart: "2026-12-14", weekday: 2, startTime: "08:00" });
    await newSlot(classId, group.id, { weekStart: "2026-12-07", weekday: 3, startTime: "18:00" });
    await newSlot(classId, group.id, { weekStart: "2026-12-07", weekday: 3, startTime: "09:30", colleurId: teacher.id, period: "t2" });
    const slots = await listClassSlots(classId);
    expect(slots.map((slot) => [slot.weekStart, slot.weekday, slot.startTime, slot.colleurName, slot.groupName, slot.period])).toEqual([
      ["2026-12-07", 3, "09:30", "Hugo", "Groupe 1", "t2"],
      ["2026-12-07", 3, "18:00", "Claire", "Groupe 1", "t1"],
      ["2026-12-14", 2, "08:00", "Claire", "Groupe 1", "t1"],
    ]);

    // A group of another class is not this class's.
    const other = await classWith("Autre colloscope", []);
    expect(await addColleSlot(other.classId, slotOf(group.id))).toEqual({ ok: false, message: COLLE_MESSAGES.groupNotFound });
    expect(await deleteColleSlot(other.classId, slots[0].id)).toBe(false);
    expect(await deleteColleSlot(classId, slots[0].id)).toBe(true);
    expect(await listClassSlots(classId)).toHaveLength(2);
  });
});

describe(`colle marks (${process.env.TEST_DB_DRIVER})`, () => {
  it("are stored as points or statuses with a comment, for the group's students only", async () => {
    const { classId, students } = await classWith("Notes de colle", ["Alice", "Bastien", "Capucine", "Dylan"]);
    const [alice, bastien, capucine, dylan] = students;
    await createColleGroup(classId, { name: "Trinôme", members: [alice.id, bastien.id, capucine.id] });
    const [group] = await listColleGroups(classId);
    const slot = await newSlot(classId, group.id, { period: "t1" });
    const later = await newSlot(classId, group.id, { weekStart: "2026-12-14", period: "t2" });

    expect(
      await saveColleMarks(slot, [
        { studentId: alice.id, mark: { points: 14.5, status: null }, comment: "Bonne maîtrise des séries." },
        { studentId: bastien.id, mark: { points: null, status: "abs" }, comment: "" },
        { studentId: capucine.id, mark: { points: null, status: "non-rendu" }, comment: "" },
        // Not in the group: ignored.
        { studentId: dylan.id, mark: { points: 20, status: null }, comment: "" },
      ]),
    ).toBe(3);
    await saveColleMarks(later, [{ studentId: alice.id, mark: { points: 10, status: null }, comment: "" }]);
    const stored = await handle.db.select().from(colleMarks).where(eq(colleMarks.slotId, slot.id));
    expect(stored.map((row) => [row.studentId, row.points, row.status, row.comment]).sort()).toEqual(
      [
        [alice.id, 14.5, null, "Bonne maîtrise des séries."],
        [bastien.id, null, "abs", ""],
        [capucine.id, null, "non-rendu", ""],
      ].sort(),
    );

    // Replaced, then emptied: an empty line removes the mark.
    await saveColleMarks(slot, [{ studentId: bastien.id, mark: { points: 8, status: null }, comment: "Rattrapée." }]);
    await saveColleMarks(slot, [{ studentId: capucine.id, mark: { points: null, status: null }, comment: "" }]);
    expect(
      await handle.db
        .select({ points: colleMarks.points, status: colleMarks.status })
        .from(colleMarks)
        .where(and(eq(colleMarks.slotId, slot.id), eq(colleMarks.studentId, bastien.id))),
    ).toEqual([{ points: 8, status: null }]);
    expect((await listMarkingLines([slot])).get(slot.id)!.map((line) => [line.name, line.points, line.status])).toEqual([
      ["Alice", 14.5, null],
      ["Bastien", 8, null],
      ["Capucine", null, null],
    ]);

    const classMarks = await listClassColleMarks(classId);
    expect(classMarks).toHaveLength(3);
    expect(classMarks).toEqual(
      expect.arrayContaining([
        { studentId: alice.id, period: "t1", points: 14.5, status: null },
        { studentId: bastien.id, period: "t1", points: 8, status: null },
        { studentId: alice.id, period: "t2", points: 10, status: null },
      ]),
    );
    expect(await listStudentColleMarks(alice.id, classId)).toEqual([
      {
        weekStart: "2026-12-07",
        weekday: 1,
        startTime: "17:00",
        colleurName: "Claire",
        period: "t1",
        points: 14.5,
        status: null,
        comment: "Bonne maîtrise des séries.",
      },
      {
        weekStart: "2026-12-14",
        weekday: 1,
        startTime: "17:00",
        colleurName: "Claire",
        period: "t2",
        points: 10,
        status: null,
        comment: "",
      },
    ]);
    expect(await listStudentColleMarks(alice.id, "1 or 1=1")).toEqual([]);
    // A student who moves keeps the marks of their past colles on the slot's marking form.
    await moveColleStudent(classId, alice.id, null);
    expect((await listMarkingLines([slot])).get(slot.id)!.map((line) => line.name)).toEqual(["Alice", "Bastien", "Capucine"]);
  });
});

describe(`a colleur's slots (${process.env.TEST_DB_DRIVER})`, () => {
  it("are the ones they are assigned, upcoming first then past; requireColleSlot answers 404 to anyone else", async () => {
    const { classId, students } = await classWith("Gardes de colle", ["Eva", "Félix", "Gabin"]);
    await formColleGroupsAutomatically(classId);
    const [group] = await listColleGroups(classId);
    const past = await newSlot(classId, group.id, { weekStart: "2026-11-30", weekday: 5 });
    const soon = await newSlot(classId, group.id, { weekStart: "2026-12-07", weekday: 2 });
    const theirs = await newSlot(classId, group.id, { colleurId: otherProf.id });

    const mine = await listColleurSlots(colleur.id, "2026-12-07");
    expect(mine.upcoming.map((slot) => slot.id)).toContain(soon.id);
    expect(mine.upcoming.map((slot) => slot.id)).not.toContain(theirs.id);
    expect(mine.past.map((slot) => slot.id)).toContain(past.id);
    expect((await listColleurSlots(otherProf.id, "2026-12-07")).upcoming.map((slot) => slot.id)).toEqual([theirs.id]);

    const path = "/prof/colles";
    // The colleur, and the teacher of the class: allowed.
    expect((await requireColleSlot(browserRequest(path, colleur.cookie), soon.id)).slot).toMatchObject({
      id: soon.id,
      className: "Gardes de colle",
    });
    expect((await requireColleSlot(browserRequest(path, teacher.cookie), theirs.id)).slot.id).toBe(theirs.id);
    // Another prof, an unknown or a malformed id: 404.
    for (const [cookie, id] of [
      [otherProf.cookie, soon.id],
      [colleur.cookie, theirs.id],
      [colleur.cookie, UNKNOWN],
      [colleur.cookie, "1 or 1=1"],
      [colleur.cookie, undefined],
    ] as const)
      await expect(requireColleSlot(browserRequest(path, cookie), id)).rejects.toMatchObject({ init: { status: 404 } });
    // A student goes home, a visitor signs in.
    expect(await redirectOf(requireColleSlot(browserRequest(path, students[0].cookie), soon.id))).toBe("/");
    expect(await redirectOf(requireColleSlot(browserRequest(path), soon.id))).toBe(`/login?next=${encodeURIComponent(path)}`);
  });
});

describe(`the colles pages (${process.env.TEST_DB_DRIVER})`, () => {
  it("/prof/courses/:courseId/colles: the class's teacher only; bad input is a 400 in French", async () => {
    const { classId, students } = await classWith("Page des colles", ["Hélène", "Igor", "Julie", "Kevin"]);
    for (const cookie of [otherProf.cookie, colleur.cookie]) {
      await expect(classPage.load(cookie, classId)).rejects.toMatchObject({ init: { status: 404 } });
      await expect(classPage.send(cookie, classId, { intent: "auto-groups" })).rejects.toMatchObject({ init: { status: 404 } });
    }
    expect(await listColleGroups(classId)).toEqual([]);
    expect(await redirectOf(classPage.load(students[0].cookie, classId))).toBe("/");
    await expect(classPage.load(teacher.cookie, "1 or 1=1")).rejects.toMatchObject({ init: { status: 404 } });

    expect(
      await classPage.send(teacher.cookie, classId, { intent: "create-group", name: "Duo", members: [students[0].id, students[1].id] }),
    ).toMatchObject({
      status: 200,
      body: { toast: { title: COLLE_MESSAGES.groupCreated("Duo") } },
    });
    expect(
      await classPage.send(teacher.cookie, classId, {
        intent: "create-group",
        name: "Autre duo",
        members: [students[1].id, students[2].id],
      }),
    ).toMatchObject({
      status: 400,
      body: {
        fieldErrors: { members: COLLE_MESSAGES.alreadyInGroup("Igor", "Duo") },
        values: { name: "Autre duo", members: [students[1].id, students[2].id] },
      },
    });
    expect(await classPage.send(teacher.cookie, classId, { intent: "create-group", name: "x".repeat(81) })).toMatchObject({
      status: 400,
      body: { fieldErrors: { name: "Le nom est trop long (80 caractères au plus)." } },
    });
    expect(await classPage.send(teacher.cookie, classId, { intent: "auto-groups" })).toMatchObject({
      status: 200,
      body: { toast: { title: COLLE_MESSAGES.groupsFormed(1, 2) } },
    });
    const [duo] = await listColleGroups(classId);

    const line = {
      intent: "add-slot",
      weekStart: "2026-12-07",
      weekday: "4",
      startTime: "17h",
      room: "",
      colleurEmail: teacher.email,
      groupId: duo.id,
      period: "t1",
    };
    expect(await classPage.send(teacher.cookie, classId, { ...line, colleurEmail: students[3].email })).toMatchObject({
      status: 400,
      body: { fieldErrors: { colleurEmail: COLLE_MESSAGES.colleurNotProf }, values: { colleurEmail: students[3].email } },
    });
    expect(await classPage.send(teacher.cookie, classId, { ...line, weekStart: "2026-12-08", startTime: "midi" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { weekStart: expect.stringContaining("lundi"), startTime: "L'heure s'écrit comme 17:00." } },
    });
    expect(await classPage.send(teacher.cookie, classId, { ...line, groupId: UNKNOWN })).toMatchObject({ status: 400 });
    expect(await classPage.send(teacher.cookie, classId, line)).toMatchObject({
      status: 200,
      body: { toast: { title: COLLE_MESSAGES.slotAdded } },
    });
    expect(await classPage.send(teacher.cookie, classId, { intent: "coefficient", coefficient: "1,5" })).toMatchObject({ status: 200 });
    expect((await findTeacherClass(classId, teacher.id))?.colleCoefficient).toBe(1.5);
    expect(await classPage.send(teacher.cookie, classId, { intent: "coefficient", coefficient: "120" })).toMatchObject({
      status: 400,
      body: { values: { coefficient: "120" } },
    });
    expect(await classPage.send(teacher.cookie, classId, { intent: "delete-slot", slotId: "1 or 1=1" })).toMatchObject({ status: 404 });
    expect(await classPage.send(teacher.cookie, classId, { intent: "inconnue" })).toMatchObject({ status: 400 });

    const page = (await classPage.load(teacher.cookie, classId)) as Awaited<ReturnType<typeof classLoader>>;
    expect(page.slots.map((slot) => [slot.week, slot.day, slot.startTime, slot.colleurName, slot.groupName])).toEqual([
      ["semaine du 7 décembre 2026", "jeudi", "17:00", "Hugo", "Duo"],
    ]);
    expect(page.coefficient).toBe("1,5");
    expect(page.slotDefaults.colleurEmail).toBe(teacher.email);
  });

  it("/prof/colles: the colleur marks their slot; a wrong line is a 400 that keeps what was typed; others get 404", async () => {
    const { classId, students } = await classWith("Saisie des notes", ["Louis", "Maëlle"]);
    await formColleGroupsAutomatically(classId);
    const [group] = await listColleGroups(classId);
    const slot = await newSlot(classId, group.id);
    const [louis, maelle] = students;
    const fields = {
      intent: "marks",
      slotId: slot.id,
      [markFieldName(louis.id)]: "14,5",
      [commentFieldName(louis.id)]: "Très bien",
      [markFieldName(maelle.id)]: "25",
      [commentFieldName(maelle.id)]: "",
    };
    expect(await marksPage.send(colleur.cookie, fields)).toEqual({
      status: 400,
      body: {
        slotId: slot.id,
        values: { [louis.id]: { mark: "14,5", comment: "Très bien" }, [maelle.id]: { mark: "25", comment: "" } },
        errors: { [maelle.id]: { mark: "La note doit être comprise entre 0 et 20." } },
        message: "Ligne de Maëlle\u00a0: La note doit être comprise entre 0 et 20.",
      },
    });
    expect(await listClassColleMarks(classId)).toEqual([]);
    for (const cookie of [otherProf.cookie])
      await expect(marksPage.send(cookie, { ...fields, [markFieldName(maelle.id)]: "Abs" })).rejects.toMatchObject({
        init: { status: 404 },
      });
    expect(await marksPage.send(colleur.cookie, { ...fields, [markFieldName(maelle.id)]: "Abs" })).toMatchObject({
      status: 200,
      body: { toast: { title: COLLE_MESSAGES.marksSaved } },
    });
    // The class's teacher may mark too.
    expect(await marksPage.send(teacher.cookie, { ...fields, [markFieldName(maelle.id)]: "abs excusé" })).toMatchObject({ status: 200 });
    expect(await listClassColleMarks(classId)).toEqual(
      expect.arrayContaining([
        { studentId: louis.id, period: "t1", points: 14.5, status: null },
        { studentId: maelle.id, period: "t1", points: null, status: "abs-excuse" },
      ]),
    );

    const mine = (await marksPage.load(colleur.cookie)) as Awaited<ReturnType<typeof marksLoader>>;
    const shown = [...mine.upcoming, ...mine.past].find((item) => item.id === slot.id)!;
    expect(shown.lines.map((item) => [item.name, item.mark, item.comment])).toEqual([
      ["Louis", "14,5", "Très bien"],
      ["Maëlle", "Abs excusé", ""],
    ]);
    const others = (await marksPage.load(otherProf.cookie)) as Awaited<ReturnType<typeof marksLoader>>;
    expect([...others.upcoming, ...others.past].map((item) => item.id)).not.toContain(slot.id);
    await expect(marksPage.load(otherProf.cookie, `?creneau=${slot.id}`)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(marksPage.load(colleur.cookie, "?creneau=1%20or%201%3D1")).rejects.toMatchObject({ init: { status: 404 } });
    expect(((await marksPage.load(teacher.cookie, `?creneau=${slot.id}`)) as Awaited<ReturnType<typeof marksLoader>>).focus?.id).toBe(
      slot.id,
    );
    expect(await redirectOf(marksPage.load(students[0].cookie))).toBe("/");
  });
});
