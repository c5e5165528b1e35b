import { Form, Link, data, redirect } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { FormError } from "~/components/layout/auth-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox, Field, Input, Select, TextField, Textarea, SelectField } from "~/components/ui/field";
import { fieldErrors } from "~/features/accounts/schemas";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { requireClassAssignment } from "~/features/assignments/assignment-guards.server";
import {
  ASSIGNMENT_KINDS,
  ASSIGNMENT_MESSAGES,
  LINKABLE_KINDS,
  assignmentSchema,
  formatFileSize,
  formatParisDateTime,
  toParisLocalInput,
} from "~/features/assignments/assignments";
import { deleteAssignment, listSubmissions, setAssignmentPublished, updateAssignment } from "~/features/assignments/assignments.server";
import { renderInstructions } from "~/features/assignments/instructions.server";
import { findLinkable, linkableContent } from "~/features/assignments/linkable-content.server";
import { listMembers } from "~/features/classes/classes.server";
import { TeacherBreadcrumb } from "~/features/classes/teacher-breadcrumb";
import { formatAverage, workStatistics } from "~/features/grades/gradebook";
import { GRADING_MESSAGES, readGradingForm } from "~/features/grades/grading-form";
import {
  addComment,
  assignmentGrades,
  listComments,
  publishGrades,
  removeComment,
  saveGrades,
  unpublishGrades,
} from "~/features/grades/grades.server";
import { PERIODS, formatMark, formatPoints } from "~/features/grades/marks";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { toastHeader } from "~/features/toast/toast.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/prof-assignment";

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const { classRecord, assignment } = await requireClassAssignment(request, params.courseId, params.assignmentId);
  const [members, submissions, marks, comments] = await Promise.all([
    listMembers(classRecord),
    listSubmissions(assignment.id),
    assignmentGrades(assignment.id),
    listComments(session.user.id),
  ]);
  const byStudent = new Map(submissions.map((submission) => [submission.studentId, submission]));
  const stats = workStatistics(
    assignment,
    members.map((member) => marks.get(member.userId)),
  );
  return {
    meta: {
      ...catalogPageMeta(findCatalogEntry("/prof/courses/:courseId/assignment/:assignmentId")!),
      title: `${assignment.title} — ${classRecord.name}`,
    },
    classRecord: { id: classRecord.id, name: classRecord.name },
    assignment: {
      ...assignment,
      dueAt: assignment.dueAt.toISOString(),
      dueLocal: toParisLocalInput(assignment.dueAt),
      dueLabel: formatParisDateTime(assignment.dueAt),
      gradesPublishedAt: assignment.gradesPublishedAt?.toISOString() ?? null,
      linkedTitle: assignment.linkedPath ? (findLinkable(assignment.linkedPath)?.title ?? null) : null,
    },
    linkable: linkableContent(classRecord.subject),
    comments,
    stats: stats && {
      count: stats.count,
      mean: formatPoints(Math.round(stats.mean * 100) / 100),
      median: formatPoints(stats.median),
      min: formatPoints(stats.min),
      max: formatPoints(stats.max),
      standardDeviation: formatAverage(stats.standardDeviation),
    },
    students: members.map((member) => {
      const submission = byStudent.get(member.userId);
      const mark = marks.get(member.userId);
      return {
        id: member.userId,
        name: member.name,
        email: member.email,
        mark: mark ? formatMark(mark) : "",
        comment: mark?.comment ?? "",
        submission: submission && {
          submittedAt: formatParisDateTime(submission.submittedAt),
          late: submission.late,
          text: submission.text,
          quiz: submission.quizTotal ? `${submission.quizScore}/${submission.quizTotal}` : null,
          files: submission.files.map((file) => ({ id: file.id, name: file.name, size: formatFileSize(file.size) })),
        },
      };
    }),
  };
}

type Intent =
  "update" | "publish" | "unpublish" | "grade" | "publish-grades" | "unpublish-grades" | "add-comment" | "remove-comment" | "delete";

function failure(intent: Intent, message: string, extra: { values?: Record<string, string>; fieldErrors?: Record<string, string> } = {}) {
  return data({ intent, message, values: extra.values, fieldErrors: extra.fieldErrors ?? {}, toast: undefined }, { status: 400 });
}

