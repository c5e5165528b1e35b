import { Form, Link, data, redirect } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox, SelectField, TextField } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { fieldErrors } from "~/features/accounts/schemas";
import { getConfig } from "~/config.server";
import { requireClassTeacher } from "~/features/classes/class-guards.server";
import { ClassForm, typedClassValues } from "~/features/classes/class-form";
import { CLASS_LEVELS, CLASS_MESSAGES, CLASS_SUBJECTS, classSchema, formatJoinCode } from "~/features/classes/classes";
import { deleteClass, rotateJoinCode, setJoinEnabled, updateClass } from "~/features/classes/classes.server";
import { toastHeader } from "~/features/toast/toast.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { TeacherBreadcrumb } from "~/features/classes/teacher-breadcrumb";
import { useActionToast } from "~/features/toast/use-action-toast";
import {
  ASSIGNMENT_KINDS,
  ASSIGNMENT_MESSAGES,
  assignmentSchema,
  formatParisDateTime,
  toParisLocalInput,
} from "~/features/assignments/assignments";
import { classFileKeys, createAssignment, listClassAssignments } from "~/features/assignments/assignments.server";
import { getFileStore } from "~/features/files/file-store.server";
import { Badge } from "~/components/ui/badge";
import type { Route } from "./+types/prof-course";

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  await guardSignedInRoute({ request, pattern });
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const code = formatJoinCode(classRecord.joinCode);
  const assignments = await listClassAssignments(classRecord.id);
  const nextWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  nextWeek.setUTCHours(17, 0, 0, 0);
  return {
    assignments: assignments.map((item) => ({
      ...item,
      dueAt: item.dueAt.toISOString(),
      dueLabel: formatParisDateTime(item.dueAt),
      gradesPublishedAt: null,
    })),
    defaultDue: toParisLocalInput(nextWeek),
    meta: { ...catalogPageMeta(findCatalogEntry("/prof/courses/:courseId")!), title: `${classRecord.name}` },
    classRecord: { ...classRecord, joinCode: code, createdAt: classRecord.createdAt.toISOString() },
    joinLink: `${getConfig().siteUrl}/dashboard?rejoindre=${code}`,
  };
}

type Intent = "update" | "rotate-code" | "toggle-join" | "delete" | "create-assignment";

const newAssignmentSchema = assignmentSchema.pick({ title: true, kind: true, dueAt: true });

