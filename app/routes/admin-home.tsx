import { Link } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { Card } from "~/components/ui/card";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { pendingCounts, weeklyActivity, type WeekFigure } from "~/features/admin/overview.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/admin-home";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  await guardSignedInRoute({ request, pattern });
  const [pending, weeks] = await Promise.all([pendingCounts(), weeklyActivity(12)]);
  return { meta: catalogPageMeta(findCatalogEntry("/admin")!), pending, weeks };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const weekLabel = (week: string) =>
  new Date(`${week}T12:00:00Z`).toLocaleDateString("fr-FR", { day: "numeric", month: "short", timeZone: "UTC" });

/** Two bar series per week, drawn in SVG; the table under it gives the same figures to everyone. */
function WeeklyChart({ weeks }: { weeks: WeekFigure[] }) {
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...weeks.flatMap((week) => [week.signUps, week.activeUsers]));
  const slot = width / weeks.length;
  const bar = (value: number) => (value / max) * (height - 10);
  return (
    <figure className="space-y-3">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-label="Inscriptions et utilisateurs actifs par semaine"
      >
        <line x1="0" x2={width} y1={height - 0.5} y2={height - 0.5} className="stroke-border" />
        {weeks.map((week, index) => (
          <g key={week.week}>
            <rect
              x={index * slot + slot * 0.15}
              y={height - bar(week.activeUsers)}
              width={slot * 0.32}
              height={bar(week.activeUsers)}
              className="fill-primary"
            />
            <rect
              x={index * slot + slot * 0.5}
              y={height - bar(week.signUps)}
              width={slot * 0.32}
              height={bar(week.signUps)}
              className="fill-accent"
            />
          </g>
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary" /> Utilisateurs actifs
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-accent" /> Inscriptions
        </span>
      </figcaption>
      <div className="overflow-x-auto">
        <table className="text-sm">
          <caption className="sr-only">Inscriptions et utilisateurs actifs par semaine (du lundi au dimanche)</caption>
          <thead>
            <tr>
              <th scope="row" className="pr-3 text-left font-semibold">
                Semaine du
              </th>
              {weeks.map((week) => (
                <th key={week.week} scope="col" className="px-2 font-normal whitespace-nowrap">
                  {weekLabel(week.week)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className="pr-3 text-left font-semibold">
                Actifs
              </th>
              {weeks.map((week) => (
                <td key={week.week} className="px-2 text-center">
                  {week.activeUsers}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className="pr-3 text-left font-semibold">
                Inscriptions
              </th>
              {weeks.map((week) => (
                <td key={week.week} className="px-2 text-center">
                  {week.signUps}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export default function AdminHome({ loaderData: { pending, weeks } }: Route.ComponentProps) {
  const tiles = [
    { to: "/admin/leads?statut=nouveau", label: "Demandes nouvelles", value: pending.newLeads },
    { to: "/admin/candidatures?statut=pending", label: "Candidatures en attente", value: pending.applications },
    { to: "/admin/avis", label: "Avis à relire", value: pending.reviews },
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <AdminNav />
      <h1 className="text-3xl font-extrabold tracking-tight">Administration</h1>
      <section aria-labelledby="pending-title" className="space-y-3">
        <h2 id="pending-title" className="text-xl font-bold">
          À traiter
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.to}>
              <Card className="p-5">
                <Link to={tile.to} className="flex flex-col gap-1 text-primary underline-offset-4 hover:underline">
                  <span className="text-3xl font-extrabold text-foreground">{tile.value}</span>
                  <span>{tile.label}</span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="weeks-title" className="space-y-3">
        <h2 id="weeks-title" className="text-xl font-bold">
          Les douze dernières semaines
        </h2>
        <p className="text-sm text-muted-foreground">
          D'après les événements de connexion et d'inscription enregistrés par Tremplin (aucun outil tiers).
        </p>
        <Card className="p-5">
          <WeeklyChart weeks={weeks} />
        </Card>
      </section>
    </div>
  );
}
