import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { ASSIGNMENT_KINDS, type AssignmentKind, formatParisDateTime } from "~/features/assignments/assignments";
import { lastPublishedMarks, submissionsToGrade, teacherAssignmentsDue } from "~/features/assignments/assignments.server";
import { listTeacherClasses } from "~/features/classes/classes.server";
import { classTrends } from "~/features/grades/class-trends.server";
import { formatAverage } from "~/features/grades/gradebook";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/prof-home";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, session } = await guardSignedInRoute({ request, pattern });
  const now = new Date();
  const inAWeek = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  const [classes, due, toGrade, published, trends] = await Promise.all([
    listTeacherClasses(session.user.id),
    teacherAssignmentsDue(session.user.id, now, inAWeek),
    submissionsToGrade(session.user.id),
    lastPublishedMarks(session.user.id),
    classTrends(session.user.id),
  ]);
  return {
    meta: catalogPageMeta(entry),
    title: entry.title,
    classes: classes.map((item) => ({ id: item.id, name: item.name, students: item.students })),
    due: due.map((item) => ({ ...item, kind: item.kind as AssignmentKind, dueAt: formatParisDateTime(item.dueAt) })),
    toGrade,
    published: published.map((item) => ({ ...item, publishedAt: item.publishedAt ? formatParisDateTime(item.publishedAt) : "" })),
    trends: trends.filter((trend) => trend.points.length > 0),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

/** One line per class: its mean out of 20 on each marked assignment, in order. */
function TrendChart({ trend }: { trend: Route.ComponentProps["loaderData"]["trends"][number] }) {
  const width = 320;
  const height = 120;
  const x = (index: number) => (trend.points.length === 1 ? width / 2 : 10 + (index * (width - 20)) / (trend.points.length - 1));
  const y = (mean: number) => height - 10 - (mean / 20) * (height - 20);
  return (
    <figure className="space-y-2">
      <figcaption className="font-semibold">{trend.className}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-32 w-full max-w-md"
        role="img"
        aria-label={`Moyennes de ${trend.className} devoir après devoir`}
      >
        <line x1="0" x2={width} y1={y(10)} y2={y(10)} className="stroke-border" strokeDasharray="4 4" />
        <polyline
          fill="none"
          className="stroke-primary"
          strokeWidth="2.5"
          points={trend.points.map((point, index) => `${x(index)},${y(point.mean)}`).join(" ")}
        />
        {trend.points.map((point, index) => (
          <circle key={index} cx={x(index)} cy={y(point.mean)} r="4" className="fill-primary" />
        ))}
      </svg>
      <table className="text-sm">
        <caption className="sr-only">Moyenne de la classe sur 20 par devoir</caption>
        <tbody>
          {trend.points.map((point, index) => (
            <tr key={index}>
              <th scope="row" className="pr-3 text-left font-normal">
                {point.title}
              </th>
              <td className="font-semibold">{formatAverage(point.mean)}/20</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export default function ProfHome({ loaderData }: Route.ComponentProps) {
  const { title, classes, due, toGrade, published, trends } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
        <p className="flex flex-wrap gap-4">
          <Link to="/prof/courses" className={linkClass}>
            Mes cours
          </Link>
          <Link to="/prof/colles" className={linkClass}>
            Mes colles
          </Link>
        </p>
      </header>
      {classes.length === 0 ? (
        <Card className="p-6">
          <p>
            Vous n'avez pas encore de classe.{" "}
            <Link to="/prof/courses" className={linkClass}>
              Créez la première
            </Link>{" "}
            et donnez son code à vos élèves.
          </p>
        </Card>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="space-y-3 p-6">
          <h2 className="text-xl font-bold">À rendre cette semaine</h2>
          {due.length === 0 ? (
            <p className="text-muted-foreground">Aucun devoir à rendre dans les sept jours.</p>
          ) : (
            <ul className="space-y-2">
              {due.map((item) => (
                <li key={item.id}>
                  <Link to={`/prof/courses/${item.classId}/assignment/${item.id}`} className={linkClass}>
                    {item.title}
                  </Link>
                  <span className="block text-sm text-muted-foreground">
                    {ASSIGNMENT_KINDS[item.kind]} · {item.className} · {item.dueAt}
                    {item.status === "draft" ? " · brouillon" : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="space-y-3 p-6">
          <h2 className="text-xl font-bold">Copies à corriger</h2>
          {toGrade.length === 0 ? (
            <p className="text-muted-foreground">Aucune copie en attente de note.</p>
          ) : (
            <ul className="space-y-2">
              {toGrade.map((item) => (
                <li key={item.assignmentId}>
                  <Link to={`/prof/courses/${item.classId}/assignment/${item.assignmentId}`} className={linkClass}>
                    {item.title}
                  </Link>
                  <span className="block text-sm text-muted-foreground">
                    {item.className} · {item.waiting} copie{item.waiting > 1 ? "s" : ""} sans note
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="space-y-3 p-6">
          <h2 className="text-xl font-bold">Dernières notes publiées</h2>
          {published.length === 0 ? (
            <p className="text-muted-foreground">Aucune note publiée pour l'instant.</p>
          ) : (
            <ul className="space-y-2">
              {published.map((item) => (
                <li key={item.id}>
                  <Link to={`/prof/courses/${item.classId}/assignment/${item.id}`} className={linkClass}>
                    {item.title}
                  </Link>
                  <span className="block text-sm text-muted-foreground">
                    {item.className} · publiées le {item.publishedAt}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="space-y-3 p-6">
          <h2 className="text-xl font-bold">Moyennes des classes</h2>
          {trends.length === 0 ? (
            <p className="text-muted-foreground">Les moyennes apparaissent ici dès les premières notes.</p>
          ) : (
            trends.map((trend) => <TrendChart key={trend.classId} trend={trend} />)
          )}
        </Card>
      </div>
      {classes.length > 0 ? (
        <Card className="p-6">
          <h2 className="mb-3 text-xl font-bold">Accès rapides</h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {classes.map((item) => (
              <li key={item.id}>
                <span className="font-semibold">{item.name}</span>{" "}
                <Link to={`/prof/courses/${item.id}/grades`} className={linkClass}>
                  notes
                </Link>{" "}
                ·{" "}
                <Link to={`/prof/courses/${item.id}/students`} className={linkClass}>
                  élèves
                </Link>{" "}
                ·{" "}
                <Link to={`/prof/courses/${item.id}`} className={linkClass}>
                  devoirs
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
