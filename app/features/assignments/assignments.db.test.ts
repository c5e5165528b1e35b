import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { assignments, grades, notifications, storedFiles, submissionFiles, submissions } from "../../../db/schema";
import { browserRequest, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { formRequest, routeArgs, unwrap } from "../../../tests/support/routes";
import { loader as studentClassLoader } from "../../routes/dashboard-class";
import { action as studentAction, loader as studentLoader } from "../../routes/dashboard-assignment";
import { loader as fileLoader } from "../../routes/file-download";
import { action as teacherAction, loader as teacherLoader } from "../../routes/prof-assignment";
import { loader as exportLoader } from "../../routes/prof-grades-export";
import { action as gradebookAction, loader as gradebookLoader } from "../../routes/prof-grades";
import { setRole } from "../accounts/roles.server";
import { createClass, joinClass } from "../classes/classes.server";
import { GRADING_MESSAGES } from "../grades/grading-form";
import { loadGradebook, publishGrades, saveGrades } from "../grades/grades.server";
import { readProgress } from "../progress/progress.server";
import { ASSIGNMENT_MESSAGES } from "./assignments";
import {
  createAssignment,
  deleteAssignment,
  findReadableFile,
  findStudentAssignment,
  listStudentAssignments,
  recordQuizSubmission,
  removeSubmissionFile,
  setAssignmentPublished,
  submitWork,
} from "./assignments.server";

let handle: DatabaseHandle;
type Account = Awaited<ReturnType<typeof registerStudent>>;
let teacher: Account;
let otherProf: Account;
let admin: Account;

const DAY = 86_400_000;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const classInput = { level: "ecg1", subject: "maths-approfondies", schoolYear: "2026-2027", grantsMaths: false } as const;

/** A class of `prof` with these students, and a published assignment due in a week. */
async function classWith(name: string, firstNames: string[], prof = () => teacher) {
  const created = await createClass(prof().id, { ...classInput, name });
  const students: Account[] = [];
  for (const firstName of firstNames) {
    const student = await registerStudent(firstName);
    await joinClass(student.id, created.joinCode);
    students.push(student);
  }
  const assignment = await createAssignment(created.id, { title: `DM — ${name}`, kind: "dm", dueAt: new Date(Date.now() + 7 * DAY) });
  await setAssignmentPublished(assignment.id, true);
  return { classId: created.id, students, assignment };
}

const TEACHER_PATTERN = "/prof/courses/:courseId/assignment/:assignmentId";
const teacherPage = {
  path: (courseId: string, assignmentId: string) => `/prof/courses/${courseId}/assignment/${assignmentId}`,
  load: (cookie: string, courseId: string, assignmentId: string) =>
    teacherLoader(routeArgs(browserRequest(teacherPage.path(courseId, assignmentId), cookie), TEACHER_PATTERN, { courseId, assignmentId })),
  send: async (cookie: string, courseId: string, assignmentId: string, fields: Record<string, string | string[]>) =>
    unwrap(
      await teacherAction(
        routeArgs(formRequest(teacherPage.path(courseId, assignmentId), cookie, fields), TEACHER_PATTERN, { courseId, assignmentId }),
      ),
    ),
};

const STUDENT_PATTERN = "/dashboard/devoirs/:assignmentId";
const studentPage = {
  load: (cookie: string, assignmentId: string) =>
    studentLoader(routeArgs(browserRequest(`/dashboard/devoirs/${assignmentId}`, cookie), STUDENT_PATTERN, { assignmentId })),
  send: async (cookie: string, assignmentId: string, fields: Record<string, string | File | (string | File)[]>) =>
    unwrap(
      await studentAction(routeArgs(formRequest(`/dashboard/devoirs/${assignmentId}`, cookie, fields), STUDENT_PATTERN, { assignmentId })),
    ),
};

const gradebook = {
  load: (cookie: string, courseId: string) =>
    gradebookLoader(routeArgs(browserRequest(`/prof/courses/${courseId}/grades`, cookie), "/prof/courses/:courseId/grades", { courseId })),
  send: (cookie: string, courseId: string, fields: Record<string, string | string[]>) =>
    gradebookAction(
      routeArgs(formRequest(`/prof/courses/${courseId}/grades`, cookie, fields), "/prof/courses/:courseId/grades", { courseId }),
    ),
  export: (cookie: string, courseId: string) =>
    exportLoader(
      routeArgs(browserRequest(`/prof/courses/${courseId}/grades/export`, cookie), "/prof/courses/:courseId/grades/export", { courseId }),
    ),
};

const download = (cookie: string, fileId: string) =>
  fileLoader(routeArgs(browserRequest(`/fichiers/${fileId}`, cookie), "/fichiers/:fileId", { fileId })) as Promise<Response>;

const notFound = { init: { status: 404 } };

beforeAll(async () => {
  handle = await useTestDatabase();
  [teacher, otherProf, admin] = await Promise.all([registerStudent("Hugo"), registerStudent("Marc"), registerStudent("Alix")]);
  await setRole(teacher.id, "prof");
  await setRole(otherProf.id, "prof");
  await setRole(admin.id, "admin");
});
afterAll(async () => {
  await handle?.close();
});

describe(`assignments (${process.env.TEST_DB_DRIVER})`, () => {
  it("are seen by the class's students once published, never as drafts nor by other students", async () => {
    const { classId, students } = await classWith("Visibilité", ["Lina"]);
    const outsider = await registerStudent("Oscar");
    const draft = await createAssignment(classId, { title: "DS 2 — brouillon", kind: "ds", dueAt: new Date(Date.now() + DAY) });
    expect(draft.status).toBe("draft");
    expect(await findStudentAssignment(students[0].id, draft.id)).toBeUndefined();
    expect((await listStudentAssignments(students[0].id)).map((item) => item.title)).toEqual(["DM — Visibilité"]);
    await expect(studentPage.load(students[0].cookie, draft.id)).rejects.toMatchObject(notFound);

    await setAssignmentPublished(draft.id, true);
    expect(await findStudentAssignment(students[0].id, draft.id)).toMatchObject({ title: "DS 2 — brouillon", className: "Visibilité" });
    expect((await listStudentAssignments(students[0].id)).map((item) => item.title)).toEqual(["DS 2 — brouillon", "DM — Visibilité"]);
    expect(await findStudentAssignment(outsider.id, draft.id)).toBeUndefined();
    expect(await listStudentAssignments(outsider.id)).toEqual([]);
    for (const id of [draft.id, UNKNOWN, "1 or 1=1"]) await expect(studentPage.load(outsider.cookie, id)).rejects.toMatchObject(notFound);
    expect(await redirectOf(studentPage.load("", draft.id))).toBe(`/login?next=${encodeURIComponent(`/dashboard/devoirs/${draft.id}`)}`);
  });
});

describe(`submissions (${process.env.TEST_DB_DRIVER})`, () => {
  it("can be replaced until the due date; a first hand-in after it is taken and flagged late", async () => {
    const { students, assignment } = await classWith("Rendus", ["Nina", "Paul"]);
    const [nina, paul] = students;
    const before = new Date(assignment.dueAt.getTime() - DAY);
    const after = new Date(assignment.dueAt.getTime() + 60_000);

    expect(await submitWork(assignment, nina.id, { text: "Première version", files: [] }, before)).toEqual({
      ok: true,
      late: false,
      first: true,
    });
    expect(await submitWork(assignment, nina.id, { text: "Seconde version", files: [] }, before)).toEqual({
      ok: true,
      late: false,
      first: false,
    });
    // After the due date the work handed in stays as it was.
    expect(
      await submitWork(
        assignment,
        nina.id,
        { text: "Trop tard", files: [{ name: "x.pdf", contentType: "application/pdf", content: PDF }] },
        after,
      ),
    ).toEqual({
      ok: false,
      reason: "closed",
    });
    expect(await submitWork(assignment, paul.id, { text: "En retard", files: [] }, after)).toEqual({ ok: true, late: true, first: true });
    const rows = await handle.db
      .select({ studentId: submissions.studentId, text: submissions.text, late: submissions.late })
      .from(submissions)
      .where(eq(submissions.assignmentId, assignment.id));
    expect(rows.sort((a, b) => a.text.localeCompare(b.text))).toEqual([
      { studentId: paul.id, text: "En retard", late: true },
      { studentId: nina.id, text: "Seconde version", late: false },
    ]);
    // The refused file was not kept in the store.
    expect(await handle.db.select({ key: storedFiles.key }).from(storedFiles)).toEqual([]);
  });

  it("through the page: a PDF is stored, counted once in progress, removable by its owner only, deleted with the assignment", async () => {
    const { students, assignment } = await classWith("Fichiers", ["Rose", "Sacha"]);
    const [rose, sacha] = students;
    const pdf = new File([PDF], "copie.pdf", { type: "application/pdf" });

    expect(await studentPage.send(rose.cookie, assignment.id, { intent: "submit", text: "" })).toEqual({
      status: 400,
      body: { intent: "submit", text: "", message: ASSIGNMENT_MESSAGES.emptySubmission, toast: undefined },
    });
    const renamed = new File([Buffer.from("MZ\x90\x00 pas un PDF")], "devoir.pdf", { type: "application/pdf" });
    expect(await studentPage.send(rose.cookie, assignment.id, { intent: "submit", text: "Ma réponse", files: renamed })).toMatchObject({
      status: 400,
      body: { text: "Ma réponse", message: "«\u00a0devoir.pdf\u00a0» n'est ni un PDF, ni une image JPEG ou PNG (d'après son contenu)." },
    });
    expect(await studentPage.send(rose.cookie, assignment.id, { intent: "submit", text: "Ma réponse", files: pdf })).toMatchObject({
      status: 200,
      body: { toast: { title: ASSIGNMENT_MESSAGES.submitted } },
    });
    expect(await readProgress(rose.id)).toMatchObject({ progression: 8, completedActivities: { submission: true } });
    await studentPage.send(rose.cookie, assignment.id, { intent: "submit", text: "Ma réponse, complétée" });
    expect((await readProgress(rose.id))?.progression).toBe(8);

    const page = (await studentPage.load(rose.cookie, assignment.id)) as Awaited<ReturnType<typeof studentLoader>>;
    expect(page.submission).toMatchObject({ text: "Ma réponse, complétée", late: false, files: [{ name: "copie.pdf" }] });
    const fileId = page.submission!.files[0].id;
    const [stored] = await handle.db
      .select({ key: submissionFiles.storageKey, size: submissionFiles.size })
      .from(submissionFiles)
      .where(eq(submissionFiles.id, fileId));
    expect(stored.size).toBe(PDF.length);
    expect(await handle.db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, stored.key))).toHaveLength(1);

    // A classmate who sends Rose's file id removes nothing.
    await studentPage.send(sacha.cookie, assignment.id, { intent: "submit", text: "Moi aussi" });
    expect(await studentPage.send(sacha.cookie, assignment.id, { intent: "remove-file", fileId })).toMatchObject({ status: 400 });
    expect(await removeSubmissionFile(assignment, sacha.id, fileId)).toBe(false);
    expect(await handle.db.select().from(submissionFiles).where(eq(submissionFiles.id, fileId))).toHaveLength(1);

    await deleteAssignment(assignment.id);
    expect(await handle.db.select().from(storedFiles).where(eq(storedFiles.key, stored.key))).toEqual([]);
    expect(await handle.db.select().from(submissions).where(eq(submissions.assignmentId, assignment.id))).toEqual([]);
  });

  it("a quiz finished counts for the published assignments that link it, in the student's classes only", async () => {
    const { classId, students, assignment } = await classWith("Quiz lié", ["Téo"]);
    const outsider = await registerStudent("Ugo");
    const quizPath = "/chapitres-libres/suites-quiz";
    const linkedDraft = await createAssignment(classId, { title: "Brouillon lié", kind: "dm", dueAt: new Date(Date.now() + DAY) });
    await handle.db
      .update(assignments)
      .set({ linkedPath: quizPath })
      .where(inArray(assignments.id, [assignment.id, linkedDraft.id]));
    expect(await recordQuizSubmission(students[0].id, quizPath, 7, 10)).toBe(1);
    expect(await recordQuizSubmission(students[0].id, quizPath, 9, 10)).toBe(1);
    expect(await recordQuizSubmission(outsider.id, quizPath, 10, 10)).toBe(0);
    const rows = await handle.db
      .select({ assignmentId: submissions.assignmentId, studentId: submissions.studentId, score: submissions.quizScore })
      .from(submissions)
      .where(inArray(submissions.assignmentId, [assignment.id, linkedDraft.id]));
    expect(rows).toEqual([{ assignmentId: assignment.id, studentId: students[0].id, score: 9 }]);
    // After the due date an attempt no longer replaces the recorded one.
    expect(await recordQuizSubmission(students[0].id, quizPath, 10, 10, new Date(assignment.dueAt.getTime() + 1))).toBe(0);
  });
});

