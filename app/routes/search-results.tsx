import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { guardRoute } from "~/features/access/guards.server";
import { availableCategories, groupResults, search, searchPageHref } from "~/features/search/search";
import { SearchResultSummary } from "~/features/search/search-result-summary";
import { SEARCH_TEXT } from "~/features/search/search-text";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/search-results";

const MAX_TERM_LENGTH = 100;
const querySchema = z.object({
  q: z.string().trim().max(MAX_TERM_LENGTH).catch(""),
  categorie: z
    .enum(availableCategories as [string, ...string[]])
    .nullable()
    .catch(null),
});

/** Every result of a search (the palette shows five per category and links here for the rest). */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry } = await guardRoute({ request, pattern });
  const params = new URL(request.url).searchParams;
  const { q, categorie } = querySchema.parse({ q: params.get("q") ?? "", categorie: params.get("categorie") });
  const category = categorie as (typeof availableCategories)[number] | null;
  const results = search(q, category);
  return {
    meta: catalogPageMeta(entry),
    term: q,
    category,
    total: results.length,
    groups: groupResults(results, Infinity).map((group) => ({
      category: group.category,
      results: group.results.map(({ url, title, description }) => ({ url, title, description })),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { term, category, total, groups } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Recherche</h1>
      <Form method="get" role="search" className="mt-6 flex gap-2">
        <label htmlFor="recherche-terme" className="sr-only">
          Rechercher sur Tremplin
        </label>
        <input
          id="recherche-terme"
          type="search"
          name="q"
          defaultValue={term}
          maxLength={MAX_TERM_LENGTH}
          placeholder={SEARCH_TEXT.palettePlaceholder}
          className="h-11 min-w-0 flex-1 rounded-lg border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        {category ? <input type="hidden" name="categorie" value={category} /> : null}
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" /> Rechercher
        </Button>
      </Form>
      {term ? (
        <nav aria-label="Filtrer par catégorie" className="mt-4 flex flex-wrap gap-1.5">
          {[null, ...availableCategories].map((option) => (
            <Link
              key={option ?? "all"}
              to={searchPageHref(term, option)}
              aria-current={category === option ? "page" : undefined}
              className="rounded-full border border-border px-3 py-1 text-sm font-medium hover:bg-muted aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
            >
              {option ?? "Toutes"}
            </Link>
          ))}
        </nav>
      ) : null}
      <p role="status" className="mt-6 text-muted-foreground">
        {!term ? SEARCH_TEXT.empty : total === 0 ? SEARCH_TEXT.noResult : `${total} résultat${total > 1 ? "s" : ""} pour « ${term} »`}
      </p>
      {groups.map((group) => (
        <section key={group.category} aria-labelledby={`groupe-${group.category}`} className="mt-8">
          <h2 id={`groupe-${group.category}`} className="text-xl font-bold">
            {group.category} <span className="text-base font-normal text-muted-foreground">({group.results.length})</span>
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {group.results.map((result) => (
              <li key={result.url}>
                <Link to={result.url} className="flex items-start justify-between gap-3 rounded-xl border border-border p-4 hover:bg-muted">
                  <SearchResultSummary title={result.title} description={result.description} category={group.category} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
