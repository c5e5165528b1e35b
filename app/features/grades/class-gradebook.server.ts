import { listClassColleMarks } from "../colles/colles.server";
import { type GradebookSummary, summarizeGradebook } from "./gradebook";
import { type GradebookData, loadGradebook } from "./grades.server";
import type { Mark, Period } from "./marks";

/**
 * A class's gradebook with its colles and every average. `publishedOnly`: only assignments whose marks
 * are published (what students may see); colle marks are shown to students as soon as they are entered.
 */
export async function classGradebook(
  classRecord: { id: string; colleCoefficient: number },
  options: { publishedOnly?: boolean } = {},
): Promise<{ book: GradebookData; summary: GradebookSummary }> {
  const [book, colles] = await Promise.all([loadGradebook(classRecord.id, options), listClassColleMarks(classRecord.id)]);
  const colleMarks = new Map<string, Map<Period, Mark[]>>();
  for (const { studentId, period, points, status } of colles) {
    const byPeriod = colleMarks.get(studentId) ?? new Map<Period, Mark[]>();
    byPeriod.set(period, [...(byPeriod.get(period) ?? []), { points, status }]);
    colleMarks.set(studentId, byPeriod);
  }
  const summary = summarizeGradebook({
    works: book.assignments,
    studentIds: book.students.map((student) => student.id),
    marks: book.marks,
    colleMarks,
    colleCoefficient: classRecord.colleCoefficient,
  });
  return { book, summary };
}
