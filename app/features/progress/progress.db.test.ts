import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { contentVisits, progress } from "../../../db/schema";
import { registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { grantAccess } from "../access/grants.server";
import { exportUserData } from "../accounts/account.server";
import { saveMark, saveQuizAttempt } from "../learning/learning.server";
import { readProgress, recordActivity, trackActivity } from "./progress.server";
import { recordPageVisit } from "./tracking.server";
import { readStudyDays } from "./study-days.server";
import { recentVisits } from "./visits.server";

let handle: DatabaseHandle;

async function progressRows(userId: string) {
  return handle.db.select().from(progress).where(eq(progress.userId, userId));
}

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe("progress in the database", () => {
  it("is 0 with no row, creates the row on the first activity, and never counts a type twice", async () => {
    const user = await registerStudent("Ines");
    expect(await readProgress(user.id)).toBeNull();
    expect(await recordActivity(user.id, "method")).toBe(5);
    expect(await recordActivity(user.id, "method")).toBeNull();
    expect(await recordActivity(user.id, "coaching")).toBe(12);
    const rows = await progressRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ module: "main", progression: 12, completedActivities: { method: true, coaching: true } });
    expect(await readProgress(user.id)).toEqual({ progression: 12, completedActivities: { method: true, coaching: true } });
  });

  it("caps progression at 100", async () => {
    const user = await registerStudent("Paul");
    await handle.db.insert(progress).values({ userId: user.id, module: "main", progression: 95, completedActivities: {} });
    expect(await recordActivity(user.id, "generator")).toBe(100);
  });

  it("reads and extends completed_activities stored as a JSON string", async () => {
    const user = await registerStudent("Lea");
    await handle.db.execute(
      sql`insert into progress (user_id, module, progression, completed_activities) values (${user.id}, 'main', 5, to_jsonb('{"method":true}'::text))`,
    );
    expect(await readProgress(user.id)).toEqual({ progression: 5, completedActivities: { method: true } });
    expect(await recordActivity(user.id, "method")).toBeNull();
    expect(await recordActivity(user.id, "school")).toBe(8);
    const [row] = await progressRows(user.id);
    expect(row.completedActivities).toEqual({ method: true, school: true });
  });

  it("loses no gain when activities land at the same time", async () => {
    const user = await registerStudent("Sami");
    const types = ["method", "school", "generator", "submission", "coaching", "interview"] as const;
    // Every type three times, all at once: each gain counts exactly once.
    await Promise.all([...types, ...types, ...types].map((type) => recordActivity(user.id, type)));
    const rows = await progressRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].progression).toBe(40);
    expect(Object.keys(rows[0].completedActivities).sort()).toEqual([...types].sort());
  });

  it("logs create and update failures without throwing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await trackActivity("utilisateur-inexistant", "method")).toBeNull();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe("page visits", () => {
  it("count the catalogue's activity type and remember study pages, newest first", async () => {
    const user = await registerStudent("Nora");
    expect(await recordPageVisit(user, "/formation/maths-methodologie")).toEqual({ ok: true, progression: 5 });
    expect(await recordPageVisit(user, "/chapitres-libres/suites-cours")).toEqual({ ok: true, progression: null });
    expect(await recordPageVisit(user, "/chapitres-libres/series-quiz")).toEqual({ ok: true, progression: null });
    expect(await recordPageVisit(user, "/chapitres-libres/suites-cours")).toEqual({ ok: true, progression: null });
    expect((await recentVisits(user.id)).map((visit) => visit.path)).toEqual([
      "/chapitres-libres/suites-cours",
      "/chapitres-libres/series-quiz",
    ]);
    const rows = await handle.db
      .select()
      .from(contentVisits)
      .where(and(eq(contentVisits.userId, user.id)));
    expect(rows).toHaveLength(2);
  });

  it("refuse untracked pages and pages of a section the user may not read", async () => {
    const user = await registerStudent("Hugo");
    expect(await recordPageVisit(user, "/apropos")).toEqual({ ok: false, status: 400 });
    expect(await recordPageVisit(user, "/n-existe-pas")).toEqual({ ok: false, status: 400 });
    const mathsCourse = "/formation/maths-elements-de-logique";
    expect(await recordPageVisit(user, mathsCourse)).toEqual({ ok: false, status: 403 });
    await grantAccess({ userId: user.id, section: "maths", source: "admin" });
    expect(await recordPageVisit(user, mathsCourse)).toEqual({ ok: true, progression: null });
    expect(await recordPageVisit(user, "/formation/python-fondamentaux")).toEqual({ ok: true, progression: null });
  });
});

describe("study records", () => {
  it("count every study event on today's study day, log quizzes and marks in the history, and go into the export", async () => {
    const user = await registerStudent("Yanis");
    await recordPageVisit(user, "/chapitres-libres/suites-quiz");
    await saveQuizAttempt(user.id, "chapitres-libres-suites-quiz", 12, 16, {});
    await saveMark(user.id, "chapitres-libres-suites-exercices", "limite-quotient", "reussi");
    const days = await readStudyDays(user.id, "2000-01-01");
    expect(days).toHaveLength(1);
    expect(days[0].events).toBe(3);
    const exported = await exportUserData(user.id);
    expect(exported.activityHistory.map((row) => row.activityType).sort()).toEqual(["exercise", "quiz"]);
    expect(exported.quizAttempts).toMatchObject([{ quizId: "chapitres-libres-suites-quiz", score: 12, total: 16 }]);
    expect(exported.exerciseMarks).toMatchObject([{ setId: "chapitres-libres-suites-exercices", status: "reussi" }]);
    expect(exported.studyPageVisits).toMatchObject([{ path: "/chapitres-libres/suites-quiz" }]);
    expect(exported.studyDays).toMatchObject([{ events: 3 }]);
  });
});
