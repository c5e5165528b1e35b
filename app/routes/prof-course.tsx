import { Form, Link, data, redirect } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/field";
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
import type { Route } from "./+types/prof-course";

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  await guardSignedInRoute({ request, pattern });
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const code = formatJoinCode(classRecord.joinCode);
  return {
    meta: { ...catalogPageMeta(findCatalogEntry("/prof/courses/:courseId")!), title: `${classRecord.name} | Tremplin` },
    classRecord: { ...classRecord, joinCode: code, createdAt: classRecord.createdAt.toISOString() },
    joinLink: `${getConfig().siteUrl}/dashboard?rejoindre=${code}`,
  };
}

type Intent = "update" | "rotate-code" | "toggle-join" | "delete";

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
      await deleteClass(classRecord.id);
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

export default function ProfCourse({ loaderData: { classRecord, joinLink }, actionData }: Route.ComponentProps) {
  const updateFailed = actionData?.intent === "update" && actionData.values;
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
        <p className="mt-3">
          <Link to={`/prof/courses/${classRecord.id}/students`} className="font-semibold text-primary underline-offset-4 hover:underline">
            Voir les élèves de la classe
          </Link>
        </p>
      </header>

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
          Les élèves sont retirés de la classe et perdent ce qu'elle leur ouvrait (les chapitres de maths). Leurs comptes et leur
          progression restent intacts.
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
