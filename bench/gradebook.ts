import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { setRole } from "../app/features/accounts/roles.server";
import { ASSIGNMENT_KINDS } from "../app/features/assignments/assignments";
import type { AssignmentKind } from "../app/features/assignments/assignments";
import { createClass } from "../app/features/classes/classes.server";
import type { ClassRecord } from "../app/features/classes/classes.server";
import { classGradebook } from "../app/features/grades/class-gradebook.server";
import { gradebookCsv } from "../app/features/grades/grades-csv.server";
import type { GradeStatus, Period } from "../app/features/grades/marks";
import { openPglite, setDatabase } from "../db/client.server";
import type { DatabaseHandle } from "../db/client.server";
import { POSTGRES_NOTE, withThrowawayPostgres } from "./database";
import { assignments, classMembers, grades, user } from "../db/schema";

/**
 * Issue #13, point 12: a teacher's gradebook of 45 students × 40 assignments, timed through the server
 * functions the routes call: `classGradebook` is the data of `/prof/courses/:id/grades`, and
 * `classGradebook` + `gradebookCsv` is `/prof/courses/:id/grades/export`. In the bench process (no HTTP,
 * no session lookup, no React render), so it needs no build.
 */

export interface GradebookSettings {
  runs: number;
  warmupRuns: number;
}

export interface GradebookTiming {
  runs: number;
  medianMs: number;
  p95Ms: number;
}

export interface GradebookFigure {
  driver: "pglite" | "postgres";
  students: number;
  assignments: number;
  /** Rows of `grades` (a mark or a status); the other cells are empty. */
  marks: number;
  seedSeconds: number;
  /** classGradebook(classRecord): the grid page's data. */
  load: GradebookTiming;
  /** classGradebook + gradebookCsv: the export, with the file's size. */
  export: GradebookTiming & { csvBytes: number };
  note?: string;
}

export const GRADEBOOK_SIZE = { students: 45, assignments: 40 };

const TEACHER = "bench-teacher";
const FIRST_NAMES = "Léa Hugo Chloé Louis Inès Gabriel Zoé Raphaël Manon Adam Jade Noé Élise Théo Anaïs".split(" ");
const LAST_NAMES = "Martin Bernard Dubois Lefèvre Moreau Laurent Girard Rousseau Bonnet Mercier Faure Chevalier".split(" ");
const KINDS: AssignmentKind[] = ["ds", "dm", "interrogation", "dm", "concours-blanc"];
const STATUSES: GradeStatus[] = ["abs", "non-rendu", "abs", "abs-excuse", "non-rendu"];

/** A small seeded generator (mulberry32): the same gradebook on every run and both databases. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The teacher and the class through the application's functions, then students, memberships,
 * assignments and marks in one multi-row INSERT per table. Assignments are published with their marks,
 * in three trimesters (due dates from September to June), scales /20 and /40, coefficients 1 to 3.
 * Each student has a level around which their marks fall; ~10 % of cells are empty and ~5 % hold a
 * status (Abs, Non rendu…) instead of points.
 */
