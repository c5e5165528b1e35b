import { GRADE_STATUSES, type Mark, type Period } from "./marks";

/**
 * The gradebook's arithmetic (issue #13, point 5), pure so that the teacher's grid, the student's marks,
 * the CSV export and the tests compute the same numbers.
 *
 * Average out of 20 = 20 × Σ (coefficient × points) ÷ Σ (coefficient × scale): a mark « ramenée sur 20 »
 * counts as points/scale × 20 on a scale of 20, so only its coefficient weighs; a mark that is not
 * brought to 20 weighs in proportion to its scale as well (a /40 counts twice a /20 of the same
 * coefficient), as in Pronote. Statuses are left out, except « Non rendu », which counts 0.
 */

export interface GradedWork {
  id: string;
  maxPoints: number;
  rescaleTo20: boolean;
  coefficient: number;
  period: Period;
}

/** The points and scale a mark brings to an average, or null when it is left out. */
export function countedMark(
  work: Pick<GradedWork, "maxPoints" | "rescaleTo20">,
  mark: Mark | undefined,
): { points: number; scale: number } | null {
  if (!mark) return null;
  if (mark.status) return GRADE_STATUSES[mark.status].countsAsZero ? { points: 0, scale: work.rescaleTo20 ? 20 : work.maxPoints } : null;
  if (mark.points === null) return null;
  return work.rescaleTo20 ? { points: (mark.points / work.maxPoints) * 20, scale: 20 } : { points: mark.points, scale: work.maxPoints };
}

/** A mark out of 20 whatever its scale, for display and statistics (null when left out). */
export function markOutOf20(work: Pick<GradedWork, "maxPoints">, mark: Mark | undefined): number | null {
  const counted = countedMark({ maxPoints: work.maxPoints, rescaleTo20: true }, mark);
  return counted && counted.points;
}

/** The weighted average out of 20 of the works given (a period's, or all of them); null when nothing counts. */
export function weightedAverage(works: readonly GradedWork[], marks: ReadonlyMap<string, Mark>): number | null {
  let numerator = 0;
  let denominator = 0;
  for (const work of works) {
    const counted = countedMark(work, marks.get(work.id));
    if (!counted || work.coefficient === 0) continue;
    numerator += work.coefficient * counted.points;
    denominator += work.coefficient * counted.scale;
  }
  return denominator === 0 ? null : (20 * numerator) / denominator;
}

export interface MarkStatistics {
  count: number;
  mean: number;
  median: number;
  min: number;
  max: number;
  /** Population standard deviation (the class is the whole population). */
  standardDeviation: number;
}

/** Mean, median, min, max and standard deviation of the values given (null for none). */
export function statistics(values: readonly number[]): MarkStatistics | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const count = sorted.length;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / count;
  const middle = Math.floor(count / 2);
  const median = count % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  const variance = sorted.reduce((sum, value) => sum + (value - mean) ** 2, 0) / count;
  return { count, mean, median, min: sorted[0], max: sorted[count - 1], standardDeviation: Math.sqrt(variance) };
}

/** The statistics of one work on its own scale: marks left out are not counted, « Non rendu » counts 0. */
export function workStatistics(work: GradedWork, marks: Iterable<Mark | undefined>): MarkStatistics | null {
  const values: number[] = [];
  for (const mark of marks) {
    const counted = countedMark({ maxPoints: work.maxPoints, rescaleTo20: false }, mark);
    if (counted) values.push(counted.points);
  }
  return statistics(values);
}

/** Ranks by descending average; equal averages (to the hundredth) share a rank; no average, no rank. */
export function ranks(averages: ReadonlyMap<string, number | null>): Map<string, number> {
  const rounded = [...averages]
    .filter((entry): entry is [string, number] => entry[1] !== null)
    .map(([id, average]) => [id, Math.round(average * 100)] as const)
    .sort((a, b) => b[1] - a[1]);
  const result = new Map<string, number>();
  rounded.forEach(([id, value], index) => {
    result.set(id, index > 0 && rounded[index - 1][1] === value ? result.get(rounded[index - 1][0])! : index + 1);
  });
  return result;
}

