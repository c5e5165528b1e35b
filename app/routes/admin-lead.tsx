import { Form, Link, data, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { FormError } from "~/components/layout/auth-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, SelectField, Textarea, TextField } from "~/components/ui/field";
import { requireResource } from "~/features/access/guards.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { LEAD_EVENT_LABELS, LEAD_MESSAGES, leadNoteSchema, leadReplySchema, leadStatusSchema } from "~/features/admin/lead-console";
import { addLeadNote, assignLead, findLead, listStaff, replyToLead, setLeadStatus, subjectLabel } from "~/features/admin/lead-admin.server";
import { readFormData } from "~/features/http/request-body.server";
import { FOLLOW_UP_PREFERENCES, LESSON_FORMATS, PARENT_RELATIONS } from "~/features/requests/lead-forms";
import { LEAD_KINDS, LEAD_STATUSES, LEVELS, SUBJECTS } from "~/features/requests/requests";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/admin-lead";

const dateTime = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "long", timeStyle: "short" });

/** The lead for an admin; 404 for an unknown or malformed id. */
const requireLead = (request: Request, leadId: string | undefined) => requireResource(request, "admin:users", () => findLead(leadId ?? ""));

/** The parent form's details, labelled for reading (unknown keys are shown as they are). */
const DETAIL_LABELS: Record<string, string> = {
  relation: "Lien avec l'élève",
  studentFirstName: "Prénom de l'élève",
  level: "Niveau",
  school: "Établissement",
  format: "Format",
  availability: "Disponibilités",
  preference: "Préférence",
};

/** The parent form's choices are stored as keys: shown with the labels the family saw. */
const DETAIL_CHOICES: Record<string, Record<string, string>> = {
  level: LEVELS,
  relation: PARENT_RELATIONS,
  format: LESSON_FORMATS,
  preference: FOLLOW_UP_PREFERENCES,
};

function detailValue(key: string, value: unknown): string {
  if (typeof value === "string" && DETAIL_CHOICES[key]) return DETAIL_CHOICES[key][value] ?? value;
  if (Array.isArray(value)) return value.map((item) => SUBJECTS[item as keyof typeof SUBJECTS] ?? String(item)).join(", ");
  return typeof value === "string" ? value : JSON.stringify(value);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { resource: lead } = await requireLead(request, params.leadId);
  const staff = await listStaff();
  return {
    meta: { ...catalogPageMeta(findCatalogEntry("/admin/leads/:leadId")!), title: `Demande de ${lead.name}` },
    lead: {
      id: lead.id,
      kind: LEAD_KINDS[lead.kind],
      status: lead.status,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      subject: subjectLabel(lead.kind, lead.subject),
      message: lead.message,
      receivedAt: dateTime.format(lead.createdAt),
      details: Object.entries(lead.details)
        .filter(([key]) => key !== "subjects")
        .map(([key, value]) => ({ label: DETAIL_LABELS[key] ?? key, value: detailValue(key, value) })),
      requestedTeacher: lead.requestedTeacherName,
      assigneeId: lead.assigneeId ?? "",
      fromAccount: Boolean(lead.userId),
      events: lead.events.map((event) => ({
        id: event.id,
        label: LEAD_EVENT_LABELS[event.kind as keyof typeof LEAD_EVENT_LABELS] ?? event.kind,
        body: event.body,
        by: event.actorName ?? "—",
        at: dateTime.format(event.createdAt),
      })),
    },
    staff: Object.fromEntries(staff.map((member) => [member.id, member.name])),
  };
}

type Intent = "status" | "assign" | "note" | "reply";

