import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { contentVisits } from "../../../db/schema";

/** The last time this user opened a study page (one row per page, updated in place). */
export async function recordVisit(userId: string, path: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(contentVisits)
    .values({ userId, path })
    .onConflictDoUpdate({ target: [contentVisits.userId, contentVisits.path], set: { visitedAt: sql`now()` } });
}

export async function recentVisits(userId: string, limit = 20): Promise<{ path: string; visitedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ path: contentVisits.path, visitedAt: contentVisits.visitedAt })
    .from(contentVisits)
    .where(eq(contentVisits.userId, userId))
    .orderBy(desc(contentVisits.visitedAt), desc(contentVisits.id))
    .limit(limit);
}
