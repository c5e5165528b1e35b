import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { accessCodes, accessGrants, auditLog, user as userTable } from "../../../db/schema";
import { browserRequest, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { formRequest, routeArgs, unwrap } from "../../../tests/support/routes";
import { loader as journalLoader } from "../../routes/admin-journal";
import { action as usersAction, loader as usersLoader } from "../../routes/admin-users";
import { permissionChecker, redeemAccessCode } from "../access/grants.server";
import { getRole, setRole } from "../accounts/roles.server";
import { recordAudit } from "./audit.server";
import { USER_MESSAGES, endOfParisDay } from "./user-forms";
import { JOURNAL_PAGE, SEARCH_LIMIT } from "./user-forms";

let handle: DatabaseHandle;
type Account = Awaited<ReturnType<typeof registerStudent>>;
let admin: Account;
let superAdmin: Account;
let prof: Account;
let student: Account;

const USERS = "/admin/utilisateurs";
const JOURNAL = "/admin/journal";
const usersPage = {
  load: (cookie: string, search = "") => usersLoader(routeArgs(browserRequest(`${USERS}${search}`, cookie), USERS)),
  post: (cookie: string, fields: Record<string, string>) => usersAction(routeArgs(formRequest(USERS, cookie, fields), USERS)),
  send: async (cookie: string, fields: Record<string, string>) => unwrap(await usersPage.post(cookie, fields)),
};
const journal = (cookie: string, search = "") => journalLoader(routeArgs(browserRequest(`${JOURNAL}${search}`, cookie), JOURNAL));

/** YYYY-MM-DD, `days` from now. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const auditRows = (targetId: string) => handle.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id));
const auditCount = async () => (await handle.db.select({ total: count() }).from(auditLog))[0].total;

beforeAll(async () => {
  handle = await useTestDatabase();
  [admin, superAdmin, prof, student] = await Promise.all([
    registerStudent("Inès"),
    registerStudent("Sacha"),
    registerStudent("Hugo"),
    registerStudent("Camille"),
  ]);
  await setRole(admin.id, "admin");
  await setRole(superAdmin.id, "super_admin");
  await setRole(prof.id, "prof");
});
afterAll(async () => {
  await handle?.close();
});

describe(`admin users console (${process.env.TEST_DB_DRIVER})`, () => {
  it("finds accounts by name or e-mail, accents and case aside, newest first and 50 at most", async () => {
    const eloise = await registerStudent("Éloïse");
    for (const query of ["eloise", "ÉLOÏSE", "loï", eloise.email.toUpperCase()]) {
      const { users } = await usersPage.load(admin.cookie, `?q=${encodeURIComponent(query)}`);
      expect(users.map((row) => row.id)).toContain(eloise.id);
      expect(users.map((row) => row.id)).not.toContain(prof.id);
    }
    expect(await usersPage.load(admin.cookie, "?utilisateur=personne")).toMatchObject({ selected: null, selectedMissing: true });
    const found = (await usersPage.load(admin.cookie, "?q=eloise")).users.find((row) => row.id === eloise.id)!;
    expect(found).toMatchObject({ name: "Éloïse", email: eloise.email, role: "user", grants: [] });
    expect(found.signedUpOn).toMatch(/^\d{1,2} \S+ 20\d\d$/);
    // What one types is text, never a pattern.
    expect((await usersPage.load(admin.cookie, "?q=%25")).users).toEqual([]);
    expect((await usersPage.load(admin.cookie, "?q=_")).users).toEqual([]);

    const start = Date.now() - 86_400_000;
    await handle.db.insert(userTable).values(
      Array.from({ length: SEARCH_LIMIT + 5 }, (_, index) => ({
        id: `lot-${index}`,
        name: `Lot ${index}`,
        email: `lot.${index}@example.com`,
        createdAt: new Date(start + index * 1000),
      })),
    );
    const lot = (await usersPage.load(admin.cookie, "?q=lot.")).users;
    expect(lot).toHaveLength(SEARCH_LIMIT);
    expect(lot[0].id).toBe(`lot-${SEARCH_LIMIT + 4}`);
    expect(lot.at(-1)!.id).toBe("lot-5");
    // No query: the newest accounts.
    const newest = (await usersPage.load(admin.cookie)).users;
    expect(newest).toHaveLength(SEARCH_LIMIT);
    expect(newest[0].id).toBe(eloise.id);
  });

  it("lets an admin make a student prof, written to the audit log", async () => {
    const lina = await registerStudent("Lina");
    const { status, body } = await usersPage.send(admin.cookie, { intent: "role", userId: lina.id, role: "prof" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, toast: { type: "success", title: USER_MESSAGES.roleChanged(lina.email, "prof") } });
    expect(await getRole(lina.id)).toBe("prof");
    const [line] = await auditRows(lina.id);
    expect(line).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "role.grant",
      targetType: "user",
      before: { role: "user" },
      after: { role: "prof" },
    });
    const { selected } = await usersPage.load(admin.cookie, `?utilisateur=${lina.id}`);
    expect(selected).toMatchObject({ id: lina.id, role: "prof", lockedReason: null });
    expect(Object.keys(selected!.roleOptions)).toEqual(["user", "prof", "admin"]);

    // The same role again changes nothing and writes nothing.
    const again = await usersPage.send(admin.cookie, { intent: "role", userId: lina.id, role: "prof" });
    expect(again.body).toMatchObject({ ok: true, toast: { type: "info" } });
    expect(await auditRows(lina.id)).toHaveLength(1);
  });

  it("refuses super_admin to an admin, in French, the typed role kept and nothing changed", async () => {
    const target = await registerStudent("Noé");
    const { status, body } = await usersPage.send(admin.cookie, { intent: "role", userId: target.id, role: "super_admin" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, intent: "role", userId: target.id, message: USER_MESSAGES.superAdminOnlyGrant });
    expect(body.values).toEqual({ role: "super_admin" });
    expect(await getRole(target.id)).toBe("user");
    expect(await auditRows(target.id)).toEqual([]);

    const unknown = await usersPage.send(admin.cookie, { intent: "role", userId: target.id, role: "roi" });
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: USER_MESSAGES.checkFields, fieldErrors: { role: USER_MESSAGES.chooseRole } },
    });
    const nobody = await usersPage.send(admin.cookie, { intent: "role", userId: "personne", role: "prof" });
    expect(nobody).toMatchObject({ status: 404, body: { message: USER_MESSAGES.userNotFound } });
    const noIntent = await usersPage.send(admin.cookie, { intent: "effacer-tout" });
    expect(noIntent).toMatchObject({ status: 400, body: { message: USER_MESSAGES.unknownAction } });
  });

  it("lets a super_admin name another super_admin, and an admin touch neither them nor themselves", async () => {
    const target = await registerStudent("Maël");
    expect((await usersPage.send(superAdmin.cookie, { intent: "role", userId: target.id, role: "super_admin" })).status).toBe(200);
    expect(await getRole(target.id)).toBe("super_admin");
    expect(Object.keys((await usersPage.load(superAdmin.cookie, `?utilisateur=${target.id}`)).selected!.roleOptions)).toContain(
      "super_admin",
    );

    expect((await usersPage.load(admin.cookie, `?utilisateur=${target.id}`)).selected!.lockedReason).toBe(
      USER_MESSAGES.superAdminOnlyChange,
    );
    const demoted = await usersPage.send(admin.cookie, { intent: "role", userId: target.id, role: "user" });
    expect(demoted).toMatchObject({ status: 400, body: { message: USER_MESSAGES.superAdminOnlyChange } });
    expect(await getRole(target.id)).toBe("super_admin");

    // Two super_admins: one of them may step down.
    expect((await usersPage.send(target.cookie, { intent: "role", userId: target.id, role: "admin" })).status).toBe(200);
    expect(await getRole(target.id)).toBe("admin");
  });

  it("keeps the last super_admin, even against themselves", async () => {
    const { status, body } = await usersPage.send(superAdmin.cookie, { intent: "role", userId: superAdmin.id, role: "admin" });
    expect(status).toBe(400);
    expect(body.message).toBe(USER_MESSAGES.lastSuperAdmin);
    expect(await getRole(superAdmin.id)).toBe("super_admin");
    expect(await auditRows(superAdmin.id)).toEqual([]);
  });

  it("keeps one super_admin when the last two step down at once", async () => {
    const other = await registerStudent("Yanis");
    await setRole(other.id, "super_admin");
    const results = await Promise.all(
      [superAdmin, other].map((account) => usersPage.send(account.cookie, { intent: "role", userId: account.id, role: "admin" })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
    expect(results.find((result) => result.status === 400)!.body.message).toBe(USER_MESSAGES.lastSuperAdmin);
    expect([await getRole(superAdmin.id), await getRole(other.id)].filter((role) => role === "super_admin")).toHaveLength(1);
    await setRole(superAdmin.id, "super_admin");
    await setRole(other.id, "user");
  });

  it("does not let an admin change their own role", async () => {
    expect((await usersPage.load(admin.cookie, `?utilisateur=${admin.id}`)).selected!.lockedReason).toBe(USER_MESSAGES.ownRole);
    for (const role of ["user", "super_admin"]) {
      const { status, body } = await usersPage.send(admin.cookie, { intent: "role", userId: admin.id, role });
      expect(status).toBe(400);
      expect(body.message).toBe(USER_MESSAGES.ownRole);
    }
    expect(await getRole(admin.id)).toBe("admin");
  });

  it("opens the maths chapters until a date, then takes them back", async () => {
    const jules = await registerStudent("Jules");
    const canReadMaths = () => permissionChecker({ id: jules.id, role: "user" })("read:content:maths");
    expect(await canReadMaths()).toBe(false);

    const past = await usersPage.send(admin.cookie, { intent: "grant-access", userId: jules.id, until: "2001-01-01" });
    expect(past).toMatchObject({
      status: 400,
      body: { message: USER_MESSAGES.checkFields, fieldErrors: { until: USER_MESSAGES.datePast }, values: { until: "2001-01-01" } },
    });
    expect(await canReadMaths()).toBe(false);

    const until = inDays(40);
    const granted = await usersPage.send(admin.cookie, { intent: "grant-access", userId: jules.id, until });
    expect(granted.status).toBe(200);
    expect(await canReadMaths()).toBe(true);
    const [grant] = await handle.db.select().from(accessGrants).where(eq(accessGrants.userId, jules.id));
    expect(grant).toMatchObject({ section: "maths", source: "admin", grantedBy: admin.id });
    expect(grant.expiresAt).toEqual(endOfParisDay(until));
    const [line] = await auditRows(jules.id);
    expect(line).toMatchObject({ action: "access.grant", before: null, after: { grantId: grant.id, section: "maths", source: "admin" } });

    const listed = (await usersPage.load(admin.cookie, "?q=jules")).users.find((row) => row.id === jules.id)!;
    expect(listed.grants).toEqual([
      expect.objectContaining({ id: grant.id, section: "maths", source: "admin", until: expect.any(String) }),
    ]);

    // Another account's id with this grant: not theirs, so not found.
    const foreign = await usersPage.send(admin.cookie, { intent: "revoke-access", userId: student.id, grantId: grant.id });
    expect(foreign).toMatchObject({ status: 404, body: { message: USER_MESSAGES.grantNotFound } });
    expect(await canReadMaths()).toBe(true);

    const revoked = await usersPage.send(admin.cookie, { intent: "revoke-access", userId: jules.id, grantId: grant.id });
    expect(revoked).toMatchObject({ status: 200, body: { ok: true, toast: { title: USER_MESSAGES.accessRevoked(jules.email) } } });
    expect(await canReadMaths()).toBe(false);
    const [revokeLine] = await auditRows(jules.id);
    expect(revokeLine).toMatchObject({ action: "access.revoke", before: { grantId: grant.id, section: "maths" }, after: null });
    expect((await usersPage.send(admin.cookie, { intent: "revoke-access", userId: jules.id, grantId: grant.id })).status).toBe(404);
    expect((await usersPage.send(admin.cookie, { intent: "revoke-access", userId: jules.id, grantId: "pas-un-uuid" })).status).toBe(400);
  });

  it("shows a new access code once, then lists it by its counts only", async () => {
    const bad = await usersPage.send(admin.cookie, { intent: "create-code", uses: "0", until: "" });
    expect(bad).toMatchObject({ status: 400, body: { fieldErrors: { uses: USER_MESSAGES.usesRange }, values: { uses: "0", until: "" } } });

    const until = inDays(60);
    const { status, body } = await usersPage.send(admin.cookie, { intent: "create-code", uses: "3", until });
    expect(status).toBe(200);
    const created = body.createdCode as { code: string; uses: number; until: string };
    expect(created.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(created.uses).toBe(3);

    const page = await usersPage.load(admin.cookie);
    const [code] = page.codes;
    expect(code).toMatchObject({ sectionLabel: "Maths", uses: 0, maxUses: 3, createdBy: admin.email, state: "active" });
    expect(code.until).toBe(created.until);
    const shown = JSON.stringify(page);
    expect(shown).not.toContain(created.code);
    expect(shown).not.toContain(created.code.replace(/-/g, ""));
    const [stored] = await handle.db.select().from(accessCodes).where(eq(accessCodes.id, code.id));
    expect(stored.expiresAt).toEqual(endOfParisDay(until));

    const [line] = await auditRows(code.id);
    expect(line).toMatchObject({ action: "code.create", targetType: "access_code", after: { section: "maths", maxUses: 3 } });
    expect(JSON.stringify(line)).not.toContain(created.code.replace(/-/g, "").slice(0, 8));

    expect(await redeemAccessCode(student.id, created.code)).toEqual({ ok: true, section: "maths" });
    expect((await usersPage.load(admin.cookie)).codes[0]).toMatchObject({ id: code.id, uses: 1 });
  });

  it("refuses profs, students and visitors on both pages, loaders and actions alike, changing nothing", async () => {
    const before = await auditCount();
    for (const account of [prof, student]) {
      expect(await redirectOf(usersPage.load(account.cookie))).toBe("/");
      expect(await redirectOf(usersPage.load(account.cookie, `?utilisateur=${account.id}`))).toBe("/");
      expect(await redirectOf(journal(account.cookie))).toBe("/");
      const forms: Record<string, string>[] = [
        { intent: "role", userId: account.id, role: "super_admin" },
        { intent: "grant-access", userId: account.id, until: inDays(30) },
        { intent: "create-code", uses: "10", until: "" },
      ];
      for (const fields of forms) expect(await redirectOf(usersPage.post(account.cookie, fields))).toBe("/");
    }
    expect(await getRole(prof.id)).toBe("prof");
    expect(await getRole(student.id)).toBe("user");
    const grants = await handle.db
      .select()
      .from(accessGrants)
      .where(and(eq(accessGrants.userId, prof.id), eq(accessGrants.source, "admin")));
    expect(grants).toEqual([]);
    expect(await redirectOf(usersPage.load(""))).toBe("/login?next=%2Fadmin%2Futilisateurs");
    expect(await redirectOf(journal(""))).toBe("/login?next=%2Fadmin%2Fjournal");
    expect(await redirectOf(usersPage.post("", { intent: "create-code", uses: "10" }))).toBe("/login?next=%2Fadmin%2Futilisateurs");
    expect(await auditCount()).toBe(before);
  });

  it("lists the journal newest first, 50 a page, with French labels", async () => {
    for (let index = 0; index < JOURNAL_PAGE; index++)
      await recordAudit({
        actor: { id: superAdmin.id, email: superAdmin.email },
        action: "test.line",
        target: { type: "lead", id: `lead-${index}` },
        after: { index },
      });
    const total = await auditCount();
    const first = await journal(admin.cookie);
    expect(first.lines).toHaveLength(JOURNAL_PAGE);
    expect(first.paged).toBe(false);
    expect(first.lines[0]).toMatchObject({ action: "test.line", actionLabel: "test.line", target: "lead lead-49", after: '{"index":49}' });
    const ids = first.lines.map((line) => line.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.next).toBe(ids.at(-1));

    const second = await journal(admin.cookie, `?avant=${first.next}`);
    expect(second.paged).toBe(true);
    expect(second.lines).toHaveLength(total - JOURNAL_PAGE);
    expect(second.lines[0].id).toBeLessThan(first.next!);
    expect(second.next).toBeNull();
    const promotion = second.lines.find((line) => line.action === "role.grant" && line.after === '{"role":"prof"}');
    expect(promotion).toMatchObject({ actionLabel: "Changement de rôle", actorEmail: admin.email, before: '{"role":"user"}' });
    expect(promotion!.target).toMatch(/@example\.com$/);
    expect(promotion!.targetUserId).toBeTruthy();
    expect(promotion!.at).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(second.lines.some((line) => line.actionLabel === "Code d'accès créé" && line.target.startsWith("Code d'accès "))).toBe(true);

    // A page parameter that is no id is the first page.
    expect((await journal(admin.cookie, "?avant=abc")).lines[0].id).toBe(ids[0]);
  });
});
