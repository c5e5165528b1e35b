import { TZDate } from "@date-fns/tz";
import { stringify } from "csv-stringify/sync";
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { leadEvents, leads, user as userTable } from "../../../db/schema";
import { userIdsWithRoleAtLeast } from "../accounts/roles.server";
import { sendEmail } from "../email/email.server";
import { CONTACT_SUBJECTS, LEAD_KINDS, LEAD_STATUSES, SUBJECTS, type LeadKind, type LeadStatus } from "../requests/requests";
import { recordAudit } from "./audit.server";
import type { LeadFilters } from "./lead-console";

type Actor = { id: string; email: string; name: string };

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const assignee = alias(userTable, "assignee");

/** A Paris calendar day (YYYY-MM-DD) as the instant it starts. */
const parisDayStart = (day: string) => new TZDate(`${day}T00:00:00`, "Europe/Paris");

function filterConditions(filters: LeadFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(eq(leads.kind, filters.type));
  if (filters.statut) conditions.push(eq(leads.status, filters.statut));
  // A parent request lists its subjects comma-separated; a contact lead has one.
  if (filters.matiere) conditions.push(sql`${filters.matiere} = any(string_to_array(${leads.subject}, ','))`);
  if (filters.du) conditions.push(gte(leads.createdAt, parisDayStart(filters.du)));
  if (filters.au) conditions.push(lt(leads.createdAt, new Date(parisDayStart(filters.au).getTime() + 86_400_000)));
  return conditions;
}

/** The subject column as people read it: « Une question », « Mathématiques, Anglais »… */
export function subjectLabel(kind: string, subject: string): string {
  if (kind === "contact") return CONTACT_SUBJECTS[subject as keyof typeof CONTACT_SUBJECTS] ?? subject;
  return subject
    .split(",")
    .filter(Boolean)
    .map((key) => SUBJECTS[key as keyof typeof SUBJECTS] ?? key)
    .join(", ");
}

const LIST_LIMIT = 200;

/** Leads matching the filters, newest first (at most 200: narrow the filters for more). */
export async function listLeads(filters: LeadFilters) {
  const db = await getDb();
  const rows = await db
    .select({
      id: leads.id,
      kind: leads.kind,
      status: leads.status,
      name: leads.name,
      email: leads.email,
      subject: leads.subject,
      createdAt: leads.createdAt,
      assigneeName: assignee.name,
    })
    .from(leads)
    .leftJoin(assignee, eq(assignee.id, leads.assigneeId))
    .where(and(...filterConditions(filters)))
    .orderBy(desc(leads.createdAt))
    .limit(LIST_LIMIT + 1);
  return { leads: rows.slice(0, LIST_LIMIT), truncated: rows.length > LIST_LIMIT };
}

export async function findLead(leadId: string) {
  if (!isUuid(leadId)) return undefined;
  const db = await getDb();
  const requestedTeacher = alias(userTable, "requested_teacher");
  const [row] = await db
    .select({
      lead: leads,
      assigneeName: assignee.name,
      requestedTeacherName: requestedTeacher.name,
    })
    .from(leads)
    .leftJoin(assignee, eq(assignee.id, leads.assigneeId))
    .leftJoin(requestedTeacher, eq(requestedTeacher.id, leads.requestedTeacherId))
    .where(eq(leads.id, leadId))
    .limit(1);
  if (!row) return undefined;
  const events = await db
    .select({ id: leadEvents.id, kind: leadEvents.kind, body: leadEvents.body, createdAt: leadEvents.createdAt, actorName: userTable.name })
    .from(leadEvents)
    .leftJoin(userTable, eq(userTable.id, leadEvents.actorId))
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
  return {
    ...row.lead,
    kind: row.lead.kind as LeadKind,
    status: row.lead.status as LeadStatus,
    details: row.lead.details as Record<string, unknown>,
    assigneeName: row.assigneeName,
    requestedTeacherName: row.requestedTeacherName,
    events,
  };
}
export type LeadRecord = NonNullable<Awaited<ReturnType<typeof findLead>>>;

/** The people a lead can be given to: admins and above. */
export async function listStaff() {
  const ids = await userIdsWithRoleAtLeast("admin");
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select({ id: userTable.id, name: userTable.name, email: userTable.email })
    .from(userTable)
    .where(inArray(userTable.id, ids))
    .orderBy(asc(userTable.name));
}