/** « 12,46 »: averages are shown with two decimals, a decimal comma. */
export function formatAverage(value: number | null): string {
  return value === null ? "—" : value.toFixed(2).replace(".", ",");
}

/** The colle marks of a period as one work out of 20 (their mean), weighted by the class's colle coefficient. */
export function colleWork(period: Period, coefficient: number, marks: readonly Mark[]): { work: GradedWork; mark: Mark } | null {
  const values = marks.map((mark) => countedMark({ maxPoints: 20, rescaleTo20: true }, mark)).filter((value) => value !== null);
  if (coefficient === 0 || values.length === 0) return null;
  const mean = values.reduce((sum, value) => sum + value.points, 0) / values.length;
  return { work: { id: `colles:${period}`, maxPoints: 20, rescaleTo20: true, coefficient, period }, mark: { points: mean, status: null } };
}

export interface GradebookInput {
  works: readonly GradedWork[];
  studentIds: readonly string[];
  /** `${workId}:${studentId}` → mark. */
  marks: ReadonlyMap<string, Mark>;
  /** studentId → the colle marks of each period. */
  colleMarks?: ReadonlyMap<string, ReadonlyMap<Period, readonly Mark[]>>;
  colleCoefficient?: number;
}

export interface StudentAverages {
  byPeriod: Partial<Record<Period, number | null>>;
  overall: number | null;
  /** The mean of each period's colles, when colles count. */
  colles: Partial<Record<Period, number>>;
}

export interface GradebookSummary {
  periods: Period[];
  students: Map<string, StudentAverages>;
  /** The class's mean of the students' averages, by period and overall. */
  classAverage: { byPeriod: Partial<Record<Period, number | null>>; overall: number | null };
  workStatistics: Map<string, MarkStatistics | null>;
}

const PERIOD_ORDER: readonly Period[] = ["t1", "t2", "t3", "s1", "s2"];

/** Every average of a gradebook: each student's by period and overall (over all marks), the class's, each work's statistics. */
export function summarizeGradebook({ works, studentIds, marks, colleMarks, colleCoefficient = 0 }: GradebookInput): GradebookSummary {
  const periodsPresent = new Set<Period>(works.map((work) => work.period));
  if (colleCoefficient > 0)
    for (const byPeriod of colleMarks?.values() ?? []) for (const period of byPeriod.keys()) periodsPresent.add(period);
  const periods = PERIOD_ORDER.filter((period) => periodsPresent.has(period));
  const students = new Map<string, StudentAverages>();
  for (const studentId of studentIds) {
    const own = new Map<string, Mark>();
    const ownWorks: GradedWork[] = [...works];
    for (const work of works) {
      const mark = marks.get(`${work.id}:${studentId}`);
      if (mark) own.set(work.id, mark);
    }
    const colles: Partial<Record<Period, number>> = {};
    for (const [period, periodMarks] of colleMarks?.get(studentId) ?? []) {
      const colle = colleWork(period, colleCoefficient, periodMarks);
      if (!colle) continue;
      ownWorks.push(colle.work);
      own.set(colle.work.id, colle.mark);
      colles[period] = colle.mark.points!;
    }
    const byPeriod: Partial<Record<Period, number | null>> = {};
    for (const period of periods)
      byPeriod[period] = weightedAverage(
        ownWorks.filter((work) => work.period === period),
        own,
      );
    students.set(studentId, { byPeriod, overall: weightedAverage(ownWorks, own), colles });
  }
  const meanOf = (values: (number | null | undefined)[]) => {
    const present = values.filter((value): value is number => typeof value === "number");
    return present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : null;
  };
  const classAverage = {
    byPeriod: Object.fromEntries(periods.map((period) => [period, meanOf([...students.values()].map((row) => row.byPeriod[period]))])),
    overall: meanOf([...students.values()].map((row) => row.overall)),
  };
  const stats = new Map(
    works.map((work) => [
      work.id,
      workStatistics(
        work,
        studentIds.map((id) => marks.get(`${work.id}:${id}`)),
      ),
    ]),
  );
  return { periods, students, classAverage, workStatistics: stats };
}
