import { Link } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { Card } from "~/components/ui/card";
import { guardSignedInRoute, requireResource } from "~/features/access/guards.server";
import { ASSIGNMENT_KINDS } from "~/features/assignments/assignments";
import { listStudentClasses } from "~/features/classes/classes.server";
import { WEEKDAYS, type Weekday } from "~/features/colles/colles";
import { listStudentColleMarks } from "~/features/colles/colles.server";
import { classGradebook } from "~/features/grades/class-gradebook.server";
import { formatAverage } from "~/features/grades/gradebook";
import { PERIODS, formatMark } from "~/features/grades/marks";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/dashboard-class";

/** A student's marks in one of their classes: published marks only, their averages and the class's. */
export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  await guardSignedInRoute({ request, pattern });
  const { session, resource: classRecord } = await requireResource(request, "read:account:own", async (user) =>
    (await listStudentClasses(user.id)).find((item) => item.id === params.classId),
  );
  const [{ book, summary }, colles] = await Promise.all([
    classGradebook(classRecord, { publishedOnly: true }),
    listStudentColleMarks(session.user.id, classRecord.id),
  ]);
  const mine = summary.students.get(session.user.id);
  return {
    meta: { ...catalogPageMeta(findCatalogEntry("/dashboard/classes/:classId")!), title: `Mes notes — ${classRecord.name}` },
    className: classRecord.name,
    teacherName: classRecord.teacherName,
    marks: book.assignments.map((assignment) => {
      const mark = book.marks.get(`${assignment.id}:${session.user.id}`);
      const stats = summary.workStatistics.get(assignment.id);
      return {
        id: assignment.id,
        title: assignment.title,
        kind: ASSIGNMENT_KINDS[assignment.kind],
        period: PERIODS[assignment.period],
        maxPoints: assignment.maxPoints,
        coefficient: String(assignment.coefficient).replace(".", ","),
        mark: mark ? formatMark(mark) : "—",
        classMean: stats ? formatAverage(stats.mean) : "—",
      };
    }),
    averages: summary.periods.map((period) => ({
      label: PERIODS[period],
      mine: formatAverage(mine?.byPeriod[period] ?? null),
      classAverage: formatAverage(summary.classAverage.byPeriod[period] ?? null),
    })),
    overall: { mine: formatAverage(mine?.overall ?? null), classAverage: formatAverage(summary.classAverage.overall) },
    colles: colles.map((colle) => ({
      when: `${WEEKDAYS[colle.weekday as Weekday]} de la semaine du ${new Date(`${colle.weekStart}T12:00:00Z`).toLocaleDateString("fr-FR", { day: "numeric", month: "long" })}, ${colle.startTime}`,
      colleur: colle.colleurName,
      mark: formatMark(colle) || "—",
      comment: colle.comment,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function DashboardClass({ loaderData }: Route.ComponentProps) {
  const { className, teacherName, marks, averages, overall, colles } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <nav aria-label="Fil d'Ariane" className="text-sm">
        <Link to="/dashboard#classes" className="text-primary underline underline-offset-4">
          Mon dashboard
        </Link>
        {" › "}
        <span aria-current="page">{className}</span>
      </nav>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Mes notes — {className}</h1>
        <p className="mt-2 text-muted-foreground">{teacherName}. Seules les notes publiées par votre professeur apparaissent ici.</p>
      </header>
      <Card className="p-6">
        <h2 className="mb-3 text-xl font-bold">Mes moyennes</h2>
        <table className="w-full text-left">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2">
                Période
              </th>
              <th scope="col" className="py-2">
                Ma moyenne
              </th>
              <th scope="col" className="py-2">
                Moyenne de la classe
              </th>
            </tr>
          </thead>
          <tbody>
            {averages.map((row) => (
              <tr key={row.label} className="border-b border-border">
                <th scope="row" className="py-2 font-normal">
                  {row.label}
                </th>
                <td className="py-2 font-semibold">{row.mine}</td>
                <td className="py-2">{row.classAverage}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-2 font-semibold">
                Année
              </th>
              <td className="py-2 font-bold" data-testid="my-average">
                {overall.mine}
              </td>
              <td className="py-2" data-testid="class-average">
                {overall.classAverage}
              </td>
            </tr>
          </tbody>
        </table>
        <p className="mt-3 text-sm text-muted-foreground">
          Moyennes sur 20, pondérées par les coefficients. Abs, Abs excusé, Disp et Non noté ne comptent pas&nbsp;; Non rendu compte 0.
        </p>
      </Card>
      <Card className="p-6">
        <h2 className="mb-3 text-xl font-bold">Mes notes</h2>
        {marks.length === 0 ? (
          <p className="text-muted-foreground">Aucune note publiée pour l'instant.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2">
                  Devoir
                </th>
                <th scope="col" className="py-2">
                  Ma note
                </th>
                <th scope="col" className="py-2">
                  Moyenne de la classe
                </th>
                <th scope="col" className="py-2">
                  Coefficient
                </th>
              </tr>
            </thead>
            <tbody>
              {marks.map((row) => (
                <tr key={row.id} className="border-b border-border">
                  <th scope="row" className="py-2 font-normal">
                    <Link to={`/dashboard/devoirs/${row.id}`} className="text-primary underline underline-offset-4">
                      {row.title}
                    </Link>
                    <span className="block text-muted-foreground">
                      {row.kind} · {row.period}
                    </span>
                  </th>
                  <td className="py-2 font-semibold">
                    {row.mark}
                    {/^\d/.test(row.mark) ? ` / ${row.maxPoints}` : ""}
                  </td>
                  <td className="py-2">{row.classMean === "—" ? "—" : `${row.classMean} / ${row.maxPoints}`}</td>
                  <td className="py-2">{row.coefficient}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {colles.length > 0 ? (
        <Card className="p-6">
          <h2 className="mb-3 text-xl font-bold">Mes colles</h2>
          <ul className="space-y-3">
            {colles.map((colle, index) => (
              <li key={index}>
                <p>
                  <span className="font-semibold">{colle.mark}</span> — {colle.when}, avec {colle.colleur}
                </p>
                {colle.comment ? <p className="text-sm text-muted-foreground">«&nbsp;{colle.comment}&nbsp;»</p> : null}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
