import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { analyticsEvents, auditLog, leadEvents, leads } from "../../../db/schema";
import { browserRequest, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { mailsTo } from "../../../tests/support/outbox";
import { formRequest, routeArgs, unwrap } from "../../../tests/support/routes";
import { getConfig } from "../../config.server";
import { loader as homeLoader } from "../../routes/admin-home";
import { action as leadAction, loader as leadLoader } from "../../routes/admin-lead";
import { loader as leadsLoader } from "../../routes/admin-leads";
import { loader as exportLoader } from "../../routes/admin-leads-export";
import { setRole } from "../accounts/roles.server";
import { LEAD_MESSAGES } from "./lead-console";
import { weeklyActivity } from "./overview.server";

let handle: DatabaseHandle;
type Account = Awaited<ReturnType<typeof registerStudent>>;
let admin: Account;
let colleague: Account;
let prof: Account;
let student: Account;

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function newLead(values: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(leads)
    .values({
      kind: "contact",
      name: "Claire Martin",
      email: "claire.martin@example.com",
      subject: "question",
      message: "Bonjour, proposez-vous des colles blanches en maths approfondies ?",
      ...values,
    })
    .returning();
  return row;
}

const leadPage = {
  load: (cookie: string, leadId: string) =>
    leadLoader(routeArgs(browserRequest(`/admin/leads/${leadId}`, cookie), "/admin/leads/:leadId", { leadId })),
  send: async (cookie: string, leadId: string, fields: Record<string, string>) =>
    unwrap(await leadAction(routeArgs(formRequest(`/admin/leads/${leadId}`, cookie, fields), "/admin/leads/:leadId", { leadId }))),
};
const listPage = (cookie: string, query = "") =>
  leadsLoader(routeArgs(browserRequest(`/admin/leads${query}`, cookie), "/admin/leads")) as Promise<
    Awaited<ReturnType<typeof leadsLoader>>
  >;
const exportCsv = (cookie: string, query = "") =>
  exportLoader(routeArgs(browserRequest(`/admin/leads/export${query}`, cookie), "/admin/leads/export")) as Promise<Response>;

beforeAll(async () => {
  handle = await useTestDatabase();
  [admin, colleague, prof, student] = await Promise.all([
    registerStudent("Inès"),
    registerStudent("Yann"),
    registerStudent("Hugo"),
    registerStudent("Lou"),
  ]);
  await setRole(admin.id, "admin");
  await setRole(colleague.id, "super_admin");
  await setRole(prof.id, "prof");
});
afterAll(async () => {
  await handle?.close();
});

describe(`the leads console (${process.env.TEST_DB_DRIVER})`, () => {
  it("lists leads newest first and filters them by type, status, subject and date", async () => {
    const contact = await newLead({ createdAt: new Date("2026-11-02T10:00:00Z") });
    const parent = await newLead({
      kind: "parent",
      name: "Marc Durand",
      email: "marc.durand@example.com",
      subject: "maths,anglais",
      message: "Mon fils est en ECG 1, il a besoin d'aide en maths.",
      createdAt: new Date("2026-11-20T10:00:00Z"),
    });
    const ids = async (query: string) => (await listPage(admin.cookie, query)).leads.map((lead) => lead.id);

    expect((await ids("")).slice(0, 2)).toEqual([parent.id, contact.id]);
    expect(await ids("?type=parent")).toEqual([parent.id]);
    expect(await ids("?matiere=anglais")).toEqual([parent.id]);
    expect(await ids("?matiere=question")).toContain(contact.id);
    expect(await ids("?du=2026-11-10&au=2026-11-20")).toEqual([parent.id]);
    expect(await ids("?au=2026-11-02")).toEqual([contact.id]);
    expect(await ids("?statut=traite")).toEqual([]);
    // Unknown filter values are ignored, not errors.
    expect((await ids("?type=autre&statut=%27%20or%201%3D1&du=hier")).length).toBeGreaterThanOrEqual(2);
    const shown = (await listPage(admin.cookie, "?type=parent")).leads[0];
    expect(shown).toMatchObject({ kind: "Demande d'accompagnement", subject: "Mathématiques, Anglais", status: "nouveau" });
  });

  it("changes status and assignee, keeps notes, replies by e-mail; each step is in the history and the audit log", async () => {
    const lead = await newLead({ email: "reponse.attendue@example.com" });

    expect(await leadPage.send(admin.cookie, lead.id, { intent: "reply", subject: "Re", body: "Court" })).toMatchObject({
      status: 400,
      body: {
        fieldErrors: { subject: "Donnez un objet à la réponse.", body: "La réponse est trop courte (10 caractères au moins)." },
        values: { subject: "Re", body: "Court" },
      },
    });
    expect(
      await leadPage.send(admin.cookie, lead.id, {
        intent: "reply",
        subject: "Votre demande à Tremplin",
        body: "Bonjour Claire, oui : des colles blanches ont lieu chaque mercredi.",
      }),
    ).toMatchObject({ status: 200, body: { toast: { title: LEAD_MESSAGES.replySent("reponse.attendue@example.com") } } });
    const mail = mailsTo(getConfig().dataDir, "reponse.attendue@example.com").at(-1);
    expect(mail).toContain("Subject: Votre demande à Tremplin");
    expect(mail).toContain("des colles blanches ont lieu chaque mercredi");

    expect(await leadPage.send(admin.cookie, lead.id, { intent: "assign", assigneeId: prof.id })).toMatchObject({ status: 400 });
    expect(await leadPage.send(admin.cookie, lead.id, { intent: "assign", assigneeId: colleague.id })).toMatchObject({
      status: 200,
      body: { toast: { title: "Confiée à Yann" } },
    });
    expect(await leadPage.send(admin.cookie, lead.id, { intent: "note", note: "" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { note: "Écrivez la note." } },
    });
    await leadPage.send(admin.cookie, lead.id, { intent: "note", note: "Rappeler jeudi." });
    expect(await leadPage.send(admin.cookie, lead.id, { intent: "status", status: "fini" })).toMatchObject({ status: 400 });
    await leadPage.send(admin.cookie, lead.id, { intent: "status", status: "traite" });

    const [stored] = await handle.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored).toMatchObject({ status: "traite", assigneeId: colleague.id });
    const events = await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).orderBy(leadEvents.id);
    expect(events.map((event) => event.kind)).toEqual(["reply", "status", "assign", "note", "status"]);
    expect(events[1].body).toBe("Nouveau → En cours");
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, lead.id)).orderBy(auditLog.id);
    expect(audit.map((row) => [row.action, row.actorEmail])).toEqual(
      ["lead.reply", "lead.status", "lead.assign", "lead.note", "lead.status"].map((action) => [action, admin.email]),
    );
    expect(audit.at(-1)).toMatchObject({ before: { status: "en-cours" }, after: { status: "traite" } });

    const page = (await leadPage.load(admin.cookie, lead.id)) as Awaited<ReturnType<typeof leadLoader>>;
    expect(page.lead.events.map((event) => event.label)).toEqual(["Réponse envoyée", "Statut", "Responsable", "Note interne", "Statut"]);
  });

  it("exports the filtered leads as a French CSV", async () => {
    await newLead({ name: "Zoé; « Guillemets »", message: "Deux lignes\net un point-virgule ; ici", subject: "partenariat" });
    const response = await exportCsv(admin.cookie, "?matiere=partenariat");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="demandes-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, line] = text.split("\r\n");
    expect(header).toBe("Reçue le;Type;Statut;Nom;E-mail;Téléphone;Objet ou matières;Message;Responsable");
    expect(line).toContain(';Contact;Nouveau;"Zoé; « Guillemets »";');
    expect(text).toContain('"Deux lignes\net un point-virgule ; ici"');
  });

  it("is for admins only: a prof and a student are sent home, a visitor signs in, an unknown lead is a 404", async () => {
    const lead = await newLead();
    for (const account of [prof, student]) {
      expect(await redirectOf(listPage(account.cookie))).toBe("/");
      expect(await redirectOf(leadPage.load(account.cookie, lead.id))).toBe("/");
      expect(await redirectOf(leadPage.send(account.cookie, lead.id, { intent: "status", status: "sans-suite" }))).toBe("/");
      expect(await redirectOf(exportCsv(account.cookie))).toBe("/");
      expect(await redirectOf(homeLoader(routeArgs(browserRequest("/admin", account.cookie), "/admin")))).toBe("/");
    }
    expect(await redirectOf(listPage(""))).toBe(`/login?next=${encodeURIComponent("/admin/leads")}`);
    expect((await handle.db.select().from(leads).where(eq(leads.id, lead.id)))[0].status).toBe("nouveau");
    for (const id of [UNKNOWN, "1 or 1=1"]) await expect(leadPage.load(admin.cookie, id)).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe(`the console's overview (${process.env.TEST_DB_DRIVER})`, () => {
  it("counts what waits and the sign-ups and active users of each week, Paris time", async () => {
    // Far from the accounts signed up by the tests (now): a Wednesday in March 2025, Paris at UTC+1.
    const now = new Date("2025-03-12T12:00:00Z");
    await handle.db.insert(analyticsEvents).values([
      { event: "registration", userId: student.id, createdAt: new Date("2025-03-10T08:00:00Z") },
      { event: "login", userId: student.id, createdAt: new Date("2025-03-11T08:00:00Z") },
      { event: "login", userId: prof.id, createdAt: new Date("2025-03-12T08:00:00Z") },
      // Sunday 23:30 in Paris is still the week before.
      { event: "login", userId: admin.id, createdAt: new Date("2025-03-09T22:30:00Z") },
    ]);
    const weeks = await weeklyActivity(3, now);
    expect(weeks.map((week) => week.week)).toEqual(["2025-02-24", "2025-03-03", "2025-03-10"]);
    expect(weeks.at(-1)).toEqual({ week: "2025-03-10", signUps: 1, activeUsers: 2 });
    expect(weeks[1]).toEqual({ week: "2025-03-03", signUps: 0, activeUsers: 1 });

    const home = (await homeLoader(routeArgs(browserRequest("/admin", admin.cookie), "/admin"))) as Awaited<ReturnType<typeof homeLoader>>;
    expect(home.pending.newLeads).toBe((await handle.db.select().from(leads).where(eq(leads.status, "nouveau"))).length);
    expect(home.weeks).toHaveLength(12);
  });
});
