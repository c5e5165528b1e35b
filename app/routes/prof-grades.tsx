import { Form, Link, data, useSearchParams } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { FormError } from "~/components/layout/auth-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { ASSIGNMENT_KINDS } from "~/features/assignments/assignments";
import { requireClassTeacher } from "~/features/classes/class-guards.server";
import { TeacherBreadcrumb } from "~/features/classes/teacher-breadcrumb";
import { classGradebook } from "~/features/grades/class-gradebook.server";
import { formatAverage, ranks } from "~/features/grades/gradebook";
import { onGridKeyDown, onGridPaste } from "~/features/grades/gradebook-grid";
import { importGradebook, saveGradebookCells } from "~/features/grades/gradebook-actions.server";
import { GRADEBOOK_MESSAGES } from "~/features/grades/grading-form";
import { PERIODS, formatMark, formatPoints } from "~/features/grades/marks";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/prof-grades";

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  await guardSignedInRoute({ request, pattern });
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const { book, summary } = await classGradebook(classRecord);
  const overall = new Map(book.students.map((student) => [student.id, summary.students.get(student.id)!.overall]));
  const rankOf = ranks(overall);
  return {
    meta: { ...catalogPageMeta(findCatalogEntry("/prof/courses/:courseId/grades")!), title: `Notes — ${classRecord.name}` },
    classRecord: { id: classRecord.id, name: classRecord.name, colleCoefficient: classRecord.colleCoefficient },
    periods: summary.periods.map((period) => ({ key: period, label: PERIODS[period] })),
    assignments: book.assignments.map((assignment) => {
      const stats = summary.workStatistics.get(assignment.id);
      return {
        id: assignment.id,
        title: assignment.title,
        kind: assignment.kind,
        maxPoints: assignment.maxPoints,
        rescaleTo20: assignment.rescaleTo20,
        coefficient: formatPoints(assignment.coefficient),
        period: PERIODS[assignment.period],
        gradesPublished: assignment.gradesPublished,
        stats: stats && {
          mean: formatAverage(stats.mean),
          median: formatPoints(stats.median),
          min: formatPoints(stats.min),
          max: formatPoints(stats.max),
          standardDeviation: formatAverage(stats.standardDeviation),
        },
      };
    }),
    students: book.students.map((student) => {
      const averages = summary.students.get(student.id)!;
      return {
        id: student.id,
        name: student.name,
        marks: book.assignments.map((assignment) => {
          const mark = book.marks.get(`${assignment.id}:${student.id}`);
          return mark ? formatMark(mark) : "";
        }),
        byPeriod: summary.periods.map((period) => formatAverage(averages.byPeriod[period] ?? null)),
        colles: summary.periods.map((period) => (averages.colles[period] === undefined ? null : formatAverage(averages.colles[period]!))),
        overall: formatAverage(averages.overall),
        rank: rankOf.get(student.id) ?? null,
      };
    }),
    classAverage: {
      byPeriod: summary.periods.map((period) => formatAverage(summary.classAverage.byPeriod[period] ?? null)),
      overall: formatAverage(summary.classAverage.overall),
    },
  };
}

