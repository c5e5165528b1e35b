import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Database, getDb } from "../../../db/client.server";
import { accessCodes, accessGrants, user as userTable, userRoles } from "../../../db/schema";
import { createAccessCode, hashCode, type Section } from "../access/grants.server";
import { type Role, hasRole, isRole } from "../accounts/roles";
import { fieldErrors } from "../accounts/schemas";
import { holdsMathsThroughClass } from "../classes/classes.server";
import type { Toast } from "../toast/toast";
import { broadcast } from "../broadcast/broadcast.server";
import { listAudit, recordAudit } from "./audit.server";
import {
  AUDIT_TARGET_LABELS,
  GRANT_SOURCE_LABELS,
  SECTION_LABELS,
  USER_AUDIT_ACTIONS,
  USER_MESSAGES,
  auditActionLabel,
  codeFormSchema,
  compactJson,
  formatParisDateTime,
  formatParisDay,
  grantFormSchema,
  revokeFormSchema,
  roleChangeRefusal,
  roleFormSchema,
  JOURNAL_PAGE,
  SEARCH_LIMIT,
} from "./user-forms";

/**
 * The « Utilisateurs » console (/admin/utilisateurs) and the journal (/admin/journal): finding accounts,
 * their roles and access grants, the access codes, and every change written to the audit log. The role
 * rules themselves are in user-forms.ts (roleChangeRefusal), applied here under a lock.
 */

/** Who acts: the signed-in admin, as their session describes them. */
export interface Actor {
  id: string;
  email: string;
  role: Role;
}

export type Outcome<T> = ({ ok: true } & T) | { ok: false; status: 400 | 404; message: string };

const CODES_LIMIT = 50;

/** Key of the advisory lock that role changes hold, so two of them never both count the last super_admin. */
const ROLE_CHANGE_LOCK = 720_461_994;

// Accented letters and their plain forms, for a search that finds « Éloïse » when one types « eloise ».
const ACCENTED = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ";
const PLAIN = ACCENTED.normalize("NFD").replace(/\p{M}/gu, "");

function withoutAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "");
}

/** `%text%` for ilike, the wildcards the user typed taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const activeGrant = or(isNull(accessGrants.expiresAt), gt(accessGrants.expiresAt, sql`now()`));

/** The user's current role, read with `db` (a transaction's own connection when inside one). */
async function roleOf(db: Database, userId: string): Promise<Role> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(desc(userRoles.createdAt), desc(userRoles.id))
    .limit(1);
  return isRole(row?.role) ? row.role : "user";
}

