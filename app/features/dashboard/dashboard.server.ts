import { count, eq, max, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { exerciseMarks, quizAttempts } from "../../../db/schema";
import { catalog, findCatalogEntry } from "~/catalog/catalog";
import type { ActivityType } from "~/catalog/types";
import { permissionChecker } from "../access/grants.server";
import { requiredPermission } from "../access/policy";
import type { SessionUser } from "../accounts/session.server";
import { readHistory } from "../activity/history.server";
import { getExerciseSet, getQuiz } from "../content/store.server";
import { SUBJECTS, subjectOf } from "../learning/subjects";
import type { Subject } from "../learning/subjects";
import { PROGRESS_READ_ERROR } from "../progress/progress";
import { readProgress } from "../progress/progress.server";
import { STUDY_TIME_ZONE, readStudyDays } from "../progress/study-days.server";
import { recentVisits } from "../progress/visits.server";
import { describeActivity } from "./activity-labels";
import { activityChart, studyStreak } from "./dashboard";
import type { DashboardData, SubjectProgress } from "./dashboard";

const KIND_LABELS: Record<string, string> = {
  course: "Cours",
  exercises: "Exercices",
  quiz: "Quiz",
  flashcards: "Flashcards",
  reference: "Référence",
  vocabulary: "Vocabulaire",
};

const dayFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: STUDY_TIME_ZONE, weekday: "long", day: "numeric", month: "long" });
const timeFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: STUDY_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const isoDay = (date: Date) => date.toLocaleDateString("sv-SE", { timeZone: STUDY_TIME_ZONE });

/** Every exercise set and quiz of the catalogue, by subject, with their sizes: fixed for a build, computed once. */
let totalsOnce: ReturnType<typeof computeSubjectTotals> | undefined;
const subjectTotals = () => (totalsOnce ??= computeSubjectTotals());

function computeSubjectTotals() {
  const totals = new Map<Subject, { exercises: number; quizzes: { id: string; questions: number }[] }>(
    SUBJECTS.map((subject) => [subject, { exercises: 0, quizzes: [] }]),
  );
  for (const entry of catalog) {
    const subject = entry.contentId ? subjectOf(entry.contentId) : null;
    if (!subject || !entry.contentId) continue;
    if (entry.kind === "exercises") totals.get(subject)!.exercises += getExerciseSet(entry.contentId)?.exercises.length ?? 0;
    if (entry.kind === "quiz")
      totals.get(subject)!.quizzes.push({ id: entry.contentId, questions: getQuiz(entry.contentId)?.questions.length ?? 0 });
  }
  return totals;
}

async function subjectProgress(userId: string): Promise<SubjectProgress[]> {
  const db = await getDb();
  const [marks, bests] = await Promise.all([
    db
      .select({ setId: exerciseMarks.setId, status: exerciseMarks.status, n: count() })
      .from(exerciseMarks)
      .where(eq(exerciseMarks.userId, userId))
      .groupBy(exerciseMarks.setId, exerciseMarks.status),
    db
      .select({ quizId: quizAttempts.quizId, best: max(sql<number>`${quizAttempts.score}::float8 / nullif(${quizAttempts.total}, 0)`) })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, userId))
      .groupBy(quizAttempts.quizId),
  ]);
  return [...subjectTotals()].flatMap(([subject, totals]) => {
    const exercises = { succeeded: 0, toReview: 0, total: totals.exercises };
    for (const mark of marks) {
      if (subjectOf(mark.setId) !== subject) continue;
      if (mark.status === "reussi") exercises.succeeded += Number(mark.n);
      else exercises.toReview += Number(mark.n);
    }
    const taken = bests.filter((row) => subjectOf(row.quizId) === subject && totals.quizzes.some((quiz) => quiz.id === row.quizId));
    const questions = totals.quizzes.reduce((sum, quiz) => sum + quiz.questions, 0);
    const bestPoints = taken.reduce(
      (sum, row) => sum + Number(row.best ?? 0) * (totals.quizzes.find((quiz) => quiz.id === row.quizId)?.questions ?? 0),
      0,
    );
    const denominator = exercises.total + questions;
    if (!denominator) return [];
    return [
      {
        subject,
        exercises,
        quizzes: {
          taken: taken.length,
          total: totals.quizzes.length,
          averageBest: taken.length ? Math.round((taken.reduce((sum, row) => sum + Number(row.best ?? 0), 0) / taken.length) * 100) : null,
        },
        mastery: Math.round(((exercises.succeeded + bestPoints) / denominator) * 100),
      },
    ];
  });
}

/** The signed-in user's dashboard, read in parallel. A progress read failure is reported, not thrown. */
export async function loadDashboard(user: SessionUser, now = new Date()): Promise<DashboardData> {
  const since = isoDay(new Date(now.getTime() - 400 * 86_400_000));
  const [progress, subjects, history, days, visits] = await Promise.all([
    readProgress(user.id).then(
      (state) => ({ progression: state?.progression ?? 0, completed: Object.keys(state?.completedActivities ?? {}) as ActivityType[] }),
      (error: unknown) => {
        console.error(`Reading progress of ${user.id} failed.`, error);
        return { error: PROGRESS_READ_ERROR };
      },
    ),
    subjectProgress(user.id),
    readHistory(user.id),
    readStudyDays(user.id, since),
    recentVisits(user.id, 12),
  ]);

  const grouped = new Map<string, DashboardData["history"][number]>();
  for (const row of history) {
    const day = dayFormat.format(row.createdAt);
    if (!grouped.has(day)) grouped.set(day, { day, entries: [] });
    grouped.get(day)!.entries.push({ id: row.id, time: timeFormat.format(row.createdAt), ...describeActivity(row) });
  }

  const can = permissionChecker(user);
  const resume: DashboardData["resume"] = [];
  for (const visit of visits) {
    const entry = findCatalogEntry(visit.path);
    if (!entry || !(await can(requiredPermission(entry)))) continue;
    resume.push({
      path: entry.path,
      title: entry.title,
      kind: KIND_LABELS[entry.kind] ?? "Page",
      visitedAt: visit.visitedAt.toISOString(),
    });
    if (resume.length === 4) break;
  }

  const studied = new Set<Subject>();
  for (const subject of subjects)
    if (subject.exercises.succeeded + subject.exercises.toReview + subject.quizzes.taken > 0) studied.add(subject.subject);
  for (const visit of visits) {
    const subject = subjectOf(findCatalogEntry(visit.path)?.contentId ?? "");
    if (subject) studied.add(subject);
  }

  const today = isoDay(now);
  return {
    firstName: user.firstName,
    progress,
    subjects,
    history: [...grouped.values()],
    chart: activityChart(days, today),
    streak: studyStreak(
      days.map((day) => day.day),
      today,
    ),
    lastActivity: days[0] ? `${dayFormat.format(days[0].lastAt)} à ${timeFormat.format(days[0].lastAt)}` : null,
    subjectsStudied: SUBJECTS.filter((subject) => studied.has(subject)),
    resume,
  };
}
