import { and, eq, like, lt, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { verification } from "../../../db/schema";

/** better-auth stores each password-reset link as a verification row `reset-password:<token>` → user id. */
const RESET_PREFIX = "reset-password:";

/**
 * Invalidates an account's outstanding password-reset links. With `newerThan`, the link of that token is
 * kept along with any issued after it: when two links are asked for at once, the newest always survives.
 */
export async function invalidatePasswordResetLinks(userId: string, newerThan?: string): Promise<void> {
  const db = await getDb();
  const ofUser = and(eq(verification.value, userId), like(verification.identifier, `${RESET_PREFIX}%`));
  if (!newerThan) {
    await db.delete(verification).where(ofUser);
    return;
  }
  const issued = db
    .select({ createdAt: verification.createdAt })
    .from(verification)
    .where(eq(verification.identifier, `${RESET_PREFIX}${newerThan}`));
  await db.delete(verification).where(and(ofUser, lt(verification.createdAt, sql`(${issued})`)));
}
