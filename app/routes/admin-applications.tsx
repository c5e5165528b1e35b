import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { applicationFiltersSchema, formatApplicationDate, labelsOf } from "~/features/requests/application-forms";
import { listApplications } from "~/features/requests/applications.server";
import { APPLICATION_STATUSES, LEVELS, SUBJECTS } from "~/features/requests/requests";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/admin-applications";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry } = await guardSignedInRoute({ request, pattern });
  const filters = applicationFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { applications, truncated } = await listApplications(filters);
  return {
    meta: catalogPageMeta(entry),
    filters,
    truncated,
    applications: applications.map((application) => ({
      id: application.id,
      name: `${application.firstName} ${application.lastName}`,
      email: application.email,
      subjects: labelsOf(application.subjects, SUBJECTS).join(", "),
      levels: labelsOf(application.levels, LEVELS).join(", "),
      status: application.status,
      receivedOn: formatApplicationDate(application.createdAt),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const STATUS_TONES = { pending: "accent", accepted: "success", declined: "neutral" } as const;

export default function AdminApplications({ loaderData: { filters, applications, truncated } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <AdminNav />
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Candidatures</h1>
        <p className="text-muted-foreground">
          Les candidatures de professeurs, les plus récentes d'abord. Accepter ouvre l'espace professeur au compte du candidat&nbsp;;
          refuser lui envoie votre message.
        </p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-4">
        <SelectField label="Statut" name="statut" options={APPLICATION_STATUSES} placeholder="Tous" defaultValue={filters.statut ?? ""} />
        <Button type="submit">Filtrer</Button>
      </Form>
      {applications.length === 0 ? (
        <p>{filters.statut ? "Aucune candidature avec ce statut." : "Aucune candidature reçue pour l'instant."}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Candidatures reçues, les plus récentes d'abord</caption>
            <thead className="text-left">
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3">
                  Reçue le
                </th>
                <th scope="col" className="py-2 pr-3">
                  Candidat
                </th>
                <th scope="col" className="py-2 pr-3">
                  Matières
                </th>
                <th scope="col" className="py-2 pr-3">
                  Niveaux
                </th>
                <th scope="col" className="py-2">
                  Statut
                </th>
              </tr>
            </thead>
            <tbody>
              {applications.map((application) => (
                <tr key={application.id} className="border-b border-border align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{application.receivedOn}</td>
                  <td className="py-2 pr-3">
                    <Link to={`/admin/candidatures/${application.id}`} className="font-semibold text-primary underline underline-offset-4">
                      {application.name}
                    </Link>
                    <div className="text-muted-foreground">{application.email}</div>
                  </td>
                  <td className="py-2 pr-3">{application.subjects}</td>
                  <td className="py-2 pr-3">{application.levels}</td>
                  <td className="py-2">
                    <Badge tone={STATUS_TONES[application.status]}>{APPLICATION_STATUSES[application.status]}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {truncated ? (
            <p className="mt-3 text-sm">Les 200 plus récentes sont affichées&nbsp;: filtrez par statut pour voir les autres.</p>
          ) : null}
        </div>
      )}
    </div>
  );
}
