import { describe, expect, it } from "vitest";
import { summarizeGradebook } from "./gradebook";
import { IMPORT_MESSAGES, gradebookCsv, parseGradebookCsv } from "./grades-csv.server";
import type { GradebookData } from "./grades.server";

const book: GradebookData = {
  assignments: [
    {
      id: "a1",
      title: "DS 1 — Suites",
      kind: "ds",
      maxPoints: 20,
      rescaleTo20: true,
      coefficient: 2,
      period: "t1",
      dueAt: new Date(),
      status: "published",
      gradesPublished: false,
    },
    {
      id: "a2",
      title: "DM 2",
      kind: "dm",
      maxPoints: 10,
      rescaleTo20: true,
      coefficient: 1,
      period: "t1",
      dueAt: new Date(),
      status: "published",
      gradesPublished: false,
    },
    {
      id: "a3",
      title: "DM 2",
      kind: "dm",
      maxPoints: 10,
      rescaleTo20: true,
      coefficient: 1,
      period: "t1",
      dueAt: new Date(),
      status: "published",
      gradesPublished: true,
    },
  ],
  students: [
    { id: "s1", name: "Zoé Étienne", email: "zoe@example.fr" },
    { id: "s2", name: "Léo « Le Grand » Martin; fils", email: "leo@example.fr" },
  ],
  marks: new Map([
    ["a1:s1", { points: 12.5, status: null }],
    ["a2:s1", { points: null, status: "abs-excuse" }],
    ["a1:s2", { points: 8, status: null }],
  ]),
};
const summarize = (data: GradebookData) =>
  summarizeGradebook({ works: data.assignments, studentIds: data.students.map((student) => student.id), marks: data.marks });

describe("gradebook CSV", () => {
  it("is written in the French spreadsheet format: BOM, semicolons, decimal commas", () => {
    const csv = gradebookCsv(book, summarize(book));
    expect(
      csv.startsWith("\ufeffNom;E-mail;DS 1 — Suites (/20);DM 2 (/10);DM 2 (/10) [2];Moyenne 1er trimestre;Moyenne générale\r\n"),
    ).toBe(true);
    expect(csv).toContain("Zoé Étienne;zoe@example.fr;12,5;Abs excusé;;12,50;12,50\r\n");
    // A semicolon or quote inside a cell is quoted, not taken for a separator.
    expect(csv).toContain('"Léo « Le Grand » Martin; fils";leo@example.fr;8;;;8,00;8,00\r\n');
  });

  it("reads back what it wrote (round trip), as drafts of the columns not yet published", () => {
    const report = parseGradebookCsv(gradebookCsv(book, summarize(book)), book);
    expect(report.rejected).toEqual([]);
    expect(report.ignoredColumns).toEqual([IMPORT_MESSAGES.publishedColumn("DM 2 (/10) [2]")]);
    expect(report.marks).toEqual([
      { assignmentId: "a1", studentId: "s1", points: 12.5, status: null },
      { assignmentId: "a2", studentId: "s1", points: null, status: "abs-excuse" },
      { assignmentId: "a1", studentId: "s2", points: 8, status: null },
    ]);
  });

  it("rejects every faulty line with its line number and reasons, and keeps the others", () => {
    const csv = [
      "\ufeffNom;E-mail;DS 1 — Suites (/20);DM 2 (/10);Interro surprise (/20)",
      "Zoé;ZOE@example.fr;14,25;NR;3",
      "Inconnu;nobody@example.fr;21;;",
      "Léo;leo@example.fr;douze;11;",
      "Zoé bis;zoe@example.fr;10;;",
    ].join("\n");
    const report = parseGradebookCsv(csv, book);
    expect(report.marks).toEqual([
      { assignmentId: "a1", studentId: "s1", points: 14.25, status: null },
      { assignmentId: "a2", studentId: "s1", points: null, status: "non-rendu" },
    ]);
    expect(report.ignoredColumns).toEqual([IMPORT_MESSAGES.unknownColumn("Interro surprise (/20)")]);
    expect(report.rejected).toEqual([
      {
        line: 3,
        reasons: [
          IMPORT_MESSAGES.unknownStudent("nobody@example.fr"),
          IMPORT_MESSAGES.cell("DS 1 — Suites (/20)", "La note doit être comprise entre 0 et 20."),
        ],
      },
      {
        line: 4,
        reasons: [
          IMPORT_MESSAGES.cell(
            "DS 1 — Suites (/20)",
            "Une note s'écrit comme 12 ou 12,5, ou bien Abs, Abs excusé, Disp, Non rendu ou Non noté.",
          ),
          IMPORT_MESSAGES.cell("DM 2 (/10)", "La note doit être comprise entre 0 et 10."),
        ],
      },
      { line: 5, reasons: [IMPORT_MESSAGES.duplicateStudent("zoe@example.fr")] },
    ]);
  });

  it("says what is wrong with a file that is not a gradebook", () => {
    expect(parseGradebookCsv("Nom;Note\nZoé;12", book).error).toBe(IMPORT_MESSAGES.noEmailColumn);
    expect(parseGradebookCsv('Nom;E-mail\n"Zoé;12', book).error).toBe(IMPORT_MESSAGES.unreadable);
  });
});