/** How many accounts are super_admin now (their newest role row says so). */
async function countSuperAdmins(db: Database): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count from (
      select distinct on (user_id) role from user_roles order by user_id, created_at desc, id desc
    ) latest
    where role = 'super_admin'`);
  const rows = (result as unknown as { rows: { count: number | string }[] }).rows;
  return Number(rows[0]?.count ?? 0);
}

function newestRoleColumn(db: Database) {
  const newest = db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userTable.id))
    .orderBy(desc(userRoles.createdAt), desc(userRoles.id))
    .limit(1);
  return sql<string | null>`(${newest})`;
}

export interface GrantView {
  id: string;
  section: string;
  sectionLabel: string;
  source: string;
  sourceLabel: string;
  /** « 30 juin 2027 », or null for a grant without an end. */
  until: string | null;
}

function grantView(row: { id: string; section: string; source: string; expiresAt: Date | null }): GrantView {
  return {
    id: row.id,
    section: row.section,
    sectionLabel: SECTION_LABELS[row.section] ?? row.section,
    source: row.source,
    sourceLabel: GRANT_SOURCE_LABELS[row.source] ?? row.source,
    until: row.expiresAt ? formatParisDay(row.expiresAt) : null,
  };
}

/** The active grants of these users, by user id, soonest end first. */
async function activeGrantsOf(db: Database, userIds: string[]): Promise<Map<string, GrantView[]>> {
  const byUser = new Map<string, GrantView[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      id: accessGrants.id,
      userId: accessGrants.userId,
      section: accessGrants.section,
      source: accessGrants.source,
      expiresAt: accessGrants.expiresAt,
    })
    .from(accessGrants)
    .where(and(inArray(accessGrants.userId, userIds), activeGrant))
    .orderBy(sql`${accessGrants.expiresAt} asc nulls last`, asc(accessGrants.createdAt));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push(grantView(row));
    byUser.set(row.userId, list);
  }
  return byUser;
}

export interface UserSummary {
  id: string;
  name: string;
  email: string;
  role: Role;
  signedUpOn: string;
  grants: GrantView[];
}

/**
 * Accounts whose name or e-mail contains the query (case and accents ignored), newest first, at most 50;
 * the 50 newest accounts when the query is empty.
 */
export async function searchUsers(query: string): Promise<UserSummary[]> {
  const db = await getDb();
  const text = withoutAccents(query.trim()).slice(0, 100);
  const pattern = containsPattern(text);
  const rows = await db
    .select({
      id: userTable.id,
      name: userTable.name,
      email: userTable.email,
      createdAt: userTable.createdAt,
      role: newestRoleColumn(db),
    })
    .from(userTable)
    .where(
      text ? or(sql`translate(${userTable.name}, ${ACCENTED}, ${PLAIN}) ilike ${pattern}`, ilike(userTable.email, pattern)) : undefined,
    )
    .orderBy(desc(userTable.createdAt), desc(userTable.id))
    .limit(SEARCH_LIMIT);
  const grants = await activeGrantsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: isRole(row.role) ? row.role : "user",
    signedUpOn: formatParisDay(row.createdAt),
    grants: grants.get(row.id) ?? [],
  }));
}

export interface UserDetail extends UserSummary {
  /** A class the user belongs to opens the maths chapters (no grant needed while they stay in it). */
  mathsThroughClass: boolean;
}

/** One account for its panel, or null when the id names none. */
export async function findUserDetail(userId: string): Promise<UserDetail | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: userTable.id, name: userTable.name, email: userTable.email, createdAt: userTable.createdAt, role: newestRoleColumn(db) })
    .from(userTable)
    .where(eq(userTable.id, userId))
    .limit(1);
  if (!row) return null;
  const [grants, mathsThroughClass] = await Promise.all([activeGrantsOf(db, [row.id]), holdsMathsThroughClass(row.id)]);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: isRole(row.role) ? row.role : "user",
    signedUpOn: formatParisDay(row.createdAt),
    grants: grants.get(row.id) ?? [],
    mathsThroughClass,
  };
}

/**
 * Gives `userId` the role `next`, under the rules of roleChangeRefusal: the actor's and the target's roles
 * and the number of super_admins are read again under a lock, so two changes at once cannot leave the
 * platform without a super_admin. The change and its audit line are written together.
 */
export async function changeUserRole(
  actor: Actor,
  userId: string,
  next: Role,
): Promise<Outcome<{ changed: boolean; email: string; role: Role }>> {
  const db = await getDb();
  const outcome = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK}::bigint)`);
    const [target] = await tx.select({ id: userTable.id, email: userTable.email }).from(userTable).where(eq(userTable.id, userId)).limit(1);
    if (!target) return { ok: false as const, status: 404 as const, message: USER_MESSAGES.userNotFound };
    const actorRole = await roleOf(tx, actor.id);
    if (!hasRole(actorRole, "admin")) return { ok: false as const, status: 400 as const, message: USER_MESSAGES.notAllowed };
    const before = await roleOf(tx, target.id);
    if (before === next) return { ok: true as const, changed: false, email: target.email, role: next };
    const refusal = roleChangeRefusal({
      actor: { id: actor.id, role: actorRole },
      target: { id: target.id, role: before },
      next,
      superAdmins: before === "super_admin" ? await countSuperAdmins(tx) : 0,
    });
    if (refusal) return { ok: false as const, status: 400 as const, message: refusal };
    // clock_timestamp(), not now(): a change that waited for the lock must still be the newest row.
    await tx.insert(userRoles).values({ userId: target.id, role: next, createdAt: sql`clock_timestamp()` });
    await recordAudit(
      {
        actor: { id: actor.id, email: actor.email },
        action: USER_AUDIT_ACTIONS.roleChange,
        target: { type: "user", id: target.id },
        before: { role: before },
        after: { role: next },
      },
      tx,
    );
    return { ok: true as const, changed: true, email: target.email, role: next };
  });
  // A prof who is no longer one leaves /nos-profs: the cached public pages are dropped.
  if (outcome.ok && outcome.changed) await broadcast("public-data");
  return outcome;
}

