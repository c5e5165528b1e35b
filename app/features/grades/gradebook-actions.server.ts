import { classGradebook } from "./class-gradebook.server";
import { parseGradebookCsv } from "./grades-csv.server";
import { type GradebookData, saveGrades } from "./grades.server";
import { GRADEBOOK_MESSAGES } from "./grading-form";
import { type Mark, formatMark, parseMark } from "./marks";

type Cell = { assignmentId: string; studentId: string; mark: Mark };

/**
 * The grid's cells (`g.<column>.<row>`, with the ids of the columns `a` and rows `s` as they were shown).
 * Every cell is checked first; only cells that differ from what is stored are written.
 */
export async function saveGradebookCells(classRecord: { id: string; colleCoefficient: number }, formData: FormData) {
  const { book } = await classGradebook(classRecord);
  const assignmentIds = formData.getAll("a").map(String).slice(0, 200);
  const studentIds = formData.getAll("s").map(String).slice(0, 500);
  const byId = new Map(book.assignments.map((assignment) => [assignment.id, assignment]));
  const members = new Set(book.students.map((student) => student.id));
  if (assignmentIds.some((id) => !byId.has(id)) || studentIds.some((id) => !members.has(id)))
    return { ok: false as const, values: undefined, errors: undefined, message: GRADEBOOK_MESSAGES.stale };
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const changed: Cell[] = [];
  assignmentIds.forEach((assignmentId, col) =>
    studentIds.forEach((studentId, row) => {
      const name = `g.${col}.${row}`;
      const text = String(formData.get(name) ?? "").slice(0, 40);
      values[name] = text;
      const parsed = parseMark(text, byId.get(assignmentId)!.maxPoints);
      if (!parsed.ok) {
        errors[name] = parsed.error;
        return;
      }
      const stored = book.marks.get(`${assignmentId}:${studentId}`);
      if (formatMark(parsed.mark) !== (stored ? formatMark(stored) : "")) changed.push({ assignmentId, studentId, mark: parsed.mark });
    }),
  );
  if (Object.keys(errors).length > 0) return { ok: false as const, values, errors, message: GRADEBOOK_MESSAGES.checkCells };
  await saveByAssignment(classRecord.id, changed);
  return { ok: true as const, saved: changed.length };
}

async function saveByAssignment(classId: string, cells: readonly Cell[]) {
  const byAssignment = new Map<string, Cell[]>();
  for (const cell of cells) byAssignment.set(cell.assignmentId, [...(byAssignment.get(cell.assignmentId) ?? []), cell]);
  for (const [assignmentId, group] of byAssignment)
    await saveGrades(
      { id: assignmentId, classId },
      group.map((cell) => ({ studentId: cell.studentId, ...cell.mark })),
    );
}

export interface GradebookImportReport {
  imported: number;
  rejected: { line: number; reasons: string[] }[];
  ignoredColumns: string[];
  error?: string;
}

/** Imports a CSV file sent with the form (drafts only, see parseGradebookCsv). */
export async function importGradebook(
  classRecord: { id: string; colleCoefficient: number },
  file: FormDataEntryValue | null,
): Promise<GradebookImportReport> {
  if (!file || typeof file === "string" || file.size === 0)
    return { imported: 0, rejected: [], ignoredColumns: [], error: GRADEBOOK_MESSAGES.noFile };
  if (file.size > 60 * 1024) return { imported: 0, rejected: [], ignoredColumns: [], error: GRADEBOOK_MESSAGES.tooBig };
  const { book } = await classGradebook(classRecord);
  const report = parseGradebookCsv(await file.text(), book satisfies GradebookData);
  if (report.error) return { imported: 0, rejected: [], ignoredColumns: [], error: report.error };
  await saveByAssignment(
    classRecord.id,
    report.marks.map(({ assignmentId, studentId, points, status }) => ({ assignmentId, studentId, mark: { points, status } })),
  );
  return { imported: report.marks.length, rejected: report.rejected, ignoredColumns: report.ignoredColumns };
}
