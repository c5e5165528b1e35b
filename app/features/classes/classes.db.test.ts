import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { exerciseMarks } from "../../../db/schema";
import { browserRequest, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { permissionChecker } from "../access/grants.server";
import { setRole } from "../accounts/roles.server";
import { requireClassTeacher } from "./class-guards.server";
import { CLASS_MESSAGES, JOIN_CODE_ALPHABET, formatJoinCode } from "./classes";
import {
  createClass,
  deleteClass,
  joinClass,
  leaveClass,
  listMembers,
  listStudentClasses,
  listTeacherClasses,
  removeMember,
  rotateJoinCode,
  setJoinEnabled,
} from "./classes.server";

let handle: DatabaseHandle;
type Account = Awaited<ReturnType<typeof registerStudent>>;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let classmate: Account;

const input = { name: "ECG 2 — Maths approfondies", level: "ecg2", subject: "maths-approfondies", schoolYear: "2026-2027" } as const;

beforeAll(async () => {
  handle = await useTestDatabase();
  [teacher, otherTeacher, student, classmate] = await Promise.all([
    registerStudent("Hugo"),
    registerStudent("Claire"),
    registerStudent("Camille"),
    registerStudent("Yanis"),
  ]);
  await setRole(teacher.id, "prof");
  await setRole(otherTeacher.id, "prof");
});
afterAll(async () => {
  await handle?.close();
});

describe(`classes (${process.env.TEST_DB_DRIVER})`, () => {
  it("are created with a code of 8 unambiguous characters, and listed newest first with their students", async () => {
    const first = await createClass(teacher.id, { ...input, grantsMaths: false });
    const second = await createClass(teacher.id, {
      ...input,
      name: "ECG 1 — Informatique",
      level: "ecg1",
      subject: "informatique",
      grantsMaths: false,
    });
    expect(first.joinCode).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{8}$`));
    expect(second.joinCode).not.toBe(first.joinCode);
    await joinClass(student.id, first.joinCode);
    const listed = await listTeacherClasses(teacher.id);
    expect(listed.map((item) => [item.name, item.students])).toEqual([
      ["ECG 1 — Informatique", 0],
      ["ECG 2 — Maths approfondies", 1],
    ]);
    expect(await listTeacherClasses(otherTeacher.id)).toEqual([]);
  });

  it("are joined with their code as typed, once; never with a disabled or replaced code, nor by their teacher", async () => {
    const created = await createClass(teacher.id, { ...input, name: "Colle du jeudi", grantsMaths: false });
    const typed = formatJoinCode(created.joinCode).toLowerCase();
    expect(await joinClass(classmate.id, typed.replace("-", "").toUpperCase())).toMatchObject({
      ok: true,
      message: "Vous avez rejoint la classe «\u00a0Colle du jeudi\u00a0».",
    });
    expect(await joinClass(classmate.id, created.joinCode)).toMatchObject({
      ok: true,
      message: CLASS_MESSAGES.alreadyMember("Colle du jeudi"),
    });
    expect(await joinClass(teacher.id, created.joinCode)).toEqual({ ok: false, message: CLASS_MESSAGES.ownClass });

    await setJoinEnabled(created.id, false);
    expect(await joinClass(student.id, created.joinCode)).toEqual({ ok: false, message: CLASS_MESSAGES.unknownCode });
    await setJoinEnabled(created.id, true);
    const replacement = await rotateJoinCode(created.id);
    expect(await joinClass(student.id, created.joinCode)).toEqual({ ok: false, message: CLASS_MESSAGES.unknownCode });
    expect(await joinClass(student.id, replacement)).toMatchObject({ ok: true });
    expect((await listStudentClasses(student.id)).map((item) => [item.name, item.teacherName])).toContainEqual(["Colle du jeudi", "Hugo"]);
  });

  it("grant the maths right to their members while they are members, when the class says so", async () => {
    const learner = await registerStudent("Lina");
    const can = () => permissionChecker({ id: learner.id, role: "user" })("read:content:maths");
    const plain = await createClass(teacher.id, { ...input, name: "Sans maths", grantsMaths: false });
    await joinClass(learner.id, plain.joinCode);
    expect(await can()).toBe(false);
    const granting = await createClass(teacher.id, { ...input, name: "Avec maths", grantsMaths: true });
    await joinClass(learner.id, granting.joinCode);
    expect(await can()).toBe(true);
    expect(await leaveClass(learner.id, granting.id)).toBe("Avec maths");
    expect(await can()).toBe(false);
    expect(await leaveClass(learner.id, granting.id)).toBeUndefined();
    expect(await leaveClass(learner.id, "pas-un-identifiant")).toBeUndefined();
  });

  it("are deleted with their memberships: members lose the maths right the class gave them", async () => {
    const learner = await registerStudent("Eliott");
    const granting = await createClass(teacher.id, { ...input, name: "À supprimer", grantsMaths: true });
    await joinClass(learner.id, granting.joinCode);
    expect(await permissionChecker({ id: learner.id, role: "user" })("read:content:maths")).toBe(true);
    await deleteClass(granting.id);
    expect(await permissionChecker({ id: learner.id, role: "user" })("read:content:maths")).toBe(false);
    expect((await listStudentClasses(learner.id)).map((item) => item.name)).not.toContain("À supprimer");
    expect(await joinClass(learner.id, granting.joinCode)).toEqual({ ok: false, message: CLASS_MESSAGES.unknownCode });
  });

  it("list their students with the last activity and the progress in the class's subject; a removal is for one class only", async () => {
    const created = await createClass(teacher.id, { ...input, name: "Suivi", grantsMaths: false });
    const pupil = await registerStudent("Noé");
    await joinClass(pupil.id, created.joinCode);
    await handle.db.insert(exerciseMarks).values([
      { userId: pupil.id, setId: "chapitres-libres-suites-exercices", exerciseId: "ex1", status: "reussi" },
      { userId: pupil.id, setId: "chapitres-libres-suites-exercices", exerciseId: "ex2", status: "a-revoir" },
      { userId: pupil.id, setId: "python-fondamentaux-exercices", exerciseId: "ex1", status: "reussi" },
    ]);
    const [member] = await listMembers(created);
    expect(member).toMatchObject({ userId: pupil.id, name: "Noé", progress: { exercisesSucceeded: 1, quizzesTaken: 0 } });
    const other = await createClass(otherTeacher.id, { ...input, name: "Ailleurs", grantsMaths: false });
    expect(await removeMember(other.id, pupil.id)).toBe(false);
    expect(await removeMember(created.id, pupil.id)).toBe(true);
    expect(await listMembers(created)).toEqual([]);
  });
});

describe(`requireClassTeacher (${process.env.TEST_DB_DRIVER})`, () => {
  it("gives a teacher their own class, and 404 for another teacher's class, an unknown or a malformed id", async () => {
    const own = await createClass(teacher.id, { ...input, name: "À moi", grantsMaths: false });
    const path = `/prof/courses/${own.id}`;
    const { classRecord, session } = await requireClassTeacher(browserRequest(path, teacher.cookie), own.id);
    expect(classRecord.name).toBe("À moi");
    expect(session.user.id).toBe(teacher.id);
    for (const [cookie, id] of [
      [otherTeacher.cookie, own.id],
      [teacher.cookie, "00000000-0000-4000-8000-000000000000"],
      [teacher.cookie, "1 or 1=1"],
      [teacher.cookie, undefined],
    ] as const)
      await expect(requireClassTeacher(browserRequest(path, cookie), id)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("sends a student home and a visitor to the sign-in page", async () => {
    const own = await createClass(teacher.id, { ...input, name: "Gardée", grantsMaths: false });
    const path = `/prof/courses/${own.id}/students`;
    expect(await redirectOf(requireClassTeacher(browserRequest(path, student.cookie), own.id))).toBe("/");
    expect(await redirectOf(requireClassTeacher(browserRequest(path), own.id))).toBe(`/login?next=${encodeURIComponent(path)}`);
  });
});
