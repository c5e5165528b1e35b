import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { accessGrants, studyDays } from "../../../db/schema";
import { registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { catalog } from "~/catalog/catalog";
import { grantAccess } from "../access/grants.server";
import { saveActivity } from "../activity/history.server";
import { getExerciseSet, getQuiz } from "../content/store.server";
import { saveMark, saveQuizAttempt } from "../learning/learning.server";
import { subjectOf } from "../learning/subjects";
import { recordPageVisit } from "../progress/tracking.server";
import { loadDashboard } from "./dashboard.server";

let handle: DatabaseHandle;

/** Exercises and quiz questions of a subject, straight from the content store. */
function sizeOf(subject: string) {
  const entries = catalog.filter((entry) => entry.contentId && subjectOf(entry.contentId) === subject);
  return {
    exercises: entries.reduce(
      (sum, entry) => sum + (entry.kind === "exercises" ? getExerciseSet(entry.contentId!)!.exercises.length : 0),
      0,
    ),
    quizzes: entries.filter((entry) => entry.kind === "quiz").length,
    questions: entries.reduce((sum, entry) => sum + (entry.kind === "quiz" ? getQuiz(entry.contentId!)!.questions.length : 0), 0),
  };
}

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe("dashboard figures", () => {
  it("start empty for a new student", async () => {
    const user = await registerStudent("Zoé");
    const dashboard = await loadDashboard(user);
    expect(dashboard.firstName).toBe("Zoé");
    expect(dashboard.progress).toEqual({ progression: 0, completed: [] });
    expect(dashboard.streak).toBe(0);
    expect(dashboard.lastActivity).toBeNull();
    expect(dashboard.subjectsStudied).toEqual([]);
    expect(dashboard.resume).toEqual([]);
    expect(dashboard.chart.every((day) => day.events === 0)).toBe(true);
    expect(dashboard.subjects.map((subject) => subject.subject)).toEqual(
      ["Mathématiques", "Python", "Anglais"].filter((s) => sizeOf(s).exercises + sizeOf(s).questions > 0),
    );
    expect(dashboard.subjects.every((subject) => subject.mastery === 0)).toBe(true);
  });

  it("count exercises and best quiz scores per subject, the streak, the resume links and the history by day", async () => {
    const user = await registerStudent("Malo");
    await recordPageVisit(user, "/formation/maths-methodologie");
    await recordPageVisit(user, "/chapitres-libres/suites-quiz");
    await saveQuizAttempt(user.id, "chapitres-libres-suites-quiz", 9, 17, {});
    await saveQuizAttempt(user.id, "chapitres-libres-suites-quiz", 17, 17, {});
    for (const exerciseId of ["a", "b", "c"]) await saveMark(user.id, "chapitres-libres-suites-exercices", exerciseId, "reussi");
    await saveMark(user.id, "chapitres-libres-series-exercices", "d", "a-revoir");
    await recordPageVisit(user, "/formation/python-fondamentaux");
    await saveActivity(user.id, { activityType: "search", inputData: { term: "suites", category: null }, outputData: { resultCount: 4 } });
    // Yesterday counts towards the streak.
    await handle.db.insert(studyDays).values({ userId: user.id, day: sql`(now() at time zone 'Europe/Paris')::date - 1`, events: 2 });

    const dashboard = await loadDashboard(user);
    expect(dashboard.progress).toEqual({ progression: 5, completed: ["method"] });
    const maths = dashboard.subjects.find((subject) => subject.subject === "Mathématiques")!;
    const size = sizeOf("Mathématiques");
    expect(maths.exercises).toEqual({ succeeded: 3, toReview: 1, total: size.exercises });
    expect(maths.quizzes).toEqual({ taken: 1, total: size.quizzes, averageBest: 100 });
    expect(maths.mastery).toBe(Math.round(((3 + 17) / (size.exercises + size.questions)) * 100));
    const python = dashboard.subjects.find((subject) => subject.subject === "Python")!;
    expect(python.mastery).toBe(0);

    expect(dashboard.streak).toBe(2);
    expect(dashboard.chart.at(-1)!.events).toBe(8);
    expect(dashboard.chart.at(-2)!.events).toBe(2);
    expect(dashboard.lastActivity).toMatch(/^\p{L}+ \d{1,2} \p{L}+ à \d{2}:\d{2}$/u);
    expect(dashboard.subjectsStudied).toEqual(["Mathématiques", "Python"]);
    expect(dashboard.resume.map((item) => [item.path, item.kind])).toEqual([
      ["/formation/python-fondamentaux", "Cours"],
      ["/chapitres-libres/suites-quiz", "Quiz"],
    ]);

    expect(dashboard.history).toHaveLength(1);
    expect(dashboard.history[0].entries.map((entry) => entry.label)).toEqual([
      "Recherche «\u00a0suites\u00a0» (4 résultats)",
      "Exercice marqué «\u00a0à revoir\u00a0»\u00a0: Exercices – Séries numériques",
      "Exercice marqué «\u00a0réussi\u00a0»\u00a0: Exercices – Suites numériques",
      "Exercice marqué «\u00a0réussi\u00a0»\u00a0: Exercices – Suites numériques",
      "Exercice marqué «\u00a0réussi\u00a0»\u00a0: Exercices – Suites numériques",
      "Quiz terminé\u00a0: Quiz – Suites numériques, score 17/17",
      "Quiz terminé\u00a0: Quiz – Suites numériques, score 9/17",
    ]);
  });

  it("leaves out resume links to pages the user may no longer read", async () => {
    const user = await registerStudent("Lina");
    await grantAccess({ userId: user.id, section: "maths", source: "admin" });
    expect(await recordPageVisit(user, "/formation/maths-elements-de-logique")).toEqual({ ok: true, progression: null });
    expect((await loadDashboard(user)).resume.map((item) => item.path)).toEqual(["/formation/maths-elements-de-logique"]);
    await handle.db.delete(accessGrants).where(eq(accessGrants.userId, user.id));
    expect((await loadDashboard(user)).resume).toEqual([]);
  });

  it("shows « Impossible de charger votre progression » when reading progress fails, and the rest of the dashboard", async () => {
    const user = await registerStudent("Rémi");
    await recordPageVisit(user, "/chapitres-libres/series-cours");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await handle.db.execute(sql`alter table progress rename to progress_unavailable`);
    try {
      const dashboard = await loadDashboard(user);
      expect(dashboard.progress).toEqual({ error: "Impossible de charger votre progression" });
      expect(dashboard.resume.map((item) => item.path)).toEqual(["/chapitres-libres/series-cours"]);
    } finally {
      await handle.db.execute(sql`alter table progress_unavailable rename to progress`);
      errors.mockRestore();
    }
  });
});
