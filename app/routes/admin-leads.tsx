import { Form, Link } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { leadFiltersSchema } from "~/features/admin/lead-console";
import { listLeads, subjectLabel } from "~/features/admin/lead-admin.server";
import { CONTACT_SUBJECTS, LEAD_KINDS, LEAD_STATUSES, SUBJECTS, type LeadKind, type LeadStatus } from "~/features/requests/requests";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/admin-leads";

const dateTime = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" });

export async function loader({ request, pattern }: Route.LoaderArgs) {
  await guardSignedInRoute({ request, pattern });
  const query = new URL(request.url).searchParams;
  const filters = leadFiltersSchema.parse(Object.fromEntries(query));
  const { leads, truncated } = await listLeads(filters);
  const exportQuery = new URLSearchParams(Object.entries(filters).filter((pair): pair is [string, string] => Boolean(pair[1])));
  return {
    meta: catalogPageMeta(findCatalogEntry("/admin/leads")!),
    filters,
    exportHref: `/admin/leads/export${exportQuery.size ? `?${exportQuery}` : ""}`,
    truncated,
    leads: leads.map((lead) => ({
      id: lead.id,
      kind: LEAD_KINDS[lead.kind as LeadKind] ?? lead.kind,
      status: lead.status as LeadStatus,
      name: lead.name,
      email: lead.email,
      subject: subjectLabel(lead.kind, lead.subject),
      receivedAt: dateTime.format(lead.createdAt),
      assignee: lead.assigneeName,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const STATUS_TONES = { nouveau: "primary", "en-cours": "accent", traite: "success", "sans-suite": "neutral" } as const;

export default function AdminLeads({ loaderData: { filters, leads, exportHref, truncated } }: Route.ComponentProps) {
  const subjects = {
    ...Object.fromEntries(Object.entries(SUBJECTS).map(([key, label]) => [key, `Accompagnement — ${label}`])),
    ...Object.fromEntries(Object.entries(CONTACT_SUBJECTS).map(([key, label]) => [key, `Contact — ${label}`])),
  };
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <AdminNav />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">Gestion des demandes</h1>
        <ButtonLink to={exportHref} variant="outline" reloadDocument>
          Exporter en CSV
        </ButtonLink>
      </header>
      <Form method="get" className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6 lg:items-end">
        <SelectField label="Type" name="type" options={LEAD_KINDS} placeholder="Tous" defaultValue={filters.type ?? ""} />
        <SelectField label="Statut" name="statut" options={LEAD_STATUSES} placeholder="Tous" defaultValue={filters.statut ?? ""} />
        <SelectField label="Objet ou matière" name="matiere" options={subjects} placeholder="Tous" defaultValue={filters.matiere ?? ""} />
        <TextField label="Reçues à partir du" name="du" type="date" defaultValue={filters.du ?? ""} />
        <TextField label="Jusqu'au" name="au" type="date" defaultValue={filters.au ?? ""} />
        <Button type="submit">Filtrer</Button>
      </Form>
      {leads.length === 0 ? (
        <p>Aucune demande ne correspond à ces filtres.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Demandes reçues, les plus récentes d'abord</caption>
            <thead className="text-left">
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3">
                  Reçue le
                </th>
                <th scope="col" className="py-2 pr-3">
                  Demandeur
                </th>
                <th scope="col" className="py-2 pr-3">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3">
                  Objet ou matières
                </th>
                <th scope="col" className="py-2 pr-3">
                  Statut
                </th>
                <th scope="col" className="py-2">
                  Responsable
                </th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={lead.id} className="border-b border-border align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{lead.receivedAt}</td>
                  <td className="py-2 pr-3">
                    <Link to={`/admin/leads/${lead.id}`} className="font-semibold text-primary underline underline-offset-4">
                      {lead.name}
                    </Link>
                    <div className="text-muted-foreground">{lead.email}</div>
                  </td>
                  <td className="py-2 pr-3">{lead.kind}</td>
                  <td className="py-2 pr-3">{lead.subject}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={STATUS_TONES[lead.status]}>{LEAD_STATUSES[lead.status]}</Badge>
                  </td>
                  <td className="py-2">{lead.assignee ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {truncated ? (
            <p className="mt-3 text-sm">Les 200 plus récentes sont affichées&nbsp;: précisez les filtres pour voir les autres.</p>
          ) : null}
        </div>
      )}
    </div>
  );
}
