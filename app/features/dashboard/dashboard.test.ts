import { describe, expect, it } from "vitest";
import { describeActivity } from "./activity-labels";
import { CHART_DAYS, activityChart, studyStreak } from "./dashboard";

describe("study streak", () => {
  it("counts consecutive days ending today", () => {
    expect(studyStreak(["2026-11-21", "2026-11-20", "2026-11-19", "2026-11-17"], "2026-11-21")).toBe(3);
  });
  it("stays alive until midnight when the user has not studied yet today", () => {
    expect(studyStreak(["2026-11-20", "2026-11-19"], "2026-11-21")).toBe(2);
  });
  it("is 0 after a missed day or without any study", () => {
    expect(studyStreak(["2026-11-19"], "2026-11-21")).toBe(0);
    expect(studyStreak([], "2026-11-21")).toBe(0);
  });
  it("crosses month and year boundaries", () => {
    expect(studyStreak(["2027-01-01", "2026-12-31", "2026-12-30"], "2027-01-01")).toBe(3);
    expect(studyStreak(["2026-03-01", "2026-02-28"], "2026-03-01")).toBe(2);
  });
});

describe("activity chart", () => {
  it("lists the last fourteen days oldest first, with 0 for days without study", () => {
    const chart = activityChart(
      [
        { day: "2026-11-21", events: 4 },
        { day: "2026-11-10", events: 2 },
        { day: "2026-11-01", events: 9 },
      ],
      "2026-11-21",
    );
    expect(chart).toHaveLength(CHART_DAYS);
    expect(chart[0]).toEqual({ day: "2026-11-08", events: 0 });
    expect(chart[2]).toEqual({ day: "2026-11-10", events: 2 });
    expect(chart[13]).toEqual({ day: "2026-11-21", events: 4 });
    expect(chart.reduce((sum, day) => sum + day.events, 0)).toBe(6);
  });
});

describe("history labels", () => {
  const row = (activityType: string, inputData: unknown = null, outputData: unknown = null, generatorType: string | null = null) => ({
    id: 7,
    activityType,
    generatorType,
    inputData,
    outputData,
  });

  it("says what each activity was, in French, with a link when it names a page", () => {
    expect(describeActivity(row("login"))).toEqual({ label: "Connexion", href: null });
    expect(describeActivity(row("generation", null, null, "prepa-chatbot"))).toEqual({
      label: "Chatbot Prépa\u00a0: génération",
      href: "/generator/prepa-chatbot?generation=7",
    });
    expect(describeActivity(row("logout"))).toEqual({ label: "Déconnexion", href: null });
    expect(describeActivity(row("search", { term: "séries", category: null }, { resultCount: 1 }))).toEqual({
      label: "Recherche «\u00a0séries\u00a0» (1 résultat)",
      href: null,
    });
    expect(describeActivity(row("search", { term: "python" }, { resultCount: 7 })).label).toBe(
      "Recherche «\u00a0python\u00a0» (7 résultats)",
    );
    expect(describeActivity(row("quiz", { quizId: "chapitres-libres-series-quiz" }, { score: 14, total: 16 }))).toEqual({
      label: "Quiz terminé\u00a0: Quiz – Séries numériques, score 14/16",
      href: "/chapitres-libres/series-quiz",
    });
    expect(describeActivity(row("exercise", { setId: "chapitres-libres-series-exercices" }, { status: "a-revoir" }))).toEqual({
      label: "Exercice marqué «\u00a0à revoir\u00a0»\u00a0: Exercices – Séries numériques",
      href: "/chapitres-libres/series-exercices",
    });
    expect(describeActivity(row("method")).label).toBe("Méthodologie");
    expect(describeActivity(row("quiz", { quizId: "retire" }, { score: 1, total: 2 })).href).toBeNull();
  });
});
