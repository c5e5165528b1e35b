import { Link } from "react-router";
import { catalog, findCatalogEntry } from "~/catalog/catalog";
import { FORMATIONS_GROUPS } from "~/catalog/types";
import { getPage } from "~/features/content/store.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/formations";

/** Built from the catalogue: every entry with a formations group, so the list grows with the site. */
export function loader() {
  const groups = FORMATIONS_GROUPS.map((heading) => ({
    heading,
    items: catalog
      .filter((entry) => entry.formationsGroup === heading)
      .map((entry) => ({
        path: entry.path,
        title: entry.title,
        description: entry.description ?? (entry.contentId ? getPage(entry.contentId)?.description : undefined) ?? "",
      })),
  })).filter((group) => group.items.length > 0);
  return { meta: catalogPageMeta(findCatalogEntry("/formations")!), groups };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Formations({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Toutes nos formations</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted-foreground">
        Les ressources et les accompagnements de Tremplin pour la prépa ECG, de l'été qui précède la première année jusqu'aux oraux des
        écoles.
      </p>
      {loaderData.groups.map((group) => (
        <section key={group.heading} aria-labelledby={`groupe-${group.heading}`} className="mt-12">
          <h2 id={`groupe-${group.heading}`} className="text-2xl font-bold">
            {group.heading}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.items.map((item) => (
              <li key={item.path}>
                <Link
                  to={item.path}
                  className="block h-full rounded-2xl border border-border bg-card p-6 transition-shadow hover:shadow-md"
                >
                  <h3 className="text-lg font-bold">{item.title}</h3>
                  <p className="mt-2 text-muted-foreground">{item.description}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
