import type { CatalogEntry } from "../../catalog/types";
import type { Role } from "../accounts/roles";
import { isTeacherPath } from "./teacher-space";

/**
 * The access model (DESIGN §4, issue #12): what a page or a resource requires is a permission; who holds
 * it follows from the role, the access grants and, for resources, ownership. The route guards, the
 * resource guards, the anonymous HTML cache and the page flags all ask this module.
 */
export const PERMISSIONS = {
  /** Public pages: anyone, signed in or not. */
  "read:content:public": "Pages publiques",
  /** The signed-in pages of one's own account: /compte, /dashboard, history, progress, review deck. */
  "read:account:own": "Son propre compte",
  /** Python track: any signed-in account. */
  "read:content:python": "Parcours Python",
  /** Maths chapters: prof and above, or an access grant that has not expired. */
  "read:content:maths": "Chapitres de maths",
  /** Teacher space (/prof…): prof and above; each class is then checked by requireClassTeacher. */
  "manage:class:own": "Espace professeur",
  /** Grading the submissions of one's own classes: prof and above, class checked per submission. */
  "grade:submission:own-class": "Notation des copies",
  /** Admin console (/admin…): admin and above. */
  "admin:users": "Administration",
} as const;

export type Permission = keyof typeof PERMISSIONS;

/** What each role holds by itself, each role holding what the one below holds. A grant can add read:content:maths. */
const VISITOR: readonly Permission[] = ["read:content:public"];
const USER: readonly Permission[] = [...VISITOR, "read:account:own", "read:content:python"];
const PROF: readonly Permission[] = [...USER, "read:content:maths", "manage:class:own", "grade:submission:own-class"];
const ADMIN: readonly Permission[] = [...PROF, "admin:users"];
const ROLE_PERMISSIONS: Record<Role | "visitor", readonly Permission[]> = {
  visitor: VISITOR,
  user: USER,
  prof: PROF,
  admin: ADMIN,
  super_admin: ADMIN,
};

/** Permissions that an access grant can add to a role that does not hold them (the grant's section). */
export const GRANTABLE = { maths: "read:content:maths" } as const satisfies Record<string, Permission>;

export function roleHolds(role: Role | "visitor", permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOfRole(role: Role | "visitor"): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

/** The permission a catalogue page requires: the one rule every guard and cache applies. */
export function requiredPermission(entry: Pick<CatalogEntry, "path" | "protected" | "section" | "chrome">): Permission {
  if (isAdminPath(entry.path)) return "admin:users";
  if (isTeacherPath(entry.path) || entry.chrome === "teacher") return "manage:class:own";
  if (entry.section === "maths") return "read:content:maths";
  if (entry.section === "python") return "read:content:python";
  if (entry.protected) return "read:account:own";
  return "read:content:public";
}

/** Whether anyone may read the page: only such pages are cached for visitors or shown without a check. */
export function isPublicEntry(entry: Pick<CatalogEntry, "path" | "protected" | "section" | "chrome"> | undefined): boolean {
  return entry !== undefined && requiredPermission(entry) === "read:content:public";
}

/** The section of /acces-restreint that explains how to get a permission, for those a section grants. */
export function sectionOf(permission: Permission): "python" | "maths" | null {
  if (permission === "read:content:python") return "python";
  if (permission === "read:content:maths") return "maths";
  return null;
}
