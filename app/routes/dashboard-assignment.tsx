import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { FormError } from "~/components/layout/auth-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { requireStudentAssignment } from "~/features/assignments/assignment-guards.server";
import {
  ASSIGNMENT_KINDS,
  ASSIGNMENT_MESSAGES,
  MAX_FILES_PER_SUBMISSION,
  formatFileSize,
  formatParisDateTime,
  timeLeft,
} from "~/features/assignments/assignments";
import { findSubmission, removeSubmissionFile, submitWork } from "~/features/assignments/assignments.server";
import { findLinkable } from "~/features/assignments/linkable-content.server";
import { readSubmissionForm } from "~/features/assignments/submission-form.server";
import { getConfig } from "~/config.server";
import { formatAverage, markOutOf20, workStatistics } from "~/features/grades/gradebook";
import { assignmentGrades } from "~/features/grades/grades.server";
import { formatMark, formatPoints } from "~/features/grades/marks";
import { readFormData } from "~/features/http/request-body.server";
import { trackActivity } from "~/features/progress/progress.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/dashboard-assignment";

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const { assignment } = await requireStudentAssignment(request, params.assignmentId);
  const submission = await findSubmission(assignment.id, session.user.id);
  // Marks are read only once published: drafts never reach the student.
  const marks = assignment.gradesPublishedAt ? await assignmentGrades(assignment.id) : null;
  const mine = marks?.get(session.user.id);
  const stats = marks && workStatistics(assignment, marks.values());
  const now = new Date();
  return {
    meta: { ...catalogPageMeta(findCatalogEntry("/dashboard/devoirs/:assignmentId")!), title: `${assignment.title}` },
    assignment: {
      id: assignment.id,
      title: assignment.title,
      kind: assignment.kind,
      className: assignment.className,
      teacherName: assignment.teacherName,
      instructionsHtml: assignment.instructionsHtml,
      linked: assignment.linkedPath ? (findLinkable(assignment.linkedPath) ?? null) : null,
      dueLabel: formatParisDateTime(assignment.dueAt),
      timeLeft: timeLeft(assignment.dueAt, now),
      open: now.getTime() <= assignment.dueAt.getTime(),
      maxPoints: assignment.maxPoints,
    },
    submission: submission && {
      submittedAt: formatParisDateTime(submission.submittedAt),
      late: submission.late,
      text: submission.text,
      quiz: submission.quizTotal ? `${submission.quizScore}/${submission.quizTotal}` : null,
      files: submission.files.map((file) => ({ id: file.id, name: file.name, size: formatFileSize(file.size) })),
    },
    result: marks && {
      mark: mine && (mine.points !== null || mine.status !== null) ? formatMark(mine) : null,
      outOf20: mine && assignment.maxPoints !== 20 && mine.points !== null ? formatAverage(markOutOf20(assignment, mine)) : null,
      comment: mine?.comment ?? "",
      stats: stats && {
        count: stats.count,
        mean: formatAverage(stats.mean),
        median: formatPoints(stats.median),
        min: formatPoints(stats.min),
        max: formatPoints(stats.max),
      },
    },
    uploadMaxBytes: getConfig().uploadMaxBytes,
  };
}