describe(`marks (${process.env.TEST_DB_DRIVER})`, () => {
  it("stay drafts until published; publishing tells each marked student once, on the dashboard", async () => {
    const { classId, students, assignment } = await classWith("Notes", ["Vera", "Wassim"]);
    const [vera, wassim] = students;
    const outsider = await registerStudent("Xavier");
    expect(
      await saveGrades(assignment, [
        { studentId: vera.id, points: 14, status: null, comment: "Bien" },
        { studentId: wassim.id, points: null, status: "abs", comment: "" },
        { studentId: outsider.id, points: 20, status: null, comment: "" },
      ]),
    ).toBe(2);
    expect(await handle.db.select().from(grades).where(eq(grades.studentId, outsider.id))).toEqual([]);
    expect((await loadGradebook(classId, { publishedOnly: true })).marks.size).toBe(0);
    const hidden = (await studentPage.load(vera.cookie, assignment.id)) as Awaited<ReturnType<typeof studentLoader>>;
    expect(hidden.result).toBeNull();

    expect(await publishGrades(assignment, "Notes")).toBe(2);
    expect(await publishGrades(assignment, "Notes")).toBe(0);
    const told = await handle.db
      .select({ userId: notifications.userId, title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(inArray(notifications.userId, [vera.id, wassim.id]));
    expect(told.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
      [vera.id, wassim.id]
        .sort((a, b) => a.localeCompare(b))
        .map((userId) => ({
          userId,
          title: `Nouvelle note\u00a0: ${assignment.title}`,
          link: `/dashboard/devoirs/${assignment.id}`,
        })),
    );
    const shown = (await studentPage.load(vera.cookie, assignment.id)) as Awaited<ReturnType<typeof studentLoader>>;
    expect(shown.result).toMatchObject({ mark: "14", comment: "Bien", stats: { count: 1, mean: "14,00" } });
    expect((await loadGradebook(classId, { publishedOnly: true })).marks.size).toBe(2);
  });
});

describe(`who may reach what (${process.env.TEST_DB_DRIVER})`, () => {
  it("a teacher's assignment page and its actions answer 404 to another prof, send a student home", async () => {
    const { classId, students, assignment } = await classWith("Protégée", ["Yasmine"]);
    const theirs = await classWith("Chez Marc", [], () => otherProf);

    expect((await teacherPage.load(teacher.cookie, classId, assignment.id)) as { assignment: { id: string } }).toMatchObject({
      assignment: { id: assignment.id },
    });
    await expect(teacherPage.load(otherProf.cookie, classId, assignment.id)).rejects.toMatchObject(notFound);
    // Its own class id with someone else's assignment, or the other way round: 404 as well.
    await expect(teacherPage.load(teacher.cookie, classId, theirs.assignment.id)).rejects.toMatchObject(notFound);
    await expect(teacherPage.load(otherProf.cookie, theirs.classId, assignment.id)).rejects.toMatchObject(notFound);
    await expect(teacherPage.load(teacher.cookie, classId, "1 or 1=1")).rejects.toMatchObject(notFound);
    expect(await redirectOf(teacherPage.load(students[0].cookie, classId, assignment.id))).toBe("/");

    const grade = { intent: "grade", student: students[0].id, [`mark.${students[0].id}`]: "20", [`comment.${students[0].id}`]: "" };
    for (const intent of ["grade", "publish-grades", "unpublish", "delete"])
      await expect(teacherPage.send(otherProf.cookie, classId, assignment.id, { ...grade, intent, confirm: "on" })).rejects.toMatchObject(
        notFound,
      );
    await expect(
      teacherPage.send(teacher.cookie, classId, theirs.assignment.id, { ...grade, intent: "delete", confirm: "on" }),
    ).rejects.toMatchObject(notFound);
    expect(await handle.db.select().from(grades).where(eq(grades.assignmentId, assignment.id))).toEqual([]);
    expect(await findStudentAssignment(students[0].id, assignment.id)).toBeDefined();

    // The class's teacher: a wrong mark is a 400 that keeps what was typed, nothing written.
    expect(await teacherPage.send(teacher.cookie, classId, assignment.id, { ...grade, [`mark.${students[0].id}`]: "2O" })).toMatchObject({
      status: 400,
      body: { message: GRADING_MESSAGES.checkMarks, values: { [`mark.${students[0].id}`]: "2O" } },
    });
    expect(await handle.db.select().from(grades).where(eq(grades.assignmentId, assignment.id))).toEqual([]);
    expect(await teacherPage.send(teacher.cookie, classId, assignment.id, grade)).toMatchObject({
      status: 200,
      body: { toast: { title: GRADING_MESSAGES.saved } },
    });
  });

  it("the gradebook, its export and its actions: the class's teacher only", async () => {
    const { classId, students } = await classWith("Carnet", ["Zélie"]);
    await expect(gradebook.load(otherProf.cookie, classId)).rejects.toMatchObject(notFound);
    await expect(gradebook.export(otherProf.cookie, classId)).rejects.toMatchObject(notFound);
    await expect(gradebook.send(otherProf.cookie, classId, { intent: "save" })).rejects.toMatchObject(notFound);
    expect(await redirectOf(gradebook.export(students[0].cookie, classId))).toBe("/");
    const csv = (await gradebook.export(teacher.cookie, classId)) as Response;
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="notes-Carnet.csv"');
    // UTF-8 with a BOM, for spreadsheets (text() would drop the BOM while decoding).
    expect([...new Uint8Array(await csv.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("a student's class page answers 404 to anyone outside the class", async () => {
    const { classId, students } = await classWith("Ma classe", ["Adèle"]);
    const outsider = await registerStudent("Bilal");
    const load = (cookie: string) =>
      studentClassLoader(routeArgs(browserRequest(`/dashboard/classes/${classId}`, cookie), "/dashboard/classes/:classId", { classId }));
    expect(await load(students[0].cookie)).toMatchObject({ className: "Ma classe" });
    for (const cookie of [outsider.cookie, otherProf.cookie]) await expect(load(cookie)).rejects.toMatchObject(notFound);
  });

  it("a file handed in: its student, the class's teacher and an admin download it; anyone else gets 404", async () => {
    const { students, assignment } = await classWith("Copies", ["Céleste", "Dorian"]);
    const [owner, classmate] = students;
    const sent = await studentPage.send(owner.cookie, assignment.id, {
      intent: "submit",
      text: "",
      files: new File([PDF], "copie « finale ».pdf", { type: "application/pdf" }),
    });
    expect(sent.status).toBe(200);
    const page = (await studentPage.load(owner.cookie, assignment.id)) as Awaited<ReturnType<typeof studentLoader>>;
    const fileId = page.submission!.files[0].id;

    for (const account of [owner, teacher, admin]) {
      const response = await download(account.cookie, fileId);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toBe(
        `attachment; filename="copie _ finale _.pdf"; filename*=UTF-8''${encodeURIComponent("copie « finale ».pdf")}`,
      );
      expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    }
    for (const cookie of [classmate.cookie, otherProf.cookie]) await expect(download(cookie, fileId)).rejects.toMatchObject(notFound);
    for (const id of [UNKNOWN, "../../etc/passwd"]) await expect(download(owner.cookie, id)).rejects.toMatchObject(notFound);
    expect(await redirectOf(download("", fileId))).toBe(`/login?next=${encodeURIComponent(`/fichiers/${fileId}`)}`);
    expect(await findReadableFile(fileId, classmate, false)).toBeUndefined();
    expect(await findReadableFile(fileId, otherProf, true)).toMatchObject({ name: "copie « finale ».pdf" });
  });
});
