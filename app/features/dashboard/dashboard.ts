import type { ActivityType } from "~/catalog/types";
import type { Subject } from "../learning/subjects";

/** What the dashboard loader returns. Days are ISO dates (YYYY-MM-DD) in the platform's time zone. */
export interface SubjectProgress {
  subject: Subject;
  exercises: { succeeded: number; toReview: number; total: number };
  quizzes: { taken: number; total: number; averageBest: number | null };
  /** Exercises succeeded plus best quiz scores, over all exercises and questions of the subject, in %. */
  mastery: number;
}

export interface DashboardData {
  firstName: string;
  progress: { progression: number; completed: ActivityType[] } | { error: string };
  subjects: SubjectProgress[];
  history: { day: string; entries: { id: number; time: string; label: string; href: string | null }[] }[];
  chart: ChartDay[];
  streak: number;
  /** « samedi 21 novembre à 22:40 », Paris time. */
  lastActivity: string | null;
  subjectsStudied: Subject[];
  resume: { path: string; title: string; kind: string; visitedAt: string }[];
}

export interface ChartDay {
  day: string;
  events: number;
}

export const CHART_DAYS = 14;

function shiftDay(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

/**
 * Consecutive study days ending today, or ending yesterday when the user has not studied yet today
 * (the streak is still alive until midnight).
 */
export function studyStreak(days: readonly string[], today: string): number {
  const studied = new Set(days);
  let cursor = studied.has(today) ? today : shiftDay(today, -1);
  let streak = 0;
  while (studied.has(cursor)) {
    streak += 1;
    cursor = shiftDay(cursor, -1);
  }
  return streak;
}

/** The last CHART_DAYS days, oldest first, with 0 for days without study. */
export function activityChart(days: readonly { day: string; events: number }[], today: string): ChartDay[] {
  const events = new Map(days.map((day) => [day.day, day.events]));
  return Array.from({ length: CHART_DAYS }, (_, index) => {
    const day = shiftDay(today, index - CHART_DAYS + 1);
    return { day, events: events.get(day) ?? 0 };
  });
}