/** Opens the maths chapters to `userId` until `expiresAt` (an admin grant), with its audit line. */
export async function grantMathsAccess(
  actor: Actor,
  userId: string,
  expiresAt: Date,
): Promise<Outcome<{ email: string; grantId: string }>> {
  const db = await getDb();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [target] = await tx.select({ id: userTable.id, email: userTable.email }).from(userTable).where(eq(userTable.id, userId)).limit(1);
    if (!target) return { ok: false as const, status: 404 as const, message: USER_MESSAGES.userNotFound };
    const section: Section = "maths";
    const [grant] = await tx
      .insert(accessGrants)
      .values({ userId: target.id, section, source: "admin", grantedBy: actor.id, expiresAt })
      .returning({ id: accessGrants.id });
    await recordAudit(
      {
        actor: { id: actor.id, email: actor.email },
        action: USER_AUDIT_ACTIONS.accessGrant,
        target: { type: "user", id: target.id },
        before: null,
        after: { grantId: grant.id, section, source: "admin", expiresAt: expiresAt.toISOString() },
      },
      tx,
    );
    return { ok: true as const, email: target.email, grantId: grant.id };
  });
}

/** Removes one access grant of `userId` (whatever its source), with its audit line. */
export async function revokeAccessGrant(actor: Actor, userId: string, grantId: string): Promise<Outcome<{ email: string }>> {
  const db = await getDb();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [target] = await tx.select({ id: userTable.id, email: userTable.email }).from(userTable).where(eq(userTable.id, userId)).limit(1);
    if (!target) return { ok: false as const, status: 404 as const, message: USER_MESSAGES.userNotFound };
    const [removed] = await tx
      .delete(accessGrants)
      .where(and(eq(accessGrants.id, grantId), eq(accessGrants.userId, target.id)))
      .returning({
        id: accessGrants.id,
        section: accessGrants.section,
        source: accessGrants.source,
        codeId: accessGrants.codeId,
        expiresAt: accessGrants.expiresAt,
      });
    if (!removed) return { ok: false as const, status: 404 as const, message: USER_MESSAGES.grantNotFound };
    await recordAudit(
      {
        actor: { id: actor.id, email: actor.email },
        action: USER_AUDIT_ACTIONS.accessRevoke,
        target: { type: "user", id: target.id },
        before: {
          grantId: removed.id,
          section: removed.section,
          source: removed.source,
          ...(removed.codeId ? { codeId: removed.codeId } : {}),
          expiresAt: removed.expiresAt?.toISOString() ?? null,
        },
        after: null,
      },
      tx,
    );
    return { ok: true as const, email: target.email };
  });
}

/**
 * A maths access code of `uses` uses, valid until `expiresAt` (or without an end): returned in clear this
 * once, stored hashed (grants.server.ts), its creation in the audit log by id only.
 */
export async function createMathsCode(actor: Actor, input: { uses: number; expiresAt?: Date }): Promise<{ id: string; code: string }> {
  const section: Section = "maths";
  const code = await createAccessCode({ section, maxUses: input.uses, expiresAt: input.expiresAt, createdBy: actor.id });
  const db = await getDb();
  const [stored] = await db
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .where(eq(accessCodes.codeHash, hashCode(code)))
    .limit(1);
  await recordAudit({
    actor: { id: actor.id, email: actor.email },
    action: USER_AUDIT_ACTIONS.codeCreate,
    target: { type: "access_code", id: stored.id },
    before: null,
    after: { section, maxUses: input.uses, expiresAt: input.expiresAt?.toISOString() ?? null },
  });
  return { id: stored.id, code };
}