export async function action({ request, params }: Route.ActionArgs) {
  const { session, resource: lead } = await requireLead(request, params.leadId);
  const actor = { id: session.user.id, email: session.user.email, name: session.user.firstName };
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  const text = (name: string, max: number) => String(formData.get(name) ?? "").slice(0, max);
  const done = (title: string) => ({
    intent,
    values: undefined,
    fieldErrors: {} as Record<string, string>,
    message: undefined,
    toast: { type: "success" as const, title },
  });
  const failed = (message: string, values: Record<string, string>, fieldErrors: Record<string, string> = {}, status = 400) =>
    data({ intent, values, fieldErrors, message, toast: undefined }, { status });
  switch (intent) {
    case "status": {
      const status = leadStatusSchema.safeParse(formData.get("status"));
      if (!status.success) return failed(status.error.issues[0].message, {}, { status: status.error.issues[0].message });
      await setLeadStatus(actor, lead, status.data);
      return done(LEAD_MESSAGES.statusChanged(LEAD_STATUSES[status.data]));
    }
    case "assign": {
      const assigneeId = text("assigneeId", 100) || null;
      const result = await assignLead(actor, lead, assigneeId);
      if (!result.ok)
        return failed(
          "Choisissez un membre de l'équipe dans la liste.",
          {},
          { assigneeId: "Choisissez un membre de l'équipe dans la liste." },
        );
      return done(LEAD_MESSAGES.assigned(result.name));
    }
    case "note": {
      const note = leadNoteSchema.safeParse(text("note", 6000));
      if (!note.success) return failed(LEAD_MESSAGES.checkFields, { note: text("note", 6000) }, { note: note.error.issues[0].message });
      await addLeadNote(actor, lead, note.data);
      return done(LEAD_MESSAGES.noteAdded);
    }
    case "reply": {
      const values = { subject: text("subject", 300), body: text("body", 12_000) };
      const reply = leadReplySchema.safeParse(values);
      if (!reply.success)
        return failed(
          LEAD_MESSAGES.checkFields,
          values,
          Object.fromEntries(reply.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
        );
      if (!(await replyToLead(actor, lead, reply.data))) return failed(LEAD_MESSAGES.replyFailed, values, {}, 502);
      return done(LEAD_MESSAGES.replySent(lead.email));
    }
    default:
      return failed(LEAD_MESSAGES.unknownAction, {});
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AdminLead({ loaderData: { lead, staff }, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const failure = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined);
  const note = failure("note");
  const reply = failure("reply");
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <AdminNav />
      <nav aria-label="Fil d'Ariane" className="text-sm">
        <Link to="/admin/leads" className="text-primary underline underline-offset-4">
          Demandes
        </Link>
        {" › "}
        <span aria-current="page">{lead.name}</span>
      </nav>
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Demande de {lead.name}</h1>
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <Badge tone="accent">{lead.kind}</Badge>
          <span>Reçue le {lead.receivedAt}</span>
          {lead.fromAccount ? <span>(envoyée depuis un compte)</span> : null}
        </p>
      </header>

      <Card className="space-y-4 p-6">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">E-mail</dt>
          <dd>
            <a href={`mailto:${lead.email}`} className="text-primary underline underline-offset-4">
              {lead.email}
            </a>
          </dd>
          {lead.phone ? (
            <>
              <dt className="font-semibold">Téléphone</dt>
              <dd>{lead.phone}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Objet ou matières</dt>
          <dd>{lead.subject}</dd>
          {lead.details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="font-semibold">{detail.label}</dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
          {lead.requestedTeacher ? (
            <>
              <dt className="font-semibold">Professeur demandé</dt>
              <dd>{lead.requestedTeacher}</dd>
            </>
          ) : null}
        </dl>
        <div>
          <h2 className="font-semibold">Message</h2>
          <p className="whitespace-pre-line">{lead.message}</p>
        </div>
      </Card>

      <section aria-labelledby="follow-title" className="grid gap-6 md:grid-cols-2">
        <h2 id="follow-title" className="sr-only">
          Suivi
        </h2>
        {/* Keyed by the stored value: a reply that moves the lead to en-cours shows in the select. */}
        <Form method="post" className="flex flex-col gap-3" key={`status-${lead.status}`}>
          <input type="hidden" name="intent" value="status" />
          <SelectField
            label="Statut"
            name="status"
            options={LEAD_STATUSES}
            defaultValue={lead.status}
            error={failure("status")?.fieldErrors.status}
          />
          <Button type="submit" variant="outline" disabled={busy}>
            Changer le statut
          </Button>
        </Form>
        <Form method="post" className="flex flex-col gap-3" key={`assign-${lead.assigneeId}`}>
          <input type="hidden" name="intent" value="assign" />
          <SelectField
            label="Responsable"
            name="assigneeId"
            options={staff}
            placeholder="Personne"
            defaultValue={lead.assigneeId}
            error={failure("assign")?.fieldErrors.assigneeId}
          />
          <Button type="submit" variant="outline" disabled={busy}>
            Confier la demande
          </Button>
        </Form>
      </section>

      <section aria-labelledby="reply-title" className="space-y-3">
        <h2 id="reply-title" className="text-xl font-bold">
          Répondre par e-mail
        </h2>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="reply" />
          <FormError message={reply?.message} />
          <TextField
            label="Objet"
            name="subject"
            maxLength={200}
            defaultValue={reply?.values?.subject ?? "Votre demande à Tremplin"}
            error={reply?.fieldErrors.subject}
          />
          <Field label="Réponse" error={reply?.fieldErrors.body} hint={`Envoyée à ${lead.email} et gardée dans l'historique.`}>
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="body"
                rows={8}
                maxLength={10_000}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                defaultValue={reply?.values?.body ?? ""}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy} className="self-start">
            Envoyer la réponse
          </Button>
        </Form>
      </section>

      <section aria-labelledby="notes-title" className="space-y-3">
        <h2 id="notes-title" className="text-xl font-bold">
          Historique et notes internes
        </h2>
        {lead.events.length === 0 ? (
          <p className="text-muted-foreground">Rien encore.</p>
        ) : (
          <ol className="space-y-3">
            {lead.events.map((event) => (
              <li key={event.id} className="rounded-lg border border-border p-3">
                <p className="text-sm text-muted-foreground">
                  {event.label} — {event.by}, le {event.at}
                </p>
                <p className="whitespace-pre-line">{event.body}</p>
              </li>
            ))}
          </ol>
        )}
        <Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="note" />
          <Field label="Note interne" error={note?.fieldErrors.note} hint="Visible de l'équipe seulement.">
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="note"
                rows={3}
                maxLength={5000}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                defaultValue={note?.values?.note ?? ""}
              />
            )}
          </Field>
          <Button type="submit" variant="outline" disabled={busy} className="self-start">
            Ajouter la note
          </Button>
        </Form>
      </section>
    </div>
  );
}