export async function action({ request, pattern, params }: Route.ActionArgs) {
  await guardSignedInRoute({ request, pattern });
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  const done = (title: string) => ({
    intent,
    values: undefined,
    fieldErrors: {},
    message: undefined,
    toast: { type: "success" as const, title },
  });
  switch (intent) {
    case "update": {
      const values = typedClassValues(formData);
      const parsed = classSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success)
        return data(
          { intent, values, fieldErrors: fieldErrors(parsed.error), message: CLASS_MESSAGES.checkFields, toast: undefined },
          { status: 400 },
        );
      await updateClass(classRecord.id, parsed.data);
      return done(CLASS_MESSAGES.updated);
    }
    case "create-assignment": {
      const values = {
        title: String(formData.get("title") ?? "").slice(0, 200),
        kind: String(formData.get("kind") ?? ""),
        dueAt: String(formData.get("dueAt") ?? "").slice(0, 40),
      };
      const parsed = newAssignmentSchema.safeParse(values);
      if (!parsed.success)
        return data(
          {
            intent,
            values: values as never,
            fieldErrors: fieldErrors(parsed.error),
            message: ASSIGNMENT_MESSAGES.checkFields,
            toast: undefined,
          },
          { status: 400 },
        );
      const created = await createAssignment(classRecord.id, parsed.data);
      throw redirect(`/prof/courses/${classRecord.id}/assignment/${created.id}`, {
        headers: { "Set-Cookie": await toastHeader({ type: "success", title: ASSIGNMENT_MESSAGES.created }) },
      });
    }
    case "rotate-code":
      await rotateJoinCode(classRecord.id);
      return done(CLASS_MESSAGES.codeRotated);
    case "toggle-join": {
      const enabled = formData.get("enabled") === "true";
      await setJoinEnabled(classRecord.id, enabled);
      return done(enabled ? CLASS_MESSAGES.joinEnabled : CLASS_MESSAGES.joinDisabled);
    }
    case "delete": {
      if (formData.get("confirm") !== "on")
        return data(
          { intent, values: undefined, fieldErrors: {}, message: CLASS_MESSAGES.deleteNotConfirmed, toast: undefined },
          { status: 400 },
        );
      const fileKeys = await classFileKeys(classRecord.id);
      await deleteClass(classRecord.id);
      await getFileStore().remove(fileKeys);
      throw redirect("/prof/courses", {
        headers: { "Set-Cookie": await toastHeader({ type: "success", title: CLASS_MESSAGES.deleted(classRecord.name) }) },
      });
    }
    default:
      return data({ intent, values: undefined, fieldErrors: {}, message: "Action inconnue.", toast: undefined }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function ProfCourse({ loaderData: { classRecord, joinLink, assignments, defaultDue }, actionData }: Route.ComponentProps) {
  const updateFailed = actionData?.intent === "update" && actionData.values;
  const creation = actionData?.intent === "create-assignment" ? actionData : undefined;
  const creationValues = (creation?.values as { title?: string; kind?: string; dueAt?: string } | undefined) ?? {};
  const creationErrors = (creation?.fieldErrors ?? {}) as Record<string, string | undefined>;
  useActionToast(actionData?.toast);
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <TeacherBreadcrumb trail={[{ to: "/prof/courses", label: "Mes cours" }]} current={classRecord.name} />
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{classRecord.name}</h1>
        <p className="mt-2 text-muted-foreground">
          {CLASS_LEVELS[classRecord.level]} · {CLASS_SUBJECTS[classRecord.subject].label} · {classRecord.schoolYear}
          {classRecord.grantsMaths ? " · ouvre les chapitres de maths à ses élèves" : ""}
        </p>
        <p className="mt-3 flex flex-wrap gap-4">
          <Link to={`/prof/courses/${classRecord.id}/students`} className="font-semibold text-primary underline-offset-4 hover:underline">
            Voir les élèves de la classe
          </Link>
          <Link to={`/prof/courses/${classRecord.id}/grades`} className="font-semibold text-primary underline-offset-4 hover:underline">
            Carnet de notes
          </Link>
          <Link to={`/prof/courses/${classRecord.id}/colles`} className="font-semibold text-primary underline-offset-4 hover:underline">
            Colles et colloscope
          </Link>
        </p>
      </header>

      <Card className="space-y-4 p-6">
        <h2 className="text-xl font-bold">Devoirs</h2>
        {assignments.length === 0 ? (
          <p className="text-muted-foreground">Aucun devoir pour l'instant.</p>
        ) : (
          <ul className="divide-y divide-border">
            {assignments.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <Link
                    to={`/prof/courses/${classRecord.id}/assignment/${item.id}`}
                    className="font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    {item.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {ASSIGNMENT_KINDS[item.kind]} · à rendre le {item.dueLabel} · {item.submitted} rendu{item.submitted > 1 ? "s" : ""} ·{" "}
                    {item.graded} noté
                    {item.graded > 1 ? "s" : ""}
                  </p>
                </div>
                <Badge tone={item.status === "published" ? "success" : "neutral"}>
                  {item.status === "published" ? "Publié" : "Brouillon"}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="grid gap-4 border-t border-border pt-4 sm:grid-cols-4 sm:items-end" noValidate>
          <input type="hidden" name="intent" value="create-assignment" />
          <div className="sm:col-span-4">
            <h3 className="font-semibold">Nouveau devoir</h3>
            {creation?.message ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {creation.message}
              </p>
            ) : null}
          </div>
          <TextField
            label="Titre du devoir"
            name="title"
            maxLength={120}
            defaultValue={creationValues.title ?? ""}
            error={creationErrors.title}
          />
          <SelectField
            label="Type"
            name="kind"
            defaultValue={creationValues.kind ?? "dm"}
            error={creationErrors.kind}
            options={ASSIGNMENT_KINDS}
          />
          <TextField
            label="À rendre le"
            type="datetime-local"
            name="dueAt"
            defaultValue={creationValues.dueAt ?? defaultDue}
            error={creationErrors.dueAt}
          />
          <Button type="submit">Créer le devoir</Button>
        </Form>
        <p className="text-sm text-muted-foreground">
          Un nouveau devoir est un brouillon&nbsp;: complétez sa consigne et son barème, puis publiez-le.
        </p>
      </Card>

      <Card className="space-y-4 p-6">
        <h2 className="text-xl font-bold">Code d'accès</h2>
        {classRecord.joinEnabled ? (
          <>
            <p>
              Les élèves rejoignent la classe depuis leur tableau de bord avec le code{" "}
              <strong className="font-mono text-lg" data-testid="join-code">
                {classRecord.joinCode}
              </strong>
              , ou en ouvrant ce lien une fois connectés&nbsp;:
            </p>
            <p className="break-all rounded-lg bg-muted p-3 font-mono text-sm" data-testid="join-link">
              {joinLink}
            </p>
          </>
        ) : (
          <p>Le code est désactivé&nbsp;: personne ne peut rejoindre la classe. Les élèves déjà inscrits le restent.</p>
        )}
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="rotate-code" />
            <Button type="submit" variant="outline">
              Créer un nouveau code
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="toggle-join" />
            <input type="hidden" name="enabled" value={classRecord.joinEnabled ? "false" : "true"} />
            <Button type="submit" variant="outline">
              {classRecord.joinEnabled ? "Désactiver le code" : "Réactiver le code"}
            </Button>
          </Form>
        </div>
        <p className="text-sm text-muted-foreground">Un nouveau code remplace l'ancien, qui cesse aussitôt de fonctionner.</p>
      </Card>

      <Card className="p-6">
        <h2 className="mb-4 text-xl font-bold">Réglages de la classe</h2>
        <ClassForm
          intent="update"
          values={
            updateFailed
              ? actionData.values!
              : {
                  name: classRecord.name,
                  level: classRecord.level,
                  subject: classRecord.subject,
                  schoolYear: classRecord.schoolYear,
                  grantsMaths: classRecord.grantsMaths,
                }
          }
          fieldErrors={actionData?.intent === "update" ? actionData.fieldErrors : undefined}
          message={actionData?.intent === "update" ? actionData.message : undefined}
          submitLabel="Enregistrer"
        />
      </Card>

      <Card className="space-y-3 border-destructive/40 p-6">
        <h2 className="text-xl font-bold">Supprimer la classe</h2>
        <p className="text-muted-foreground">
          Les élèves sont retirés de la classe et perdent ce qu'elle leur ouvrait (les chapitres de maths). Les devoirs, les copies rendues,
          les notes et les colles de la classe sont supprimés&nbsp;:{" "}
          <Link
            to={`/prof/courses/${classRecord.id}/grades/export`}
            reloadDocument
            className="font-semibold text-primary underline underline-offset-4"
          >
            exportez d'abord le carnet de notes
          </Link>
          . Les comptes des élèves et leur progression restent intacts.
        </p>
        {actionData?.intent === "delete" && actionData.message ? (
          <p role="alert" className="font-medium text-destructive">
            {actionData.message}
          </p>
        ) : null}
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="delete" />
          <Checkbox label={`Je confirme la suppression de «\u00a0${classRecord.name}\u00a0»`} name="confirm" />
          <Button type="submit" variant="destructive" className="self-start">
            Supprimer la classe
          </Button>
        </Form>
      </Card>
    </div>
  );
}
