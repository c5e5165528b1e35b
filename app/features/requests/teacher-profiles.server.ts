import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Database, getDb } from "../../../db/client.server";
import { teacherProfiles, userRoles } from "../../../db/schema";
import { ROLES, hasRole } from "../accounts/roles";
import { broadcast } from "../broadcast/broadcast.server";
import { type TeacherProfileInput, keysOf } from "./application-forms";
import { LEVELS, SUBJECTS, type Level, type Subject } from "./requests";

/**
 * Public teacher profiles (/nos-profs): written by the teacher on /professeur-dashboard, shown only while
 * `isPublic` is set and the account's current role is still prof or above. An accepted application
 * creates a draft (applications.server.ts).
 */
export interface TeacherProfile {
  userId: string;
  displayName: string;
  subjects: Subject[];
  levels: Level[];
  bio: string;
  isPublic: boolean;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const TEACHING_ROLES = ROLES.filter((role) => hasRole(role, "prof"));

/** The role a user holds now: their newest user_roles row (none: user). */
const currentRole = sql`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${teacherProfiles.userId}
  order by ${userRoles.createdAt} desc, ${userRoles.id} desc limit 1)`;

/** Profiles shown on /nos-profs: at most this many (a bound; the team is far smaller). */
const PUBLISHED_LIMIT = 500;

function toProfile(row: typeof teacherProfiles.$inferSelect): TeacherProfile {
  return {
    userId: row.userId,
    displayName: row.displayName,
    subjects: keysOf(row.subjects, SUBJECTS),
    levels: keysOf(row.levels, LEVELS),
    bio: row.bio,
    isPublic: row.isPublic,
  };
}

export async function findTeacherProfile(userId: string): Promise<TeacherProfile | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, userId)).limit(1);
  return row && toProfile(row);
}

/** Creates or replaces the user's profile. Public pages are told when what they show may have changed. */
export async function saveTeacherProfile(userId: string, input: TeacherProfileInput): Promise<void> {
  const db = await getDb();
  const values = {
    displayName: input.displayName,
    subjects: input.subjects.join(","),
    levels: input.levels.join(","),
    bio: input.bio,
    isPublic: input.isPublic,
    updatedAt: new Date(),
  };
  const previous = await findTeacherProfile(userId);
  await db
    .insert(teacherProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: teacherProfiles.userId, set: values });
  // /nos-profs is cached for visitors: drop it when a shown profile changes, appears or goes.
  if (input.isPublic || previous?.isPublic) await broadcast("public-data");
}

/** The draft an accepted application starts with (not public), unless the user already has a profile. */
export async function createProfileDraft(
  tx: Tx,
  draft: { userId: string; displayName: string; subjects: string; levels: string },
): Promise<boolean> {
  const created = await tx
    .insert(teacherProfiles)
    .values({ ...draft, bio: "", isPublic: false })
    .onConflictDoNothing({ target: teacherProfiles.userId })
    .returning({ userId: teacherProfiles.userId });
  return created.length > 0;
}

/** The profiles /nos-profs shows: public, of accounts that still teach, by name. */
export async function listPublishedProfiles(): Promise<TeacherProfile[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(teacherProfiles)
    .where(and(eq(teacherProfiles.isPublic, true), inArray(currentRole, TEACHING_ROLES)))
    .orderBy(asc(teacherProfiles.displayName), asc(teacherProfiles.userId))
    .limit(PUBLISHED_LIMIT);
  return rows.map(toProfile);
}

/** A profile /nos-profs shows, by its user id (the teacher a family asks for on /parent-form), else undefined. */
export async function findPublishedProfile(userId: string): Promise<TeacherProfile | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(teacherProfiles)
    .where(and(eq(teacherProfiles.userId, userId), eq(teacherProfiles.isPublic, true), inArray(currentRole, TEACHING_ROLES)))
    .limit(1);
  return row && toProfile(row);
}
