import { desc, eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { userRoles } from "../../../db/schema";
import { type Role, isRole } from "./roles";

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
