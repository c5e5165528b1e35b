import { SearchFilter, foldForSearch } from "~/components/ui/search-filter";
import { useMemo, useState } from "react";
import { loadContentRoute } from "~/features/content/content-route.server";
import { getReference } from "~/features/content/store.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/reference";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, content: reference } = await loadContentRoute({ request, pattern }, getReference);
  return {
    meta: catalogPageMeta(entry, reference.description),
    reference: { title: reference.title, introHtml: reference.introHtml, entries: reference.entries },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function ReferencePage({ loaderData }: Route.ComponentProps) {
  const { reference } = loaderData;
  const [term, setTerm] = useState("");
  const [category, setCategory] = useState("");
  const categories = useMemo(() => [...new Set(reference.entries.map((entry) => entry.category))], [reference.entries]);
  const visible = reference.entries.filter(
    (entry) =>
      (!category || entry.category === category) &&
      (!term.trim() ||
        foldForSearch(`${entry.command} ${entry.summaryText} ${entry.category} ${entry.example ?? ""}`).includes(
          foldForSearch(term.trim()),
        )),
  );
  return (
    <div className="mx-auto max-w-5xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{reference.title}</h1>
      {reference.introHtml ? <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: reference.introHtml }} /> : null}
      <SearchFilter
        searchLabel="Rechercher une commande"
        term={term}
        onTermChange={setTerm}
        placeholder="range, linspace, binomial…"
        filterLabel="Catégorie"
        allLabel="Toutes les catégories"
        options={categories}
        value={category}
        onValueChange={setCategory}
      />
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {visible.length} commande{visible.length > 1 ? "s" : ""}
      </p>
      {visible.length === 0 ? <p className="mt-6">Aucune commande ne correspond à cette recherche.</p> : null}
      <div className="mt-4 flex flex-col gap-8">
        {categories
          .filter((name) => visible.some((entry) => entry.category === name))
          .map((name) => (
            <section key={name} aria-labelledby={`categorie-${foldForSearch(name).replace(/[^a-z0-9]+/g, "-")}`}>
              <h2 id={`categorie-${foldForSearch(name).replace(/[^a-z0-9]+/g, "-")}`} className="text-xl font-bold">
                {name}
              </h2>
              <dl className="mt-3 divide-y divide-border rounded-xl border border-border">
                {visible
                  .filter((entry) => entry.category === name)
                  .map((entry) => (
                    <div key={entry.id} className="grid gap-2 p-4 sm:grid-cols-[16rem_minmax(0,1fr)]">
                      <dt>
                        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm">{entry.command}</code>
                      </dt>
                      <dd>
                        <div className="prose-content text-base" dangerouslySetInnerHTML={{ __html: entry.summaryHtml }} />
                        {entry.example ? (
                          <pre className="mt-2 overflow-x-auto rounded-lg bg-muted p-2 font-mono text-sm">{entry.example}</pre>
                        ) : null}
                      </dd>
                    </div>
                  ))}
              </dl>
            </section>
          ))}
      </div>
    </div>
  );
}
