import { Link, data, useRouteLoaderData } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { guardRoute } from "~/features/access/guards.server";
import { getDeck, parentCourse } from "~/features/content/store.server";
import { FlashcardPlayer } from "~/features/learning/flashcard-player";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/flashcards";

export async function loader({ request }: Route.LoaderArgs) {
  await guardRoute(request);
  const entry = findCatalogEntry(new URL(request.url).pathname);
  const deck = entry?.contentId ? getDeck(entry.contentId) : undefined;
  if (!entry || !deck) throw data(null, { status: 404 });
  return {
    meta: catalogPageMeta(entry, deck.description),
    deck: { id: deck.id, title: deck.title, cards: deck.cards },
    course: parentCourse(deck.course),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Flashcards({ loaderData }: Route.ComponentProps) {
  const { deck, course } = loaderData;
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="mx-auto max-w-3xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{deck.title}</h1>
      <p className="mt-2 text-muted-foreground">
        {deck.cards.length} cartes. Marquez « À revoir » celles que vous ne savez pas encore.
        {course ? (
          <>
            {" "}
            Cours&nbsp;:{" "}
            <Link to={course.path} className="font-semibold text-primary underline underline-offset-4">
              {course.title}
            </Link>
          </>
        ) : null}
      </p>
      <div className="mt-8">
        <FlashcardPlayer deckId={deck.id} cards={deck.cards} userId={rootData?.sessionState.userId ?? null} />
      </div>
    </div>
  );
}
