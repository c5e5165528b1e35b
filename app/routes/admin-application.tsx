import type { ReactNode } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { displayPhone } from "~/features/accounts/phone";
import { FormError } from "~/components/layout/auth-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { formatFileSize } from "~/features/assignments/assignments";
import { readFormData } from "~/features/http/request-body.server";
import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  declineMessageSchema,
  formatApplicationDate,
  labelsOf,
} from "~/features/requests/application-forms";
import { acceptApplication, declineApplication, findApplication } from "~/features/requests/applications.server";
import { APPLICATION_STATUSES, LEVELS, SUBJECTS } from "~/features/requests/requests";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { toastHeader } from "~/features/toast/toast.server";
import type { Route } from "./+types/admin-application";

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  const { entry } = await guardSignedInRoute({ request, pattern });
  const application = await findApplication(params.applicationId);
  if (!application) throw data(null, { status: 404 });
  const name = `${application.firstName} ${application.lastName}`;
  return {
    meta: { ...catalogPageMeta(entry), title: `Candidature de ${name}`, canonical: undefined },
    application: {
      id: application.id,
      name,
      status: application.status,
      email: application.email,
      phone: application.phone,
      phoneLabel: displayPhone(application.phone),
      accountEmail: application.accountEmail,
      sameEmailAccount: application.sameEmailAccount,
      receivedOn: formatApplicationDate(application.createdAt),
      subjects: labelsOf(application.subjects, SUBJECTS).join(", "),
      levels: labelsOf(application.levels, LEVELS).join(", "),
      diplomas: application.diplomas,
      experience: application.experience,
      availability: application.availability,
      motivation: application.motivation,
      cv: { name: application.cvName, size: formatFileSize(application.cvSize) },
      decidedOn: application.decidedAt ? formatApplicationDate(application.decidedAt) : null,
      deciderName: application.deciderName,
      decisionMessage: application.decisionMessage,
    },
  };
}

