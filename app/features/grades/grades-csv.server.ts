import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { formatAverage, type GradebookSummary } from "./gradebook";
import type { GradebookData } from "./grades.server";
import { type Mark, PERIODS, formatMark, formatPoints, parseMark } from "./marks";

/**
 * The gradebook as a French spreadsheet file: `;` between cells, decimal comma, UTF-8 with a BOM (what
 * Excel and LibreOffice open without asking). One line per student; a column per assignment, headed
 * « title (/scale) », then the averages. The same file, edited, is imported back.
 */

const BOM = "\ufeff";

/** Column headers of the assignments, unique even when two assignments share a title and scale. */
export function assignmentHeaders(book: Pick<GradebookData, "assignments">): string[] {
  const seen = new Map<string, number>();
  return book.assignments.map((assignment) => {
    const base = `${assignment.title} (/${assignment.maxPoints})`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} [${n}]`;
  });
}

export function gradebookCsv(book: GradebookData, summary: GradebookSummary): string {
  const headers = [
    "Nom",
    "E-mail",
    ...assignmentHeaders(book),
    ...summary.periods.map((period) => `Moyenne ${PERIODS[period]}`),
    "Moyenne générale",
  ];
  const rows = book.students.map((student) => {
    const averages = summary.students.get(student.id)!;
    return [
      student.name,
      student.email,
      ...book.assignments.map((assignment) => {
        const mark = book.marks.get(`${assignment.id}:${student.id}`);
        return mark ? formatMark(mark) : "";
      }),
      ...summary.periods.map((period) => csvAverage(averages.byPeriod[period] ?? null)),
      csvAverage(averages.overall),
    ];
  });
  return BOM + stringify([headers, ...rows], { delimiter: ";", record_delimiter: "\r\n" });
}

const csvAverage = (value: number | null) => (value === null ? "" : formatAverage(value));

export interface ImportedMark extends Mark {
  assignmentId: string;
  studentId: string;
}

export interface ImportReport {
  marks: ImportedMark[];
  /** Every line left out, with its number in the file and the reasons. */
  rejected: { line: number; reasons: string[] }[];
  /** Columns left out (unknown assignment, marks already published). */
  ignoredColumns: string[];
  /** The file itself could not be read. */
  error?: string;
}

export const IMPORT_MESSAGES = {
  unreadable: "Le fichier n'a pas pu être lu comme un tableau CSV (séparateur point-virgule).",
  noEmailColumn: `La première ligne doit contenir une colonne «\u00a0E-mail\u00a0» qui identifie chaque élève.`,
  unknownStudent: (email: string) => `aucun élève de la classe n'a l'adresse «\u00a0${email}\u00a0»`,
  duplicateStudent: (email: string) => `l'élève «\u00a0${email}\u00a0» figure déjà plus haut dans le fichier`,
  cell: (header: string, error: string) => `colonne «\u00a0${header}\u00a0»\u00a0: ${error}`,
  unknownColumn: (header: string) => `«\u00a0${header}\u00a0»\u00a0: aucun devoir de la classe ne porte ce titre et ce barème`,
  publishedColumn: (header: string) =>
    `«\u00a0${header}\u00a0»\u00a0: les notes de ce devoir sont déjà publiées, la colonne n'est pas importée`,
} as const;

const COMPUTED = /^(nom|e-?mail|moyenne.*|rang)$/i;

/**
 * Reads a gradebook file back. A line is taken whole or not at all: an unknown e-mail or a cell that is
 * not a mark rejects it, with every reason. Empty cells change nothing. Marks of assignments whose
 * marks are published are not imported: an import only ever writes drafts.
 */
export function parseGradebookCsv(text: string, book: GradebookData): ImportReport {
  let records: string[][];
  try {
    const firstLine = text.replace(/^\ufeff/, "").split(/\r?\n/, 1)[0];
    const delimiter = firstLine.includes(";") ? ";" : firstLine.includes("\t") ? "\t" : ",";
    records = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch {
    return { marks: [], rejected: [], ignoredColumns: [], error: IMPORT_MESSAGES.unreadable };
  }
  const [headers = [], ...lines] = records;
  const emailColumn = headers.findIndex((header) => /^e-?mail$/i.test(header));
  if (emailColumn < 0) return { marks: [], rejected: [], ignoredColumns: [], error: IMPORT_MESSAGES.noEmailColumn };

  const byHeader = new Map(assignmentHeaders(book).map((header, index) => [header, book.assignments[index]]));
  const columns: { index: number; header: string; assignment: GradebookData["assignments"][number] }[] = [];
  const ignoredColumns: string[] = [];
  headers.forEach((header, index) => {
    if (index === emailColumn || COMPUTED.test(header) || header === "") return;
    const assignment = byHeader.get(header);
    if (!assignment) ignoredColumns.push(IMPORT_MESSAGES.unknownColumn(header));
    else if (assignment.gradesPublished) ignoredColumns.push(IMPORT_MESSAGES.publishedColumn(header));
    else columns.push({ index, header, assignment });
  });

  const studentsByEmail = new Map(book.students.map((student) => [student.email.toLowerCase(), student]));
  const seen = new Set<string>();
  const marks: ImportedMark[] = [];
  const rejected: ImportReport["rejected"] = [];
  lines.forEach((cells, position) => {
    const line = position + 2;
    const email = (cells[emailColumn] ?? "").toLowerCase();
    const student = studentsByEmail.get(email);
    const reasons: string[] = [];
    if (!student) reasons.push(IMPORT_MESSAGES.unknownStudent(cells[emailColumn] ?? ""));
    else if (seen.has(student.id)) reasons.push(IMPORT_MESSAGES.duplicateStudent(email));
    const lineMarks: ImportedMark[] = [];
    for (const column of columns) {
      const cell = cells[column.index] ?? "";
      if (cell === "") continue;
      const parsed = parseMark(cell, column.assignment.maxPoints);
      if (!parsed.ok) reasons.push(IMPORT_MESSAGES.cell(column.header, parsed.error));
      else if (student) lineMarks.push({ assignmentId: column.assignment.id, studentId: student.id, ...parsed.mark });
    }
    if (reasons.length > 0) rejected.push({ line, reasons });
    else {
      seen.add(student!.id);
      marks.push(...lineMarks);
    }
  });
  return { marks, rejected, ignoredColumns };
}

/** « 12,5 » for a report line. */
export const formatImported = (mark: Mark) => (mark.status ? formatMark(mark) : formatPoints(mark.points ?? 0));