export async function action({ request, pattern, params }: Route.ActionArgs) {
  await guardSignedInRoute({ request, pattern });
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "save") {
    const result = await saveGradebookCells(classRecord, formData);
    if (!result.ok) return data({ intent, ...result, report: undefined, toast: undefined }, { status: 400 });
    return {
      intent,
      ok: true as const,
      values: undefined,
      errors: undefined,
      message: undefined,
      report: undefined,
      toast: { type: "success" as const, title: GRADEBOOK_MESSAGES.saved(result.saved) },
    };
  }
  if (intent === "import") {
    const report = await importGradebook(classRecord, formData.get("csv"));
    const status = report.error ? 400 : 200;
    return data(
      { intent, ok: !report.error, values: undefined, errors: undefined, message: report.error, report, toast: undefined },
      { status },
    );
  }
  return data(
    { intent, ok: false as const, values: undefined, errors: undefined, message: "Action inconnue.", report: undefined, toast: undefined },
    { status: 400 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function ProfGrades({ loaderData, actionData }: Route.ComponentProps) {
  const { classRecord, periods, assignments, students, classAverage } = loaderData;
  const [searchParams] = useSearchParams();
  const showRanks = searchParams.get("classement") === "1";
  useActionToast(actionData?.toast);
  const saveFailed = actionData?.intent === "save" && !actionData.ok ? actionData : undefined;
  const report = actionData?.intent === "import" ? actionData.report : undefined;
  const hasColles = classRecord.colleCoefficient > 0 && students.some((student) => student.colles.some((value) => value !== null));
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <TeacherBreadcrumb
        trail={[
          { to: "/prof/courses", label: "Mes cours" },
          { to: `/prof/courses/${classRecord.id}`, label: classRecord.name },
        ]}
        current="Notes"
      />
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Notes du cours</h1>
        <p className="max-w-3xl text-muted-foreground">
          Moyenne sur 20 = 20 × Σ (coefficient × note) ÷ Σ (coefficient × barème). Une note «&nbsp;ramenée sur 20&nbsp;» compte sur 20, quel
          que soit son barème&nbsp;; sinon elle pèse aussi selon son barème (un /40 compte deux fois un /20 de même coefficient). Abs, Abs
          excusé, Disp et Non noté sont laissés hors de la moyenne&nbsp;; <strong>Non rendu compte 0</strong>. La moyenne générale porte sur
          toutes les notes de l'année. Les brouillons (notes non publiées) sont comptés ici, pas chez les élèves.
          {classRecord.colleCoefficient > 0
            ? ` Les colles comptent comme une note par période (leur moyenne), de coefficient ${formatPoints(classRecord.colleCoefficient)}.`
            : null}
        </p>
        <p className="flex flex-wrap gap-4">
          <a
            href={`/prof/courses/${classRecord.id}/grades/export`}
            className="font-semibold text-primary underline-offset-4 hover:underline"
            download
          >
            Exporter en CSV (tableur)
          </a>
          <Link
            to={showRanks ? "?" : "?classement=1"}
            className="font-semibold text-primary underline-offset-4 hover:underline"
            preventScrollReset
          >
            {showRanks ? "Masquer le classement" : "Afficher le classement"}
          </Link>
        </p>
      </header>

      {students.length === 0 || assignments.length === 0 ? (
        <p className="text-muted-foreground">
          {students.length === 0
            ? "Aucun élève n'a encore rejoint la classe."
            : "La classe n'a pas encore de devoir\u00a0: créez-en un depuis la page de la classe."}
        </p>
      ) : (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="save" />
          {assignments.map((assignment) => (
            <input key={assignment.id} type="hidden" name="a" value={assignment.id} />
          ))}
          {students.map((student) => (
            <input key={student.id} type="hidden" name="s" value={student.id} />
          ))}
          <FormError message={saveFailed?.message} />
          <div className="overflow-x-auto rounded-lg border border-border" onKeyDown={onGridKeyDown} onPaste={onGridPaste}>
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Carnet de notes&nbsp;: une ligne par élève, une colonne par devoir</caption>
              <thead>
                <tr className="border-b border-border bg-muted/50 align-bottom">
                  <th scope="col" className="sticky left-0 bg-background p-2 text-left">
                    Élève
                  </th>
                  {assignments.map((assignment) => (
                    <th key={assignment.id} scope="col" className="min-w-28 p-2 text-left font-semibold">
                      <Link
                        to={`/prof/courses/${classRecord.id}/assignment/${assignment.id}`}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {assignment.title}
                      </Link>
                      <span className="block font-normal text-muted-foreground">
                        {ASSIGNMENT_KINDS[assignment.kind]} · /{assignment.maxPoints}
                        {assignment.rescaleTo20 ? "→20" : ""} · coef. {assignment.coefficient}
                      </span>
                      <span className="block font-normal text-muted-foreground">{assignment.period}</span>
                      {assignment.gradesPublished ? <Badge tone="success">Publiées</Badge> : <Badge>Brouillon</Badge>}
                    </th>
                  ))}
                  {hasColles
                    ? periods.map((period) => (
                        <th key={`c-${period.key}`} scope="col" className="p-2 text-left">
                          Colles {period.label}
                        </th>
                      ))
                    : null}
                  {periods.map((period) => (
                    <th key={period.key} scope="col" className="p-2 text-left">
                      Moyenne {period.label}
                    </th>
                  ))}
                  <th scope="col" className="p-2 text-left">
                    Moyenne générale
                  </th>
                  {showRanks ? (
                    <th scope="col" className="p-2 text-left">
                      Rang
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {students.map((student, row) => (
                  <tr key={student.id} className="border-b border-border">
                    <th scope="row" className="sticky left-0 bg-background p-2 text-left font-semibold">
                      {student.name}
                    </th>
                    {student.marks.map((mark, col) => {
                      const name = `g.${col}.${row}`;
                      const error = saveFailed?.errors?.[name];
                      return (
                        <td key={assignments[col].id} className="p-1">
                          <input
                            name={name}
                            data-row={row}
                            data-col={col}
                            defaultValue={saveFailed?.values?.[name] ?? mark}
                            aria-label={`${student.name}, ${assignments[col].title}`}
                            aria-invalid={Boolean(error)}
                            title={error}
                            autoComplete="off"
                            className="w-24 rounded border border-border bg-background px-2 py-1 aria-[invalid=true]:border-destructive aria-[invalid=true]:bg-destructive-soft"
                          />
                          {error ? <span className="block max-w-40 text-xs text-destructive">{error}</span> : null}
                        </td>
                      );
                    })}
                    {hasColles
                      ? student.colles.map((value, index) => (
                          <td key={`c-${index}`} className="p-2">
                            {value ?? "—"}
                          </td>
                        ))
                      : null}
                    {student.byPeriod.map((value, index) => (
                      <td key={index} className="p-2 font-semibold">
                        {value}
                      </td>
                    ))}
                    <td className="p-2 font-bold" data-testid={`overall-${student.id}`}>
                      {student.overall}
                    </td>
                    {showRanks ? <td className="p-2">{student.rank ?? "—"}</td> : null}
                  </tr>
                ))}
              </tbody>
              <tfoot className="text-muted-foreground">
                {(["mean", "median", "min", "max", "standardDeviation"] as const).map((stat) => (
                  <tr key={stat} className="border-b border-border">
                    <th scope="row" className="sticky left-0 bg-background p-2 text-left">
                      {
                        {
                          mean: "Moyenne de la classe",
                          median: "Médiane",
                          min: "Note la plus basse",
                          max: "Note la plus haute",
                          standardDeviation: "Écart type",
                        }[stat]
                      }
                    </th>
                    {assignments.map((assignment) => (
                      <td key={assignment.id} className="p-2">
                        {assignment.stats?.[stat] ?? "—"}
                      </td>
                    ))}
                    {hasColles ? periods.map((period) => <td key={`c-${period.key}`} />) : null}
                    {stat === "mean" ? (
                      <>
                        {classAverage.byPeriod.map((value, index) => (
                          <td key={index} className="p-2 font-semibold">
                            {value}
                          </td>
                        ))}
                        <td className="p-2 font-semibold">{classAverage.overall}</td>
                      </>
                    ) : (
                      <td colSpan={periods.length + 1} />
                    )}
                    {showRanks ? <td /> : null}
                  </tr>
                ))}
              </tfoot>
            </table>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">
            Entrée et flèches haut/bas passent d'un élève à l'autre&nbsp;; une colonne copiée d'un tableur se colle d'un coup dans la
            première case. Les statistiques sont sur le barème de chaque devoir.
          </p>
          <Button type="submit" className="mt-4">
            Enregistrer les notes
          </Button>
        </Form>
      )}

      <Card className="space-y-3 p-6">
        <h2 className="text-xl font-bold">Importer des notes (CSV)</h2>
        <p className="text-muted-foreground">
          Le fichier exporté ci-dessus, complété dans un tableur et enregistré en CSV (séparateur point-virgule)&nbsp;: les élèves sont
          reconnus à leur adresse e-mail, les devoirs au titre de leur colonne. Les notes importées sont des brouillons&nbsp;; une case vide
          ne change rien. Les colonnes des devoirs dont les notes sont publiées ne sont pas importées.
        </p>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="import" />
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            Fichier CSV
            <input type="file" name="csv" accept=".csv,text/csv" required className="font-normal" />
          </label>
          <Button type="submit" variant="outline">
            Importer
          </Button>
        </Form>
        {actionData?.intent === "import" ? (
          <div role="status" className="space-y-2" data-testid="import-report">
            {report?.error ? (
              <p className="font-medium text-destructive">{report.error}</p>
            ) : (
              <p className="font-semibold">{GRADEBOOK_MESSAGES.imported(report?.imported ?? 0)}</p>
            )}
            {report && report.rejected.length > 0 ? (
              <>
                <p>Lignes refusées&nbsp;:</p>
                <ul className="list-disc space-y-1 pl-6">
                  {report.rejected.map((line) => (
                    <li key={line.line}>
                      Ligne {line.line}&nbsp;: {line.reasons.join("\u00a0; ")}.
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {report && report.ignoredColumns.length > 0 ? (
              <ul className="list-disc space-y-1 pl-6 text-muted-foreground">
                {report.ignoredColumns.map((column) => (
                  <li key={column}>Colonne {column}.</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </Card>
    </div>
  );
}
