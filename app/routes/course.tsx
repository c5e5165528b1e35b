import { Suspense, lazy } from "react";
import { ArrowLeft, ArrowRight, BookOpenCheck, Layers, ListChecks } from "lucide-react";
import { Link } from "react-router";
import { PillLinks } from "~/components/layout/pill-links";
import { READING_HANDLE, ReadingToolbar } from "~/components/layout/reading-toolbar";
import { FoldedTableOfContents, TableOfContents } from "~/components/layout/toc";
import { loadContentRoute } from "~/features/content/content-route.server";
import { ContentHtml } from "~/features/content/content-html";
import { contentBody, contentHasMath, courseNavigation, getCourse } from "~/features/content/store.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { useMathFonts } from "~/features/content/math-fonts";
import type { Route } from "./+types/course";

// Loaded by the Python chapters only: the other courses' first load does not carry the editor.
const CourseCodeBlocks = lazy(() =>
  import("~/features/python/course-code-blocks").then((module) => ({ default: module.CourseCodeBlocks })),
);

/** A course chapter: served only after the access check of its section. */
export async function loader({ request, pattern, context }: Route.LoaderArgs) {
  const { entry, content: course } = await loadContentRoute({ request, pattern }, getCourse);
  return {
    meta: catalogPageMeta(entry, course.description),
    course: {
      title: course.title,
      ...contentBody("course", course.id, context.documentRequest),
      hasMath: contentHasMath(course),
      // The Python chapters' programs run in the browser (issue #16).
      runsPython: entry.section === "python",
      headings: course.headings,
    },
    navigation: courseNavigation(course),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export const handle = READING_HANDLE;

export default function Course({ loaderData }: Route.ComponentProps) {
  const { course, navigation } = loaderData;
  useMathFonts(course.hasMath);
  return (
    <div className="mx-auto max-w-7xl px-4">
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-12">
        <article className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{course.title}</h1>
          <PillLinks
            label="Pages du chapitre"
            className="mt-4"
            links={[
              navigation.exercises && { ...navigation.exercises, label: "Exercices corrigés", Icon: ListChecks },
              navigation.quiz && { ...navigation.quiz, label: "Quiz", Icon: BookOpenCheck },
              navigation.flashcards && { ...navigation.flashcards, label: "Flashcards", Icon: Layers },
            ]}
          />
          <FoldedTableOfContents headings={course.headings} label="Sommaire du chapitre" />
          <div id="corps-du-cours">
            <ContentHtml className="prose-content long-read mt-8 max-w-3xl" html={course.html} htmlRef={course.htmlRef} />
          </div>
          {course.runsPython ? (
            <Suspense fallback={null}>
              <CourseCodeBlocks containerId="corps-du-cours" courseRef={course.htmlRef} />
            </Suspense>
          ) : null}
          <nav aria-label="Chapitres" className="mt-12 grid max-w-3xl gap-3 sm:grid-cols-2">
            {navigation.previous ? (
              <Link to={navigation.previous.path} className="rounded-xl border border-border p-4 hover:bg-muted">
                <span className="flex items-center gap-1 text-sm text-muted-foreground">
                  <ArrowLeft aria-hidden="true" className="size-4" /> Chapitre précédent
                </span>
                <span className="mt-1 block font-semibold">{navigation.previous.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {navigation.next ? (
              <Link to={navigation.next.path} className="rounded-xl border border-border p-4 text-right hover:bg-muted">
                <span className="flex items-center justify-end gap-1 text-sm text-muted-foreground">
                  Chapitre suivant <ArrowRight aria-hidden="true" className="size-4" />
                </span>
                <span className="mt-1 block font-semibold">{navigation.next.title}</span>
              </Link>
            ) : null}
          </nav>
        </article>
        <aside className="hidden lg:block">
          <TableOfContents headings={course.headings} label="Sommaire du chapitre" />
        </aside>
      </div>
      <ReadingToolbar headings={course.headings} />
    </div>
  );
}
