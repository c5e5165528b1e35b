import { loadContentRoute } from "~/features/content/content-route.server";
import { useRouteLoaderData } from "react-router";
import { ExternalButtonLink } from "~/components/ui/button";
import { FoldedTableOfContents, TableOfContents } from "~/components/layout/toc";
import { ContentHtml } from "~/features/content/content-html";
import { chaptersById, contentBody, getPage, pageHeadings, trackChapters } from "~/features/content/store.server";
import { loginUrl, requestPath } from "~/features/access/next";
import { TrackChapterList } from "~/features/learning/track-chapter-list";
import { TRACK_LABELS, trackSection } from "~/features/learning/track-chapters";
import { chaptersProgress } from "~/features/progress/chapter-progress.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/content-page";

/** Any Markdown page of content/pages listed in the catalogue (offers, legal, about…). */
export async function loader({ request, pattern, context }: Route.LoaderArgs) {
  const { entry, content: page, session } = await loadContentRoute({ request, pattern }, getPage);
  // Hubs list their tracks' chapters; a signed-in reader also sees what they did in each.
  const tracks = [
    ...page.tracks.map((track) => ({ track, label: TRACK_LABELS[track] ?? track, chapters: trackChapters(track) })),
    ...page.chapterLists.map((list) => ({ track: list.id, label: list.label, chapters: chaptersById(list.chapters) })),
  ];
  const chapters = tracks.flatMap((track) => track.chapters);
  return {
    tracks,
    progress: session && chapters.length ? await chaptersProgress(session.user.id, chapters) : null,
    loginHref: loginUrl(requestPath(request)),
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
  const { page, tracks, progress, loginHref } = loaderData;
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  // The chapter lists of a hub come first in the page, and in its table of contents.
  const sections = [
    ...tracks.map(({ track, label }) => {
      const { id, title } = trackSection(track, label);
      return { depth: 2 as const, id, text: title, html: title };
    }),
    ...page.headings.filter((heading) => heading.depth === 2),
  ];
  return (
    <div className="mx-auto max-w-6xl px-4">
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12">
        <article className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
          {sections.length > 2 ? <FoldedTableOfContents headings={sections} label="Sommaire de la page" /> : null}
          <TrackChapterList tracks={tracks} progress={progress} loginHref={loginHref} />
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