async function logged(actor: Actor, lead: LeadRecord, kind: string, body: string, change: { before: unknown; after: unknown }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(leadEvents).values({ leadId: lead.id, actorId: actor.id, kind, body });
    await recordAudit(
      { actor, action: `lead.${kind}`, target: { type: "lead", id: lead.id }, before: change.before, after: change.after },
      tx as never,
    );
  });
}

export async function setLeadStatus(actor: Actor, lead: LeadRecord, status: LeadStatus): Promise<void> {
  if (status === lead.status) return;
  const db = await getDb();
  await db.update(leads).set({ status, updatedAt: new Date() }).where(eq(leads.id, lead.id));
  await logged(actor, lead, "status", `${LEAD_STATUSES[lead.status]} → ${LEAD_STATUSES[status]}`, {
    before: { status: lead.status },
    after: { status },
  });
}

/** Gives the lead to a member of the staff (or to no one); false when that person is not staff. */
export async function assignLead(actor: Actor, lead: LeadRecord, assigneeId: string | null): Promise<{ ok: boolean; name: string | null }> {
  const staff = await listStaff();
  const chosen = assigneeId ? staff.find((member) => member.id === assigneeId) : null;
  if (assigneeId && !chosen) return { ok: false, name: null };
  if ((lead.assigneeId ?? null) === assigneeId) return { ok: true, name: chosen?.name ?? null };
  const db = await getDb();
  await db.update(leads).set({ assigneeId, updatedAt: new Date() }).where(eq(leads.id, lead.id));
  await logged(actor, lead, "assign", chosen ? chosen.name : "Personne", {
    before: { assigneeId: lead.assigneeId },
    after: { assigneeId },
  });
  return { ok: true, name: chosen?.name ?? null };
}

export async function addLeadNote(actor: Actor, lead: LeadRecord, note: string): Promise<void> {
  await logged(actor, lead, "note", note, { before: null, after: { note } });
}

/**
 * Answers the requester by e-mail (SMTP or the outbox) and keeps the answer in the lead's history; a new
 * lead moves to « en cours ». False when the e-mail could not be sent (nothing is recorded then).
 */
export async function replyToLead(actor: Actor, lead: LeadRecord, reply: { subject: string; body: string }): Promise<boolean> {
  try {
    await sendEmail({ to: lead.email, subject: reply.subject, text: `${reply.body}\n\n— ${actor.name}, équipe Tremplin` });
  } catch (error) {
    console.error(`Reply to lead ${lead.id} not sent:`, error);
    return false;
  }
  await logged(actor, lead, "reply", `Objet\u00a0: ${reply.subject}\n\n${reply.body}`, { before: null, after: { subject: reply.subject } });
  if (lead.status === "nouveau") await setLeadStatus(actor, lead, "en-cours");
  return true;
}

/** The leads of the filters as a CSV file for a French spreadsheet (`;`, UTF-8 with a BOM). */
export async function leadsCsv(filters: LeadFilters): Promise<string> {
  const db = await getDb();
  const rows = await db
    .select({ lead: leads, assigneeName: assignee.name })
    .from(leads)
    .leftJoin(assignee, eq(assignee.id, leads.assigneeId))
    .where(and(...filterConditions(filters)))
    .orderBy(desc(leads.createdAt));
  const paris = (date: Date) => new TZDate(date, "Europe/Paris").toLocaleString("fr-FR", { timeZone: "Europe/Paris" });
  return (
    "\ufeff" +
    stringify(
      rows.map(({ lead, assigneeName }) => [
        paris(lead.createdAt),
        LEAD_KINDS[lead.kind as LeadKind] ?? lead.kind,
        LEAD_STATUSES[lead.status as LeadStatus] ?? lead.status,
        lead.name,
        lead.email,
        lead.phone ?? "",
        subjectLabel(lead.kind, lead.subject),
        lead.message,
        assigneeName ?? "",
      ]),
      {
        delimiter: ";",
        header: true,
        columns: ["Reçue le", "Type", "Statut", "Nom", "E-mail", "Téléphone", "Objet ou matières", "Message", "Responsable"],
        record_delimiter: "\r\n",
      },
    )
  );
}
