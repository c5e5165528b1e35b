import { count, eq, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { leads, reviews, teacherApplications } from "../../../db/schema";

/** What waits for the team: new leads, applications and reviews to read. */
export async function pendingCounts() {
  const db = await getDb();
  const [[newLeads], [applications], [toModerate]] = await Promise.all([
    db.select({ n: count() }).from(leads).where(eq(leads.status, "nouveau")),
    db.select({ n: count() }).from(teacherApplications).where(eq(teacherApplications.status, "pending")),
    db.select({ n: count() }).from(reviews).where(eq(reviews.status, "pending")),
  ]);
  return { newLeads: Number(newLeads.n), applications: Number(applications.n), reviews: Number(toModerate.n) };
}

export interface WeekFigure {
  /** Monday of the week, YYYY-MM-DD (Paris). */
  week: string;
  signUps: number;
  activeUsers: number;
}

/**
 * Sign-ups and active users per week (Monday to Sunday, Paris time) over the last `weeks` weeks, from
 * the first-party analytics events: a user is active in a week when any of their events falls in it.
 * Weeks without events are listed with zeros.
 */
export async function weeklyActivity(weeks = 12, now = new Date()): Promise<WeekFigure[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    with weeks as (
      select generate_series(
        date_trunc('week', (${now.toISOString()}::timestamptz at time zone 'Europe/Paris')) - (${weeks - 1} * interval '1 week'),
        date_trunc('week', (${now.toISOString()}::timestamptz at time zone 'Europe/Paris')),
        interval '1 week'
      ) as week
    ),
    events as (
      select date_trunc('week', created_at at time zone 'Europe/Paris') as week, event, user_id
      from analytics_events
      where created_at >= ${now.toISOString()}::timestamptz - (${weeks} * interval '1 week') - interval '1 day'
    )
    select to_char(weeks.week, 'YYYY-MM-DD') as week,
      count(*) filter (where events.event = 'registration') as sign_ups,
      count(distinct events.user_id) as active_users
    from weeks left join events on events.week = weeks.week
    group by weeks.week
    order by weeks.week`);
  return (result as unknown as { rows: { week: string; sign_ups: number | string; active_users: number | string }[] }).rows.map((row) => ({
    week: row.week,
    signUps: Number(row.sign_ups),
    activeUsers: Number(row.active_users),
  }));
}