export async function action({ request, pattern, params }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const { assignment } = await requireStudentAssignment(request, params.assignmentId);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "remove-file") {
    const removed = await removeSubmissionFile(assignment, session.user.id, String(formData.get("fileId") ?? "").slice(0, 40));
    if (!removed) return data({ intent, text: undefined, message: ASSIGNMENT_MESSAGES.closed, toast: undefined }, { status: 400 });
    return { intent, text: undefined, message: undefined, toast: { type: "success" as const, title: ASSIGNMENT_MESSAGES.fileRemoved } };
  }
  if (intent !== "submit")
    return data({ intent, text: undefined, message: ASSIGNMENT_MESSAGES.unknownAction, toast: undefined }, { status: 400 });
  const previous = await findSubmission(assignment.id, session.user.id);
  const read = await readSubmissionForm(formData, previous?.files.length ?? 0);
  if (!read.ok) return data({ intent, text: read.text, message: read.error, toast: undefined }, { status: 400 });
  if (!read.text.trim() && read.files.length === 0 && !previous?.files.length && !previous?.quizTotal)
    return data({ intent, text: read.text, message: ASSIGNMENT_MESSAGES.emptySubmission, toast: undefined }, { status: 400 });
  const result = await submitWork(assignment, session.user.id, read);
  if (!result.ok) return data({ intent, text: read.text, message: ASSIGNMENT_MESSAGES.closed, toast: undefined }, { status: 409 });
  // The first hand-in counts once in the student's progress (platform-core §9: submission, 8).
  await trackActivity(session.user.id, "submission");
  return {
    intent,
    text: undefined,
    message: undefined,
    toast: { type: "success" as const, title: result.late ? ASSIGNMENT_MESSAGES.submittedLate : ASSIGNMENT_MESSAGES.submitted },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function DashboardAssignment({ loaderData, actionData }: Route.ComponentProps) {
  const { assignment, submission, result, uploadMaxBytes } = loaderData;
  useActionToast(actionData?.toast);
  const navigation = useNavigation();
  const [fileError, setFileError] = useState<string>();
  const canSubmit = assignment.open || !submission;
  const failure = actionData?.intent === "submit" ? actionData.message : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <nav aria-label="Fil d'Ariane" className="text-sm">
        <Link to="/dashboard#classes" className="text-primary underline underline-offset-4">
          Mon dashboard
        </Link>
        {" › "}
        <span aria-current="page">{assignment.title}</span>
      </nav>
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{assignment.title}</h1>
        <p className="text-muted-foreground">
          {ASSIGNMENT_KINDS[assignment.kind]} · {assignment.className} · {assignment.teacherName}
        </p>
        <p>
          À rendre le <strong>{assignment.dueLabel}</strong> ({assignment.timeLeft}) · noté sur {assignment.maxPoints}
        </p>
      </header>

      {result ? (
        <Card className="space-y-2 p-6" data-testid="my-result">
          <h2 className="text-xl font-bold">Ma note</h2>
          {result.mark ? (
            <p className="text-2xl font-extrabold">
              {result.mark}
              {/^\d/.test(result.mark) ? ` / ${assignment.maxPoints}` : ""}
              {result.outOf20 ? (
                <span className="ml-2 text-base font-normal text-muted-foreground">soit {result.outOf20} sur 20</span>
              ) : null}
            </p>
          ) : (
            <p>Pas de note pour vous sur ce devoir.</p>
          )}
          {result.comment ? <p className="whitespace-pre-wrap">«&nbsp;{result.comment}&nbsp;»</p> : null}
          {result.stats ? (
            <p className="text-sm text-muted-foreground">
              Classe&nbsp;: moyenne {result.stats.mean}, médiane {result.stats.median}, de {result.stats.min} à {result.stats.max} (
              {result.stats.count} note{result.stats.count > 1 ? "s" : ""}).
            </p>
          ) : null}
        </Card>
      ) : null}

      {assignment.instructionsHtml ? (
        <Card className="p-6">
          <h2 className="mb-3 text-xl font-bold">Consigne</h2>
          <div className="prose-content" dangerouslySetInnerHTML={{ __html: assignment.instructionsHtml }} />
        </Card>
      ) : null}
      {assignment.linked ? (
        <Card className="p-6">
          <h2 className="mb-2 text-xl font-bold">À travailler</h2>
          <p>
            <Link to={assignment.linked.path} className="font-semibold text-primary underline underline-offset-4">
              {assignment.linked.title}
            </Link>
            {assignment.linked.kind === "quiz"
              ? " — votre tentative et votre score sont transmis à votre professeur quand vous terminez le quiz."
              : null}
          </p>
        </Card>
      ) : null}

      <Card className="space-y-4 p-6">
        <h2 className="text-xl font-bold">Mon travail</h2>
        {submission ? (
          <div className="space-y-2">
            <p>
              Rendu le {submission.submittedAt} {submission.late ? <Badge tone="danger">En retard</Badge> : null}
            </p>
            {submission.quiz ? <p>Score au quiz&nbsp;: {submission.quiz}</p> : null}
            {submission.files.length > 0 ? (
              <ul className="space-y-1">
                {submission.files.map((file) => (
                  <li key={file.id} className="flex flex-wrap items-center gap-3">
                    <a href={`/fichiers/${file.id}`} className="text-primary underline underline-offset-4">
                      {file.name}
                    </a>
                    <span className="text-sm text-muted-foreground">{file.size}</span>
                    {assignment.open ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-file" />
                        <input type="hidden" name="fileId" value={file.id} />
                        <Button type="submit" variant="ghost" size="sm" aria-label={`Retirer ${file.name}`}>
                          Retirer
                        </Button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <p className="text-muted-foreground">Rien de rendu pour l'instant.</p>
        )}
        {canSubmit ? (
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="submit" />
            <FormError message={failure ?? fileError} />
            {!assignment.open ? <p>La date limite est passée&nbsp;: votre travail sera signalé en retard.</p> : null}
            <Field label="Réponse écrite (facultative)">
              {({ id }) => (
                <Textarea id={id} name="text" rows={6} maxLength={50000} defaultValue={actionData?.text ?? submission?.text ?? ""} />
              )}
            </Field>
            <Field
              label="Fichiers"
              hint={`PDF, JPEG ou PNG\u00a0: ${formatFileSize(uploadMaxBytes)} au plus par envoi, ${MAX_FILES_PER_SUBMISSION} fichiers au plus.`}
            >
              {({ id, describedBy }) => (
                <input
                  id={id}
                  type="file"
                  name="files"
                  multiple
                  accept="application/pdf,image/jpeg,image/png"
                  aria-describedby={describedBy}
                  className="text-sm"
                  onChange={(event) => {
                    const total = [...(event.currentTarget.files ?? [])].reduce((sum, file) => sum + file.size, 0);
                    setFileError(
                      total > uploadMaxBytes ? `Les fichiers choisis dépassent ${formatFileSize(uploadMaxBytes)} au total.` : undefined,
                    );
                  }}
                />
              )}
            </Field>
            <Button type="submit" className="self-start" disabled={navigation.state !== "idle" || Boolean(fileError)}>
              {submission ? "Remplacer mon travail" : "Rendre mon travail"}
            </Button>
            {submission ? (
              <p className="text-sm text-muted-foreground">
                Une nouvelle réponse écrite remplace l'ancienne&nbsp;; les fichiers s'ajoutent.
              </p>
            ) : null}
          </Form>
        ) : (
          <p>{ASSIGNMENT_MESSAGES.closed}</p>
        )}
      </Card>
    </div>
  );
}
