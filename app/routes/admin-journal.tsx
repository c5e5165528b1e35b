import { Link } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { Card } from "~/components/ui/card";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { journalPageSchema } from "~/features/admin/user-forms";
import { JOURNAL_PAGE } from "~/features/admin/user-forms";
import { listJournal } from "~/features/admin/users.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/admin-journal";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  await guardSignedInRoute({ request, pattern });
  const { avant } = journalPageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { lines, next } = await listJournal(avant);
  return { meta: catalogPageMeta(findCatalogEntry("/admin/journal")!), lines, next, paged: avant !== undefined };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";
const pageLinkClass = `${linkClass} inline-flex min-h-11 items-center`;

export default function AdminJournal({ loaderData: { lines, next, paged } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <AdminNav />
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Journal d’administration</h1>
        <p className="text-muted-foreground">
          Chaque action des administrateurs, de la plus récente à la plus ancienne, {JOURNAL_PAGE} par page{"\u00a0"}: qui, quand, sur quoi,
          et l'état avant et après. Les heures sont celles de Paris.
        </p>
      </header>
      {lines.length === 0 ? (
        <p>{paged ? "Aucune action plus ancienne." : "Aucune action enregistrée pour l'instant."}</p>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Actions d'administration, de la plus récente à la plus ancienne</caption>
            <thead className="border-b border-border bg-muted/50">
              <tr>
                <th scope="col" className="p-3">
                  Date
                </th>
                <th scope="col" className="p-3">
                  Auteur
                </th>
                <th scope="col" className="p-3">
                  Action
                </th>
                <th scope="col" className="p-3">
                  Cible
                </th>
                <th scope="col" className="p-3">
                  Avant → après
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id} className="border-b border-border align-top last:border-0" data-testid="journal-line">
                  <td className="p-3 whitespace-nowrap">{line.at}</td>
                  <td className="p-3 break-all">{line.actorEmail}</td>
                  <td className="p-3">
                    {line.actionLabel}
                    {line.actionLabel !== line.action ? <span className="block text-xs text-muted-foreground">{line.action}</span> : null}
                  </td>
                  <td className="p-3 break-all">
                    {line.targetUserId ? (
                      <Link to={`/admin/utilisateurs?utilisateur=${encodeURIComponent(line.targetUserId)}`} className={linkClass}>
                        {line.target}
                      </Link>
                    ) : (
                      line.target
                    )}
                  </td>
                  <td className="p-3">
                    <code className="font-mono text-xs break-all">
                      {line.before} → {line.after}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {paged || next !== null ? (
        <nav aria-label="Pages du journal" className="flex flex-wrap gap-6">
          {paged ? (
            <Link to="/admin/journal" className={pageLinkClass}>
              Revenir aux plus récents
            </Link>
          ) : null}
          {next !== null ? (
            <Link to={`/admin/journal?avant=${next}`} className={pageLinkClass}>
              Plus anciens
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
