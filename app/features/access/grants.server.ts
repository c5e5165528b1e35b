import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { accessCodes, accessGrants } from "../../../db/schema";
import type { Role } from "../accounts/roles";
import { holdsMathsThroughClass } from "../classes/classes.server";
import { GRANTABLE, type Permission, roleHolds } from "./policy";

export type Section = keyof typeof GRANTABLE;

/** Codes are compared case- and separator-insensitively: "ABCD-EFGH" = "abcd efgh". */
export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

export function hashCode(code: string): string {
  return createHash("sha256").update(normalizeCode(code)).digest("hex");
}

/** Whether the user holds an access grant to the section that has not expired. */
async function holdsGrant(userId: string, section: Section): Promise<boolean> {
  const db = await getDb();
  const [grant] = await db
    .select({ id: accessGrants.id })
    .from(accessGrants)
    .where(
      and(
        eq(accessGrants.userId, userId),
        eq(accessGrants.section, section),
        or(isNull(accessGrants.expiresAt), gt(accessGrants.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  return Boolean(grant);
}

export type PermissionCheck = (permission: Permission) => Promise<boolean>;

/**
 * `can(permission)` for a signed-in user, or a visitor (null): the role's own permissions, then the access
 * grants and class memberships (read at most once per permission). The role may be given lazily: it is read only when asked.
 */
export function permissionChecker(user: { id: string; role: Role | (() => Promise<Role>) } | null): PermissionCheck {
  const answers = new Map<Permission, Promise<boolean>>();
  let role: Promise<Role> | undefined;
  async function decide(permission: Permission): Promise<boolean> {
    if (roleHolds("visitor", permission)) return true;
    if (!user) return false;
    role ??= typeof user.role === "function" ? user.role() : Promise.resolve(user.role);
    if (roleHolds(await role, permission)) return true;
    const section = Object.entries(GRANTABLE).find(([, granted]) => granted === permission)?.[0] as Section | undefined;
    if (!section) return false;
    // A grant of its own, or membership of a class that grants the section (DESIGN §4).
    return (await holdsGrant(user.id, section)) || (section === "maths" && (await holdsMathsThroughClass(user.id)));
  }
  return (permission) => {
    let answer = answers.get(permission);
    if (!answer) {
      answer = decide(permission);
      answers.set(permission, answer);
    }
    return answer;
  };
}

/** Prof and above always hold the maths right; others need a grant that has not expired, or a class that grants it. */
export function hasSectionAccess(user: { id: string; role: Role }, section: Section): Promise<boolean> {
  return permissionChecker(user)(GRANTABLE[section]);
}

export async function grantAccess(input: {
  userId: string;
  section: Section;
  source: "admin" | "code" | "class";
  grantedBy?: string;
  codeId?: string;
  expiresAt?: Date;
}) {
  const db = await getDb();
  await db.insert(accessGrants).values(input);
}

/** Creates a code and returns it in clear, once: only its hash is stored. */
export async function createAccessCode(input: {
  section: Section;
  maxUses: number;
  expiresAt?: Date;
  createdBy?: string;
}): Promise<string> {
  const raw = randomBytes(10)
    .toString("base64url")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 12)
    .padEnd(12, "7");
  const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
  const db = await getDb();
  await db.insert(accessCodes).values({
    codeHash: hashCode(code),
    section: input.section,
    maxUses: input.maxUses,
    expiresAt: input.expiresAt,
    createdBy: input.createdBy,
  });
  return code;
}

export type RedeemResult = { ok: true; section: Section } | { ok: false; message: string };

/** Redeems a code for a user: one use is taken atomically, so a code is never used more than allowed. */
export async function redeemAccessCode(userId: string, code: string): Promise<RedeemResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(accessCodes)
      .set({ uses: sql`${accessCodes.uses} + 1` })
      .where(
        and(
          eq(accessCodes.codeHash, hashCode(code)),
          sql`${accessCodes.uses} < ${accessCodes.maxUses}`,
          or(isNull(accessCodes.expiresAt), gt(accessCodes.expiresAt, sql`now()`)),
        ),
      )
      .returning({ id: accessCodes.id, section: accessCodes.section });
    if (!taken) return { ok: false as const, message: "Ce code d'accès est invalide, expiré ou déjà utilisé." };
    await tx.insert(accessGrants).values({ userId, section: taken.section, source: "code", codeId: taken.id });
    return { ok: true as const, section: taken.section as Section };
  });
}