export async function action({ request, pattern, params }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const { classRecord, assignment } = await requireClassAssignment(request, params.courseId, params.assignmentId);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  const done = (title: string) => ({
    intent,
    message: undefined,
    values: undefined,
    fieldErrors: {},
    toast: { type: "success" as const, title },
  });
  const here = `/prof/courses/${classRecord.id}/assignment/${assignment.id}`;
  switch (intent) {
    case "update": {
      const values = Object.fromEntries([...formData].map(([key, value]) => [key, String(value)]));
      const parsed = assignmentSchema.safeParse(values);
      if (!parsed.success) return failure(intent, ASSIGNMENT_MESSAGES.checkFields, { values, fieldErrors: fieldErrors(parsed.error) });
      if (parsed.data.linkedPath && !linkableContent(classRecord.subject).some((item) => item.path === parsed.data.linkedPath))
        return failure(intent, ASSIGNMENT_MESSAGES.checkFields, {
          values,
          fieldErrors: { linkedPath: "Choisissez un contenu de la liste." },
        });
      const rendered = await renderInstructions(parsed.data.instructions);
      if (!rendered.ok) return failure(intent, ASSIGNMENT_MESSAGES.checkFields, { values, fieldErrors: { instructions: rendered.error } });
      await updateAssignment(assignment.id, parsed.data, rendered.html);
      return done(ASSIGNMENT_MESSAGES.saved);
    }
    case "publish":
    case "unpublish":
      await setAssignmentPublished(assignment.id, intent === "publish");
      return done(intent === "publish" ? ASSIGNMENT_MESSAGES.published : ASSIGNMENT_MESSAGES.unpublished);
    case "grade": {
      const read = readGradingForm(formData, assignment.maxPoints);
      if (!read.ok) return failure(intent, GRADING_MESSAGES.checkMarks, { values: read.values, fieldErrors: read.errors });
      await saveGrades(assignment, read.entries);
      return done(assignment.gradesPublishedAt ? GRADING_MESSAGES.savedPublished : GRADING_MESSAGES.saved);
    }
    case "publish-grades": {
      const told = await publishGrades(assignment, classRecord.name);
      return done(GRADING_MESSAGES.published(told));
    }
    case "unpublish-grades":
      await unpublishGrades(assignment.id);
      return done(GRADING_MESSAGES.unpublished);
    case "add-comment": {
      const text = String(formData.get("comment") ?? "").trim();
      if (!text || text.length > 1000) return failure(intent, GRADING_MESSAGES.commentLength, { values: { comment: text.slice(0, 1000) } });
      await addComment(session.user.id, text);
      return done(GRADING_MESSAGES.commentAdded);
    }
    case "remove-comment":
      await removeComment(session.user.id, String(formData.get("commentId") ?? "").slice(0, 40));
      return done(GRADING_MESSAGES.commentRemoved);
    case "delete": {
      if (formData.get("confirm") !== "on") return failure(intent, ASSIGNMENT_MESSAGES.deleteNotConfirmed);
      await deleteAssignment(assignment.id);
      throw redirect(`/prof/courses/${classRecord.id}`, {
        headers: { "Set-Cookie": await toastHeader({ type: "success", title: ASSIGNMENT_MESSAGES.deleted(assignment.title) }) },
      });
    }
    default:
      void here;
      return failure(intent, ASSIGNMENT_MESSAGES.unknownAction);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function ProfAssignment({ loaderData, actionData }: Route.ComponentProps) {
  const { classRecord, assignment, linkable, comments, stats, students } = loaderData;
  useActionToast(actionData?.toast);
  const failed = (intent: Intent) => (actionData?.intent === intent && actionData.message ? actionData : undefined);
  const update = failed("update");
  const values = update?.values ?? {
    title: assignment.title,
    kind: assignment.kind,
    instructions: assignment.instructions,
    linkedPath: assignment.linkedPath ?? "",
    dueAt: assignment.dueLocal,
    maxPoints: String(assignment.maxPoints),
    rescaleTo20: assignment.rescaleTo20 ? "on" : "",
    coefficient: formatPoints(assignment.coefficient),
    period: assignment.period,
  };
  const errors = update?.fieldErrors ?? {};
  const grading = failed("grade");
  const published = assignment.status === "published";
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <TeacherBreadcrumb
        trail={[
          { to: "/prof/courses", label: "Mes cours" },
          { to: `/prof/courses/${classRecord.id}`, label: classRecord.name },
        ]}
        current={assignment.title}
      />
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{assignment.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
          <Badge tone={published ? "success" : "neutral"}>{published ? "Publié" : "Brouillon"}</Badge>
          {ASSIGNMENT_KINDS[assignment.kind]} · à rendre le {assignment.dueLabel} · noté sur {assignment.maxPoints}
          {assignment.rescaleTo20 && assignment.maxPoints !== 20 ? " (ramené sur 20)" : ""} · coefficient{" "}
          {formatPoints(assignment.coefficient)} · {PERIODS[assignment.period]}
        </p>
        <div className="flex flex-wrap gap-3 pt-2">
          <Form method="post">
            <input type="hidden" name="intent" value={published ? "unpublish" : "publish"} />
            <Button type="submit" variant={published ? "outline" : "primary"}>
              {published ? "Repasser en brouillon" : "Publier le devoir"}
            </Button>
          </Form>
          <Link
            to={`/prof/courses/${classRecord.id}/grades`}
            className="self-center font-semibold text-primary underline-offset-4 hover:underline"
          >
            Carnet de notes de la classe
          </Link>
        </div>
        {!published ? <p className="text-sm">Les élèves ne voient pas un brouillon&nbsp;: publiez le devoir quand il est prêt.</p> : null}
      </header>

      <Card className="p-6">
        <h2 className="mb-4 text-xl font-bold">Copies et notes</h2>
        {students.length === 0 ? (
          <p className="text-muted-foreground">Aucun élève n'a encore rejoint la classe.</p>
        ) : (
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="grade" />
            <FormError message={grading?.message} />
            <datalist id="comment-bank">
              {comments.map((comment) => (
                <option key={comment.id} value={comment.text} />
              ))}
            </datalist>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Copies rendues et notes des élèves</caption>
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-2 pr-3">
                      Élève
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Travail rendu
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Note /{assignment.maxPoints}
                    </th>
                    <th scope="col" className="py-2">
                      Commentaire
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {students.map((student) => {
                    const markName = `mark.${student.id}`;
                    const commentName = `comment.${student.id}`;
                    const error = grading?.fieldErrors?.[markName];
                    return (
                      <tr key={student.id} className="border-b border-border align-top">
                        <th scope="row" className="py-3 pr-3 font-semibold">
                          {student.name}
                          <input type="hidden" name="student" value={student.id} />
                        </th>
                        <td className="py-3 pr-3">
                          {student.submission ? (
                            <div className="space-y-1">
                              <p>
                                Rendu le {student.submission.submittedAt}{" "}
                                {student.submission.late ? <Badge tone="danger">En retard</Badge> : null}
                              </p>
                              {student.submission.quiz ? <p>Quiz&nbsp;: {student.submission.quiz}</p> : null}
                              {student.submission.files.map((file) => (
                                <p key={file.id}>
                                  <a href={`/fichiers/${file.id}`} className="text-primary underline underline-offset-4">
                                    {file.name}
                                  </a>{" "}
                                  ({file.size})
                                </p>
                              ))}
                              {student.submission.text ? (
                                <details>
                                  <summary className="cursor-pointer font-semibold">Réponse écrite</summary>
                                  <p className="mt-1 whitespace-pre-wrap">{student.submission.text}</p>
                                </details>
                              ) : null}
                            </div>
                          ) : (
                            <span className="text-muted-foreground">Rien de rendu</span>
                          )}
                        </td>
                        <td className="py-3 pr-3">
                          <Input
                            name={markName}
                            defaultValue={grading?.values?.[markName] ?? student.mark}
                            aria-label={`Note de ${student.name}`}
                            aria-invalid={Boolean(error)}
                            aria-describedby={error ? `${student.id}-error` : undefined}
                            className="w-28"
                            autoComplete="off"
                          />
                          {error ? (
                            <p id={`${student.id}-error`} className="mt-1 text-destructive">
                              {error}
                            </p>
                          ) : null}
                        </td>
                        <td className="py-3">
                          <Input
                            name={commentName}
                            list="comment-bank"
                            maxLength={1000}
                            defaultValue={grading?.values?.[commentName] ?? student.comment}
                            aria-label={`Commentaire pour ${student.name}`}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p className="text-sm text-muted-foreground">
              Une note s'écrit 12 ou 12,5&nbsp;; à la place d'une note&nbsp;: Abs, Abs excusé, Disp, Non rendu (compte 0 dans la moyenne) ou
              Non noté. Les commentaires types s'insèrent depuis la liste du champ.
            </p>
            <Button type="submit">Enregistrer les notes</Button>
          </Form>
        )}
      </Card>

      <Card className="space-y-3 p-6">
        <h2 className="text-xl font-bold">Publication des notes</h2>
        {stats ? (
          <p data-testid="assignment-stats">
            {stats.count} note{stats.count > 1 ? "s" : ""} · moyenne {stats.mean} · médiane {stats.median} · min {stats.min} · max{" "}
            {stats.max} · écart type {stats.standardDeviation} (sur {assignment.maxPoints})
          </p>
        ) : (
          <p className="text-muted-foreground">Aucune note pour l'instant.</p>
        )}
        {assignment.gradesPublishedAt ? (
          <>
            <p>Les notes sont publiées&nbsp;: chaque élève voit la sienne, son commentaire et les statistiques de la classe.</p>
            <Form method="post">
              <input type="hidden" name="intent" value="unpublish-grades" />
              <Button type="submit" variant="outline">
                Masquer les notes aux élèves
              </Button>
            </Form>
          </>
        ) : (
          <>
            <p>Les notes restent des brouillons, invisibles des élèves, jusqu'à leur publication. Chaque élève noté est alors prévenu.</p>
            <Form method="post">
              <input type="hidden" name="intent" value="publish-grades" />
              <Button type="submit">Publier les notes</Button>
            </Form>
          </>
        )}
      </Card>

      <Card className="space-y-4 p-6">
        <h2 className="text-xl font-bold">Réglages du devoir</h2>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="update" />
          <FormError message={update?.message} />
          <TextField label="Titre" name="title" defaultValue={values.title} maxLength={120} error={errors.title} />
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField label="Type" name="kind" defaultValue={values.kind} error={errors.kind} options={ASSIGNMENT_KINDS} />
            <TextField
              label="À rendre le (heure de Paris)"
              type="datetime-local"
              name="dueAt"
              defaultValue={values.dueAt}
              error={errors.dueAt}
            />
            <SelectField label="Période" name="period" defaultValue={values.period} error={errors.period} options={PERIODS} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label="Noté sur" name="maxPoints" inputMode="numeric" defaultValue={values.maxPoints} error={errors.maxPoints} />
            <TextField
              label="Coefficient"
              name="coefficient"
              inputMode="decimal"
              defaultValue={values.coefficient}
              error={errors.coefficient}
            />
            <div className="self-end">
              <Checkbox label="Ramener sur 20" name="rescaleTo20" defaultChecked={values.rescaleTo20 === "on"} />
            </div>
          </div>
          <Field
            label="Contenu à travailler (facultatif)"
            error={errors.linkedPath}
            hint="Un quiz lié enregistre la tentative et le score de chaque élève."
          >
            {({ id, describedBy, invalid }) => (
              <Select id={id} name="linkedPath" defaultValue={values.linkedPath} aria-describedby={describedBy} aria-invalid={invalid}>
                <option value="">Aucun</option>
                {Object.entries(LINKABLE_KINDS).map(([kind, label]) => (
                  <optgroup key={kind} label={label}>
                    {linkable
                      .filter((item) => item.kind === kind)
                      .map((item) => (
                        <option key={item.path} value={item.path}>
                          {item.title}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Consigne"
            error={errors.instructions}
            hint={`En Markdown\u00a0; les formules s'écrivent entre dollars, comme $u_{n+1} = f(u_n)$.`}
          >
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="instructions"
                rows={8}
                defaultValue={values.instructions}
                maxLength={20000}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <Button type="submit" className="self-start">
            Enregistrer le devoir
          </Button>
        </Form>
        {assignment.instructionsHtml ? (
          <section aria-labelledby="apercu" className="rounded-lg border border-border p-4">
            <h3 id="apercu" className="mb-2 font-semibold">
              Consigne telle que les élèves la lisent
            </h3>
            <div className="prose-content" dangerouslySetInnerHTML={{ __html: assignment.instructionsHtml }} />
          </section>
        ) : null}
        {assignment.linkedPath ? (
          <p>
            Contenu lié&nbsp;:{" "}
            <Link to={assignment.linkedPath} className="text-primary underline underline-offset-4">
              {assignment.linkedTitle ?? assignment.linkedPath}
            </Link>
          </p>
        ) : null}
      </Card>

      <Card className="space-y-3 p-6">
        <h2 className="text-xl font-bold">Commentaires types</h2>
        {comments.length === 0 ? <p className="text-muted-foreground">Aucun commentaire type pour l'instant.</p> : null}
        <ul className="space-y-2">
          {comments.map((comment) => (
            <li key={comment.id} className="flex items-start justify-between gap-3">
              <span>{comment.text}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-comment" />
                <input type="hidden" name="commentId" value={comment.id} />
                <Button type="submit" variant="ghost" size="sm" aria-label={`Retirer le commentaire «\u00a0${comment.text}\u00a0»`}>
                  Retirer
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <input type="hidden" name="intent" value="add-comment" />
          <div className="grow">
            <TextField
              label="Nouveau commentaire type"
              name="comment"
              maxLength={1000}
              defaultValue={failed("add-comment")?.values?.comment ?? ""}
              error={failed("add-comment")?.message}
            />
          </div>
          <Button type="submit" variant="outline">
            Ajouter
          </Button>
        </Form>
      </Card>

      <Card className="space-y-3 border-destructive/40 p-6">
        <h2 className="text-xl font-bold">Supprimer le devoir</h2>
        <p className="text-muted-foreground">Les copies rendues, leurs fichiers et les notes de ce devoir sont supprimés avec lui.</p>
        <FormError message={failed("delete")?.message} />
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="delete" />
          <Checkbox label={`Je confirme la suppression de «\u00a0${assignment.title}\u00a0»`} name="confirm" />
          <Button type="submit" variant="destructive" className="self-start">
            Supprimer le devoir
          </Button>
        </Form>
      </Card>
    </div>
  );
}
