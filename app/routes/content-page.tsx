import { loadContentRoute } from "~/features/content/content-route.server";
import { useRouteLoaderData } from "react-router";
import { ExternalButtonLink } from "~/components/ui/button";
import { FoldedTableOfContents, TableOfContents } from "~/components/layout/toc";
import { ContentHtml } from "~/features/content/content-html";
import { contentBody, getPage, pageHeadings } from "~/features/content/store.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/content-page";

/** Any Markdown page of content/pages listed in the catalogue (offers, legal, about…). */
export async function loader({ request, pattern, context }: Route.LoaderArgs) {
  const { entry, content: page } = await loadContentRoute({ request, pattern }, getPage);
  return {
    meta: catalogPageMeta(entry, page.description),
    page: {
      title: page.title,
      ...contentBody("page", page.id, context.documentRequest),
      headings: pageHeadings(page),
      cta: page.cta,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const sections = page.headings.filter((heading) => heading.depth === 2);
  return (
    <div className="mx-auto max-w-6xl px-4">
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12">
        <article className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
          {sections.length > 2 ? <FoldedTableOfContents headings={sections} label="Sommaire de la page" /> : null}
          <ContentHtml className="prose-content mt-6 max-w-3xl" html={page.html} htmlRef={page.htmlRef} />
          {page.cta === "booking" && rootData ? (
            <div className="mt-10 rounded-2xl border border-border bg-muted/60 p-6">
              <p className="text-lg font-semibold">Faisons le point ensemble, sans engagement.</p>
              <p className="mt-1 text-muted-foreground">
                Le premier cours est gratuit : il sert à comprendre vos besoins et à vous proposer un plan de travail.
              </p>
              <ExternalButtonLink href={rootData.config.bookingUrl} size="lg" className="mt-4">
                Réserver mon premier cours gratuit
              </ExternalButtonLink>
            </div>
          ) : null}
        </article>
        {sections.length > 2 ? (
          <aside className="hidden lg:block">
            <TableOfContents headings={sections} label="Sommaire de la page" />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
