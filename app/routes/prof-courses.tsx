import { Link, data, redirect } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { Card } from "~/components/ui/card";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { fieldErrors } from "~/features/accounts/schemas";
import { ClassForm, typedClassValues } from "~/features/classes/class-form";
import { CLASS_LEVELS, CLASS_MESSAGES, CLASS_SUBJECTS, classSchema, formatJoinCode, schoolYearOf } from "~/features/classes/classes";
import { createClass, listTeacherClasses } from "~/features/classes/classes.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { toastHeader } from "~/features/toast/toast.server";
import type { Route } from "./+types/prof-courses";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const classes = await listTeacherClasses(session.user.id);
  return {
    meta: catalogPageMeta(findCatalogEntry("/prof/courses")!),
    classes: classes.map((item) => ({ ...item, joinCode: formatJoinCode(item.joinCode), createdAt: item.createdAt.toISOString() })),
    schoolYear: schoolYearOf(new Date()),
  };
}

export async function action({ request, pattern }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const formData = await readFormData(request);
  if (formData.get("intent") !== "create")
    return data({ values: undefined, fieldErrors: {}, message: "Action inconnue." }, { status: 400 });
  const values = typedClassValues(formData);
  const parsed = classSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return data({ values, fieldErrors: fieldErrors(parsed.error), message: CLASS_MESSAGES.checkFields }, { status: 400 });
  const created = await createClass(session.user.id, parsed.data);
  throw redirect(`/prof/courses/${created.id}`, {
    headers: {
      "Set-Cookie": await toastHeader({
        type: "success",
        title: CLASS_MESSAGES.created,
        description: `Code d'accès\u00a0: ${formatJoinCode(created.joinCode)}`,
      }),
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function ProfCourses({ loaderData: { classes, schoolYear }, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Mes cours</h1>
        <p className="mt-2 text-muted-foreground">
          Vos classes, leur code d'accès et leurs élèves. Les élèves rejoignent une classe depuis leur tableau de bord avec son code, ou par
          le lien que vous leur transmettez.
        </p>
      </header>

      <section aria-labelledby="mes-classes">
        <h2 id="mes-classes" className="text-xl font-bold">
          Mes classes
        </h2>
        {classes.length === 0 ? (
          <p className="mt-3 text-muted-foreground">Vous n'avez pas encore de classe&nbsp;: créez la première ci-dessous.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {classes.map((item) => (
              <li key={item.id}>
                <Card className="flex h-full flex-col gap-2 p-5">
                  <h3 className="text-lg font-bold">
                    <Link to={`/prof/courses/${item.id}`} className="underline-offset-4 hover:underline">
                      {item.name}
                    </Link>
                  </h3>
                  <p className="text-sm text-muted-foreground">
                    {CLASS_LEVELS[item.level]} · {CLASS_SUBJECTS[item.subject].label} · {item.schoolYear}
                  </p>
                  <p>
                    {item.students === 0 ? "Aucun élève pour l'instant" : `${item.students} élève${item.students > 1 ? "s" : ""}`}
                    {" · "}
                    {item.joinEnabled ? (
                      <>
                        code <span className="font-mono font-semibold">{item.joinCode}</span>
                      </>
                    ) : (
                      "code désactivé"
                    )}
                  </p>
                  <p className="mt-auto flex gap-4 text-sm">
                    <Link to={`/prof/courses/${item.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                      Réglages et code
                    </Link>
                    <Link
                      to={`/prof/courses/${item.id}/students`}
                      className="font-semibold text-primary underline-offset-4 hover:underline"
                    >
                      Élèves
                    </Link>
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="nouvelle-classe">
        <Card className="p-6">
          <h2 id="nouvelle-classe" className="mb-4 text-xl font-bold">
            Créer une classe
          </h2>
          <ClassForm
            intent="create"
            values={actionData?.values ?? { name: "", level: "ecg1", subject: "maths-approfondies", schoolYear, grantsMaths: false }}
            fieldErrors={actionData?.fieldErrors}
            message={actionData?.message}
            submitLabel="Créer la classe"
          />
        </Card>
      </section>
    </div>
  );
}
