import { useRouteLoaderData } from "react-router";
import { CourseLink } from "~/components/layout/course-link";
import { READING_HANDLE, ReadingToolbar } from "~/components/layout/reading-toolbar";
import { loadContentRoute } from "~/features/content/content-route.server";
import { getDeck, parentCourse } from "~/features/content/store.server";
import { FlashcardPlayer } from "~/features/learning/flashcard-player";
import { pageMeta } from "~/features/site/meta";
import { plural } from "~/lib/plural";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { loader as rootLoader } from "~/root";
import { useMathFonts } from "~/features/content/math-fonts";
import type { Route } from "./+types/flashcards";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, content: deck } = await loadContentRoute({ request, pattern }, getDeck);
  return {
    meta: catalogPageMeta(entry, deck.description),
    deck: { id: deck.id, title: deck.title, cards: deck.cards },
    course: parentCourse(deck.course),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export const handle = READING_HANDLE;

export default function Flashcards({ loaderData }: Route.ComponentProps) {
  const { deck, course } = loaderData;
  useMathFonts(deck.cards);
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="mx-auto max-w-3xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{deck.title}</h1>
      <p className="mt-2 text-muted-foreground">
        {plural(deck.cards.length, "carte", "cartes")}. Marquez « À revoir » celles que vous ne savez pas encore.
        <CourseLink course={course} />
      </p>
      <div className="mt-8">
        <FlashcardPlayer deckId={deck.id} cards={deck.cards} userId={rootData?.sessionState.userId ?? null} />
      </div>
      <ReadingToolbar />
    </div>
  );
}