async function seed(handle: DatabaseHandle): Promise<{ classRecord: ClassRecord; marks: number }> {
  const { db } = handle;
  const next = random(13);
  await db.insert(user).values({ id: TEACHER, name: "Claire Bench", email: "bench.teacher@example.com" });
  await setRole(TEACHER, "prof");
  const classRecord = await createClass(TEACHER, {
    name: "ECG 1 — maths (bench)",
    level: "ecg1",
    subject: "maths-approfondies",
    schoolYear: "2026-2027",
    grantsMaths: false,
  });

  const students = Array.from({ length: GRADEBOOK_SIZE.students }, (_, i) => ({
    id: `bench-student-${i}`,
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`,
    email: `bench.student.${i}@example.com`,
  }));
  await db.insert(user).values(students);
  await db.insert(classMembers).values(students.map((student) => ({ classId: classRecord.id, userId: student.id })));

  const now = new Date();
  const works = Array.from({ length: GRADEBOOK_SIZE.assignments }, (_, i) => {
    const dueAt = new Date(Date.UTC(2026, 8, 7 + i * 7, 16)); // one a week from 7 September
    const period: Period = i < 14 ? "t1" : i < 27 ? "t2" : "t3";
    const kind = KINDS[i % KINDS.length];
    return {
      classId: classRecord.id,
      title: `${ASSIGNMENT_KINDS[kind]} ${i + 1}`,
      kind,
      dueAt,
      maxPoints: i % 4 === 3 ? 40 : 20,
      // A /40 left unscaled now and then: it then weighs twice a /20 (gradebook.ts).
      rescaleTo20: i % 8 !== 7,
      coefficient: 1 + (i % 3),
      period,
      status: "published",
      publishedAt: now,
      gradesPublishedAt: now,
    };
  });
  const assignmentRows = await db.insert(assignments).values(works).returning({ id: assignments.id, maxPoints: assignments.maxPoints });

  const levels = students.map(() => 7 + next() * 9); // out of 20
  const markRows: (typeof grades.$inferInsert)[] = [];
  for (const assignment of assignmentRows) {
    students.forEach((student, s) => {
      const draw = next();
      if (draw < 0.1) return; // not marked yet
      if (draw < 0.15) {
        markRows.push({ assignmentId: assignment.id, studentId: student.id, status: STATUSES[Math.floor(next() * STATUSES.length)] });
        return;
      }
      // Around the student's level, a bell curve of σ ≈ 2.5 (three uniform draws).
      const outOf20 = Math.min(20, Math.max(0, levels[s] + (next() + next() + next() - 1.5) * 5));
      // Half points, on the assignment's scale.
      markRows.push({
        assignmentId: assignment.id,
        studentId: student.id,
        points: Math.round(outOf20 * (assignment.maxPoints / 20) * 2) / 2,
      });
    });
  }
  await db.insert(grades).values(markRows);
  return { classRecord, marks: markRows.length };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function time(settings: GradebookSettings, run: () => Promise<unknown>): Promise<GradebookTiming> {
  for (let i = 0; i < settings.warmupRuns; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < settings.runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { runs: settings.runs, medianMs: percentile(times, 50), p95Ms: percentile(times, 95) };
}

async function measure(
  handle: DatabaseHandle,
  settings: GradebookSettings,
  log: (line: string) => void,
): Promise<Omit<GradebookFigure, "driver" | "note">> {
  // The server functions read the database through getDb(): point it at this one.
  setDatabase(Promise.resolve(handle));
  const seedStart = performance.now();
  const { classRecord, marks } = await seed(handle);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // What is timed must be the whole grid, or the figures mean nothing.
  const { book, summary } = await classGradebook(classRecord);
  if (
    book.students.length !== GRADEBOOK_SIZE.students ||
    book.assignments.length !== GRADEBOOK_SIZE.assignments ||
    book.marks.size !== marks
  )
    throw new Error(
      `The gradebook read back is not the one seeded (${book.students.length} × ${book.assignments.length}, ${book.marks.size} marks).`,
    );
  const csvBytes = Buffer.byteLength(gradebookCsv(book, summary));
  log(
    `    ${GRADEBOOK_SIZE.students} students × ${GRADEBOOK_SIZE.assignments} assignments, ${marks} marks, seeded in ${seedSeconds.toFixed(2)} s`,
  );

  const load = await time(settings, () => classGradebook(classRecord));
  const exported = await time(settings, async () => {
    const { book, summary } = await classGradebook(classRecord);
    return gradebookCsv(book, summary);
  });
  log(
    `    load: median ${load.medianMs.toFixed(1)} ms, p95 ${load.p95Ms.toFixed(1)} ms; export: median ${exported.medianMs.toFixed(1)} ms, p95 ${exported.p95Ms.toFixed(1)} ms`,
  );
  return { ...GRADEBOOK_SIZE, marks, seedSeconds, load, export: { ...exported, csvBytes } };
}

/** PGlite in a fresh temporary folder, migrated: the embedded database as the server opens it. */
export async function gradebookPglite(settings: GradebookSettings, tmpRoot: string, log: (line: string) => void): Promise<GradebookFigure> {
  mkdirSync(tmpRoot, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpRoot, "gradebook-"));
  const handle = await openPglite(dataDir);
  try {
    await handle.migrate();
    return { driver: "pglite", ...(await measure(handle, settings, log)), note: "PGlite in the bench process (one connection)" };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throwaway database next to `baseUrl`, dropped afterwards. */
export async function gradebookPostgres(
  baseUrl: string,
  settings: GradebookSettings,
  log: (line: string) => void,
): Promise<GradebookFigure> {
  return withThrowawayPostgres(baseUrl, async (handle) => ({
    driver: "postgres",
    ...(await measure(handle, settings, log)),
    note: POSTGRES_NOTE,
  }));
}
