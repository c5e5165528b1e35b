import { loadContentRoute } from "~/features/content/content-route.server";
import { Link, data } from "react-router";
import { z } from "zod";
import { requireUser } from "~/features/access/guards.server";
import { loginUrl, requestPath } from "~/features/access/next";
import { contentBody, contentHasMath, getExerciseSet, parentCourse } from "~/features/content/store.server";
import { exerciseStatement } from "~/features/learning/exercise-parts.server";
import { ExerciseCard } from "~/features/learning/exercise-card";
import { readMarks, saveMark } from "~/features/learning/learning.server";
import { readSetPrograms } from "~/features/python/programs.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { useMathFonts } from "~/features/content/math-fonts";
import { ContentHtml, useScrollableFormulas } from "~/features/content/content-html";
import { READING_HANDLE, ReadingToolbar } from "~/components/layout/reading-toolbar";
import { useRef } from "react";
import type { Route } from "./+types/exercise-set";
import { readFormData } from "~/features/http/request-body.server";

const markSchema = z.object({ exerciseId: z.string().min(1), status: z.enum(["reussi", "a-revoir"]) });

export async function loader({ request, pattern, context }: Route.LoaderArgs) {
  const { entry, content: set, session } = await loadContentRoute({ request, pattern }, getExerciseSet);
  return {
    meta: catalogPageMeta(entry, set.description),
    // Statements only: each hint and the solution come from /api/exercices/… when asked for.
    set: {
      id: set.id,
      title: set.title,
      // Sent once: in the page on a document request, in the data on a client navigation (ContentHtml).
      intro: set.introHtml ? contentBody("intro", set.id, context.documentRequest) : null,
      exercises: set.exercises.map((exercise) => exerciseStatement(set.id, exercise, context.documentRequest)),
    },
    hasMath: contentHasMath(set),
    course: parentCourse(set.course),
    marks: session ? await readMarks(session.user.id, set.id) : {},
    // The student's last programs, by exercise (runnable Python exercises only).
    programs: session ? await readSetPrograms(session.user.id, set) : {},
    signedIn: Boolean(session),
    loginHref: loginUrl(requestPath(request)),
  };
}

/** « J'ai réussi » / « À revoir »: signed-in users only, for an exercise of this set. */
export async function action({ request, pattern }: Route.ActionArgs) {
  const { content: set } = await loadContentRoute({ request, pattern }, getExerciseSet);
  const session = await requireUser(request);
  const parsed = markSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success || !set.exercises.some((exercise) => exercise.id === parsed.data.exerciseId))
    return data({ ok: false }, { status: 400 });
  await saveMark(session.user.id, set.id, parsed.data.exerciseId, parsed.data.status);
  return { ok: true };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export const handle = READING_HANDLE;

export default function ExerciseSet({ loaderData }: Route.ComponentProps) {
  const { set, course, marks, signedIn, loginHref, hasMath, programs } = loaderData;
  useMathFonts(hasMath);
  const done = Object.values(marks).filter((status) => status === "reussi").length;
  const page = useRef<HTMLDivElement>(null);
  useScrollableFormulas(page);
  return (
    <div ref={page} className="mx-auto max-w-4xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{set.title}</h1>
      {course ? (
        <p className="mt-2">
          Cours du chapitre&nbsp;:{" "}
          <Link to={course.path} className="font-semibold text-primary underline underline-offset-4">
            {course.title}
          </Link>
        </p>
      ) : null}
      {set.intro ? <ContentHtml className="prose-content mt-4" html={set.intro.html} htmlRef={set.intro.htmlRef} /> : null}
      <p className="mt-4 text-sm text-muted-foreground">
        {set.exercises.length} exercices, de ★ (application directe) à ★★★ (type concours).
        {signedIn ? ` Réussis\u00a0: ${done} sur ${set.exercises.length}.` : ""}
      </p>
      <div className="mt-8 flex flex-col gap-6">
        {set.exercises.map((exercise, index) => (
          <ExerciseCard
            key={exercise.id}
            setId={set.id}
            exercise={exercise}
            number={index + 1}
            mark={marks[exercise.id]}
            signedIn={signedIn}
            loginHref={loginHref}
            program={programs[exercise.id]}
          />
        ))}
      </div>
      <ReadingToolbar />
    </div>
  );
}