export interface CodeView {
  id: string;
  sectionLabel: string;
  uses: number;
  maxUses: number;
  until: string | null;
  createdOn: string;
  createdBy: string | null;
  state: "active" | "used-up" | "expired";
}

/** The newest access codes with their use counts and ends; never their value (only its hash is kept). */
export async function listAccessCodes(limit = CODES_LIMIT): Promise<CodeView[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: accessCodes.id,
      section: accessCodes.section,
      uses: accessCodes.uses,
      maxUses: accessCodes.maxUses,
      expiresAt: accessCodes.expiresAt,
      createdAt: accessCodes.createdAt,
      createdBy: userTable.email,
    })
    .from(accessCodes)
    .leftJoin(userTable, eq(userTable.id, accessCodes.createdBy))
    .orderBy(desc(accessCodes.createdAt), desc(accessCodes.id))
    .limit(limit);
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    sectionLabel: SECTION_LABELS[row.section] ?? row.section,
    uses: row.uses,
    maxUses: row.maxUses,
    until: row.expiresAt ? formatParisDay(row.expiresAt) : null,
    createdOn: formatParisDay(row.createdAt),
    createdBy: row.createdBy,
    state: row.expiresAt && row.expiresAt.getTime() <= now ? "expired" : row.uses >= row.maxUses ? "used-up" : "active",
  }));
}

/** How many access codes exist in all (the list shows the newest 50). */
export async function countAccessCodes(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ total: count() }).from(accessCodes);
  return row?.total ?? 0;
}

export interface JournalLine {
  id: number;
  at: string;
  actorEmail: string;
  action: string;
  actionLabel: string;
  target: string;
  /** The account the line is about, for a link to its panel. */
  targetUserId: string | null;
  before: string;
  after: string;
}

/** One page of the audit log, newest first; `next` is the `avant` of the following page, or null. */
export async function listJournal(before?: number): Promise<{ lines: JournalLine[]; next: number | null }> {
  const rows = await listAudit({ limit: JOURNAL_PAGE + 1, before });
  const page = rows.slice(0, JOURNAL_PAGE);
  const userIds = [...new Set(page.filter((row) => row.targetType === "user").map((row) => row.targetId))];
  const emails = new Map<string, string>();
  if (userIds.length > 0) {
    const db = await getDb();
    const found = await db.select({ id: userTable.id, email: userTable.email }).from(userTable).where(inArray(userTable.id, userIds));
    for (const row of found) emails.set(row.id, row.email);
  }
  const lines = page.map((row): JournalLine => {
    const typeLabel = AUDIT_TARGET_LABELS[row.targetType] ?? row.targetType;
    const email = row.targetType === "user" ? emails.get(row.targetId) : undefined;
    return {
      id: row.id,
      at: formatParisDateTime(row.createdAt),
      actorEmail: row.actorEmail,
      action: row.action,
      actionLabel: auditActionLabel(row.action),
      target: email ?? `${typeLabel} ${row.targetId}`,
      targetUserId: email ? row.targetId : null,
      before: compactJson(row.before),
      after: compactJson(row.after),
    };
  });
  return { lines, next: rows.length > JOURNAL_PAGE ? page[page.length - 1].id : null };
}

export type UserIntent = "role" | "grant-access" | "revoke-access" | "create-code";

/** What the page's action answers: a toast on success, or a message, the fields' errors and what was typed. */
export interface UserActionResult {
  intent: UserIntent | null;
  ok: boolean;
  /** The account whose panel sent the form. */
  userId: string | null;
  message: string | null;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  toast: Toast | null;
  /** A new access code, in clear: in this answer only, never stored nor shown again. */
  createdCode: { code: string; uses: number; until: string | null } | null;
}