export async function action({ request, pattern, params }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const application = await findApplication(params.applicationId);
  if (!application) throw data(null, { status: 404 });
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const actor = { id: session.user.id, email: session.user.email };
  const refuse = (status: number, message: string, values?: { message: string }, errors: Record<string, string> = {}) =>
    data({ intent, message, values, fieldErrors: errors }, { status });
  let result;
  if (intent === "accept") {
    result = await acceptApplication(actor, application.id);
  } else if (intent === "decline") {
    const typed = String(formData.get("message") ?? "").slice(0, APPLICATION_LIMITS.decision + 100);
    const parsed = declineMessageSchema.safeParse(typed);
    if (!parsed.success)
      return refuse(400, APPLICATION_MESSAGES.checkFields, { message: typed }, { message: parsed.error.issues[0].message });
    result = await declineApplication(actor, application.id, parsed.data);
  } else {
    return refuse(400, APPLICATION_MESSAGES.unknownAction);
  }
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 });
    return refuse(result.status, result.message);
  }
  const title = intent === "accept" ? APPLICATION_MESSAGES.accepted(result.name) : APPLICATION_MESSAGES.declined(result.name);
  throw redirect(`/admin/candidatures/${application.id}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", title: title.slice(0, 200) }) },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const STATUS_TONES = { pending: "accent", accepted: "success", declined: "neutral" } as const;

function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-line">{children}</dd>
    </div>
  );
}

export default function AdminApplication({ loaderData: { application }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const pending = application.status === "pending";
  const account = application.accountEmail ?? application.sameEmailAccount;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <AdminNav />
      <nav aria-label="Fil d'Ariane" className="text-sm">
        <Link to="/admin/candidatures" className="text-primary underline underline-offset-4">
          Candidatures
        </Link>
        {" › "}
        <span aria-current="page">{application.name}</span>
      </nav>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Candidature de {application.name}</h1>
        <Badge tone={STATUS_TONES[application.status]}>{APPLICATION_STATUSES[application.status]}</Badge>
      </header>

      <Card>
        <h2 className="mb-4 text-xl font-bold">Coordonnées</h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Entry label="Adresse e-mail">
            <a href={`mailto:${application.email}`} className="text-primary underline underline-offset-4">
              {application.email}
            </a>
          </Entry>
          <Entry label="Téléphone">
            <a href={`tel:${application.phone}`} className="text-primary underline underline-offset-4">
              {application.phoneLabel}
            </a>
          </Entry>
          <Entry label="Compte Tremplin">
            {application.accountEmail
              ? `Envoyée depuis le compte ${application.accountEmail}.`
              : application.sameEmailAccount
                ? `Envoyée sans être connecté\u00a0; le compte ${application.sameEmailAccount} utilise la même adresse.`
                : "Aucun compte n'utilise cette adresse pour l'instant."}
          </Entry>
          <Entry label="Reçue le">{application.receivedOn}</Entry>
        </dl>
      </Card>

      <Card>
        <h2 className="mb-4 text-xl font-bold">Candidature</h2>
        <dl className="space-y-4">
          <Entry label="Matières">{application.subjects}</Entry>
          <Entry label="Niveaux">{application.levels}</Entry>
          <Entry label="Diplômes et formation">{application.diplomas}</Entry>
          <Entry label="Expérience d'enseignement">{application.experience || "Non renseignée."}</Entry>
          <Entry label="Disponibilités">{application.availability || "Non renseignées."}</Entry>
          <Entry label="Motivation">{application.motivation}</Entry>
          <Entry label="CV">
            <a href={`/admin/candidatures/${application.id}/cv`} className="font-semibold text-primary underline underline-offset-4">
              Télécharger le CV
            </a>{" "}
            <span className="text-sm text-muted-foreground">
              ({application.cv.name}, {application.cv.size})
            </span>
          </Entry>
        </dl>
      </Card>

      {pending ? (
        <section aria-labelledby="decision" className="space-y-4">
          <h2 id="decision" className="text-2xl font-bold">
            Décision
          </h2>
          {actionData?.intent === "accept" ? <FormError message={actionData.message} /> : null}
          <Card className="space-y-3">
            <h3 className="text-lg font-bold">Accepter</h3>
            <p>
              {account
                ? `Le compte ${account} devient un compte professeur\u00a0: il ouvre l'espace de cours, et un brouillon de profil public (non affiché) est créé. Le candidat est prévenu par e-mail.`
                : "Aucun compte n'utilise l'adresse de la candidature\u00a0: demandez d'abord au candidat de créer son compte Tremplin avec cette adresse."}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <Button type="submit" disabled={busy}>
                Accepter la candidature
              </Button>
            </Form>
          </Card>
          <Card>
            <h3 className="mb-3 text-lg font-bold">Refuser</h3>
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="decline" />
              {actionData?.intent === "decline" ? <FormError message={actionData.message} /> : null}
              <Field
                label="Message au candidat"
                hint={`Envoyé par e-mail et affiché dans son espace professeur\u00a0; de 10 à 2\u00a0000 caractères.`}
                error={actionData?.intent === "decline" ? actionData.fieldErrors.message : undefined}
              >
                {({ id, describedBy, invalid }) => (
                  <Textarea
                    id={id}
                    name="message"
                    rows={5}
                    maxLength={APPLICATION_LIMITS.decision}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    defaultValue={actionData?.values?.message ?? ""}
                  />
                )}
              </Field>
              <Button type="submit" variant="destructive" className="self-start" disabled={busy}>
                Refuser la candidature
              </Button>
            </Form>
          </Card>
        </section>
      ) : (
        <Card className="space-y-2">
          <h2 className="text-xl font-bold">Décision</h2>
          <p>
            {APPLICATION_STATUSES[application.status]} le {application.decidedOn}
            {application.deciderName ? ` par ${application.deciderName}` : ""}.
          </p>
          {application.status === "declined" ? (
            <>
              <p>Message envoyé au candidat&nbsp;:</p>
              <blockquote className="border-l-4 border-border pl-4 whitespace-pre-line">{application.decisionMessage}</blockquote>
            </>
          ) : null}
        </Card>
      )}
    </div>
  );
}
