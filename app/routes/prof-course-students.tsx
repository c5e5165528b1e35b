import { Form, data } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { requireClassTeacher } from "~/features/classes/class-guards.server";
import { CLASS_MESSAGES, CLASS_SUBJECTS, formatJoinCode } from "~/features/classes/classes";
import { listMembers, removeMember } from "~/features/classes/classes.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { TeacherBreadcrumb } from "~/features/classes/teacher-breadcrumb";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/prof-course-students";

const dateFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" });

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  await guardSignedInRoute({ request, pattern });
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const members = await listMembers(classRecord);
  return {
    meta: { ...catalogPageMeta(findCatalogEntry("/prof/courses/:courseId/students")!), title: `Élèves — ${classRecord.name}` },
    classRecord: {
      id: classRecord.id,
      name: classRecord.name,
      subjectLabel: CLASS_SUBJECTS[classRecord.subject].label,
      tracked: CLASS_SUBJECTS[classRecord.subject].progress !== null,
      joinCode: classRecord.joinEnabled ? formatJoinCode(classRecord.joinCode) : null,
    },
    members: members.map((member) => ({
      userId: member.userId,
      name: member.name,
      email: member.email,
      joinedOn: dateFormat.format(member.joinedAt),
      lastActivity: member.lastActivityAt ? dateFormat.format(member.lastActivityAt) : null,
      progress: member.progress,
    })),
  };
}

export async function action({ request, pattern, params }: Route.ActionArgs) {
  await guardSignedInRoute({ request, pattern });
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const formData = await readFormData(request);
  if (formData.get("intent") !== "remove")
    return data({ ok: false as const, message: "Action inconnue.", toast: undefined }, { status: 400 });
  const removed = await removeMember(classRecord.id, String(formData.get("userId") ?? "").slice(0, 100));
  if (!removed) return data({ ok: false as const, message: CLASS_MESSAGES.memberNotFound, toast: undefined }, { status: 404 });
  return { ok: true as const, message: undefined, toast: { type: "success" as const, title: CLASS_MESSAGES.memberRemoved } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function ProfCourseStudents({ loaderData: { classRecord, members }, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <TeacherBreadcrumb
        trail={[
          { to: "/prof/courses", label: "Mes cours" },
          { to: `/prof/courses/${classRecord.id}`, label: classRecord.name },
        ]}
        current="Élèves"
      />
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Élèves — {classRecord.name}</h1>
        <p className="mt-2 text-muted-foreground">
          {members.length === 0
            ? "Aucun élève n'a encore rejoint la classe."
            : `${members.length} élève${members.length > 1 ? "s" : ""} inscrit${members.length > 1 ? "s" : ""}.`}{" "}
          {classRecord.joinCode ? `Code d'accès\u00a0: ${classRecord.joinCode}.` : "Le code d'accès est désactivé."}
        </p>
      </header>
      {actionData && !actionData.ok ? (
        <p role="alert" className="font-medium text-destructive">
          {actionData.message}
        </p>
      ) : null}
      {members.length > 0 ? (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Élèves de la classe, avec leur activité</caption>
            <thead className="border-b border-border bg-muted/50">
              <tr>
                <th scope="col" className="p-3">
                  Élève
                </th>
                <th scope="col" className="p-3">
                  Inscrit le
                </th>
                <th scope="col" className="p-3">
                  Dernière activité
                </th>
                <th scope="col" className="p-3">
                  Progression en {classRecord.subjectLabel.toLowerCase()}
                </th>
                <th scope="col" className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.userId} className="border-b border-border last:border-0">
                  <td className="p-3">
                    <div className="font-semibold">{member.name}</div>
                    <div className="text-muted-foreground">{member.email}</div>
                  </td>
                  <td className="p-3">{member.joinedOn}</td>
                  <td className="p-3">{member.lastActivity ?? "Aucune"}</td>
                  <td className="p-3">
                    {member.progress
                      ? `${member.progress.exercisesSucceeded} exercice${member.progress.exercisesSucceeded > 1 ? "s" : ""} réussi${member.progress.exercisesSucceeded > 1 ? "s" : ""}, ${member.progress.quizzesTaken} quiz fait${member.progress.quizzesTaken > 1 ? "s" : ""}`
                      : "Non suivie sur Tremplin pour cette matière"}
                  </td>
                  <td className="p-3">
                    <details>
                      <summary className="cursor-pointer font-semibold text-destructive">Retirer</summary>
                      <Form method="post" className="mt-2 flex flex-col gap-2">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="userId" value={member.userId} />
                        <p>Retirer {member.name} de la classe&nbsp;?</p>
                        <Button type="submit" variant="destructive" size="sm">
                          Confirmer le retrait
                        </Button>
                      </Form>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}
    </div>
  );
}