const INTENTS: readonly UserIntent[] = ["role", "grant-access", "revoke-access", "create-code"];

/** A form value as text, cut to `max` characters (what is kept to show the form again). */
function field(formData: FormData, name: string, max: number): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/**
 * The action of /admin/utilisateurs, after its guard: one of the four forms, checked, applied and logged.
 * Bad input is a 400 with a French message and the typed values; an unknown account or grant a 404.
 */
export async function runUserAction(actor: Actor, formData: FormData): Promise<{ status: number; result: UserActionResult }> {
  const intentValue = field(formData, "intent", 40);
  const intent = (INTENTS as readonly string[]).includes(intentValue) ? (intentValue as UserIntent) : null;
  const userId = field(formData, "userId", 100) || null;
  const base: UserActionResult = { intent, ok: false, userId, message: null, fieldErrors: {}, values: {}, toast: null, createdCode: null };
  const refuse = (status: number, message: string, extra: Partial<UserActionResult> = {}) => ({
    status,
    result: { ...base, message, ...extra },
  });
  const done = (title: string, extra: Partial<UserActionResult> = {}) => ({
    status: 200,
    result: { ...base, ok: true, toast: { type: "success" as const, title }, ...extra },
  });
  const invalid = (error: z.ZodError, values: Record<string, string>) => {
    const errors = fieldErrors(error);
    // A missing or foreign account id is no field of the form: say it as the form's message.
    if (errors.userId) return refuse(400, errors.userId, { values });
    if (errors.grantId) return refuse(400, errors.grantId, { values });
    return refuse(400, USER_MESSAGES.checkFields, { fieldErrors: errors, values });
  };

  switch (intent) {
    case "role": {
      const values = { role: field(formData, "role", 20) };
      const parsed = roleFormSchema.safeParse({ userId, ...values });
      if (!parsed.success) return invalid(parsed.error, values);
      const outcome = await changeUserRole(actor, parsed.data.userId, parsed.data.role);
      if (!outcome.ok) return refuse(outcome.status, outcome.message, { values });
      if (!outcome.changed)
        return {
          status: 200,
          result: { ...base, ok: true, toast: { type: "info", title: USER_MESSAGES.roleUnchanged(outcome.email, outcome.role) } },
        };
      return done(USER_MESSAGES.roleChanged(outcome.email, outcome.role));
    }
    case "grant-access": {
      const values = { until: field(formData, "until", 20) };
      const parsed = grantFormSchema.safeParse({ userId, ...values });
      if (!parsed.success) return invalid(parsed.error, values);
      const outcome = await grantMathsAccess(actor, parsed.data.userId, parsed.data.until!);
      if (!outcome.ok) return refuse(outcome.status, outcome.message, { values });
      return done(USER_MESSAGES.accessGranted(outcome.email, formatParisDay(parsed.data.until!)));
    }
    case "revoke-access": {
      const parsed = revokeFormSchema.safeParse({ userId, grantId: field(formData, "grantId", 100) });
      if (!parsed.success) return invalid(parsed.error, {});
      const outcome = await revokeAccessGrant(actor, parsed.data.userId, parsed.data.grantId);
      if (!outcome.ok) return refuse(outcome.status, outcome.message);
      return done(USER_MESSAGES.accessRevoked(outcome.email));
    }
    case "create-code": {
      const values = { uses: field(formData, "uses", 20), until: field(formData, "until", 20) };
      const parsed = codeFormSchema.safeParse(values);
      if (!parsed.success) return invalid(parsed.error, values);
      const created = await createMathsCode(actor, { uses: parsed.data.uses, expiresAt: parsed.data.until });
      return done(USER_MESSAGES.codeCreated, {
        userId: null,
        createdCode: {
          code: created.code,
          uses: parsed.data.uses,
          until: parsed.data.until ? formatParisDay(parsed.data.until) : null,
        },
      });
    }
    default:
      return refuse(400, USER_MESSAGES.unknownAction);
  }
}
