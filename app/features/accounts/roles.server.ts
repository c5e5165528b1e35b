import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { userRoles } from "../../../db/schema";
import { ROLES, type Role, hasRole, isRole } from "./roles";

/** The user's role: the newest user_roles row wins; no row, an unknown value or a read error → "user". */
export async function getRole(userId: string): Promise<Role> {
  try {
    const db = await getDb();
    const [row] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .orderBy(desc(userRoles.createdAt), desc(userRoles.id))
      .limit(1);
    return isRole(row?.role) ? row.role : "user";
  } catch (error) {
    console.error(`Reading the role of ${userId} failed; falling back to "user".`, error);
    return "user";
  }
}

export async function setRole(userId: string, role: Role): Promise<void> {
  const db = await getDb();
  await db.insert(userRoles).values({ userId, role });
}

/** The users whose current role (their newest user_roles row) is at least `required`. */
export async function userIdsWithRoleAtLeast(required: Role): Promise<string[]> {
  const db = await getDb();
  const allowed = ROLES.filter((role) => hasRole(role, required));
  const result = await db.execute(sql`
    select user_id from (
      select distinct on (user_id) user_id, role from user_roles order by user_id, created_at desc, id desc
    ) latest
    where role in (${sql.join(
      allowed.map((role) => sql`${role}`),
      sql`, `,
    )})`);
  return (result as unknown as { rows: { user_id: string }[] }).rows.map((row) => row.user_id);
}
