import { listTeacherClasses } from "../classes/classes.server";
import { workStatistics } from "./gradebook";
import { loadGradebook } from "./grades.server";

export interface ClassTrend {
  classId: string;
  className: string;
  /** Each marked assignment in due-date order: the class's mean out of 20. */
  points: { title: string; dueAt: string; mean: number }[];
}

/** The class mean (out of 20) of each marked assignment of each of the teacher's classes: the teacher home's chart. */
export async function classTrends(teacherId: string): Promise<ClassTrend[]> {
  const classes = await listTeacherClasses(teacherId);
  return Promise.all(
    classes.map(async (classRecord) => {
      const book = await loadGradebook(classRecord.id);
      const points = book.assignments.flatMap((assignment) => {
        const stats = workStatistics(
          assignment,
          book.students.map((student) => book.marks.get(`${assignment.id}:${student.id}`)),
        );
        return stats
          ? [{ title: assignment.title, dueAt: assignment.dueAt.toISOString(), mean: (stats.mean / assignment.maxPoints) * 20 }]
          : [];
      });
      return { classId: classRecord.id, className: classRecord.name, points };
    }),
  );
}
