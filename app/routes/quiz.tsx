import { CourseLink } from "~/components/layout/course-link";
import { READING_HANDLE, ReadingToolbar } from "~/components/layout/reading-toolbar";
import { loadContentRoute } from "~/features/content/content-route.server";
import { data } from "react-router";
import { z } from "zod";
import { contentHasMath, courseNavigation, getCourse, getQuiz, parentCourse } from "~/features/content/store.server";
import { bestAttempt, saveQuizAttempt } from "~/features/learning/learning.server";
import { QuizPlayer } from "~/features/learning/quiz-player";
import { type Answer, diagnosticReport, gradeAnswer, publicQuestion, scoreQuiz } from "~/features/learning/quiz-grading";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { useMathFonts } from "~/features/content/math-fonts";
import { useScrollableFormulas } from "~/features/content/content-html";
import { useRef } from "react";
import type { Route } from "./+types/quiz";
import { readFormData } from "~/features/http/request-body.server";
import { recordQuizSubmission } from "~/features/assignments/assignments.server";
import { trackActivity } from "~/features/progress/progress.server";

const answerSchema = z.union([z.string().max(200), z.array(z.string().max(10)).max(10)]);
const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer"), questionId: z.string().min(1), answer: z.string().max(2000) }),
  z.object({ intent: z.literal("finish"), answers: z.string().max(50_000) }),
]);

/**
 * The first question, without its key: the answers stay on the server until the student answers, and
 * each next question comes with the grading of the one before (the page shows one at a time). The end
 * of the quiz links to the chapter's other pages and to the next chapter, those that are published.
 */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, content: quiz, session } = await loadContentRoute({ request, pattern }, getQuiz);
  const course = parentCourse(quiz.course);
  const chapter = course && quiz.course ? getCourse(quiz.course) : undefined;
  const navigation = chapter ? courseNavigation(chapter) : undefined;
  return {
    meta: catalogPageMeta(entry, quiz.description),
    title: quiz.title,
    introHtml: quiz.introHtml,
    diagnostic: Boolean(quiz.diagnostic),
    course,
    nextSteps: { course, exercises: navigation?.exercises, flashcards: navigation?.flashcards, next: navigation?.next },
    firstQuestion: publicQuestion(quiz.questions[0]),
    questionCount: quiz.questions.length,
    hasMath: contentHasMath(quiz),
    signedIn: Boolean(session),
    best: session ? await bestAttempt(session.user.id, quiz.id) : null,
  };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export async function action({ request, pattern }: Route.ActionArgs) {
  const { entry, content: quiz, session } = await loadContentRoute({ request, pattern }, getQuiz);
  const parsed = formSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ kind: "error" as const, message: "Réponse illisible. Réessayez." }, { status: 400 });
  if (parsed.data.intent === "answer") {
    const { questionId, answer: raw } = parsed.data;
    const position = quiz.questions.findIndex((q) => q.id === questionId);
    const answer = answerSchema.safeParse(parseJson(raw));
    if (position < 0 || !answer.success) return data({ kind: "error" as const, message: "Réponse illisible. Réessayez." }, { status: 400 });
    const next = quiz.questions[position + 1];
    return {
      kind: "grading" as const,
      grading: gradeAnswer(quiz.questions[position], answer.data),
      next: next ? publicQuestion(next) : null,
    };
  }
  const answers = z.record(z.string(), answerSchema).safeParse(parseJson(parsed.data.answers));
  if (!answers.success) return data({ kind: "error" as const, message: "Réponses illisibles. Réessayez." }, { status: 400 });
  const { score, total } = scoreQuiz(quiz, answers.data as Record<string, Answer>);
  if (session) {
    await saveQuizAttempt(session.user.id, quiz.id, score, total, answers.data as Record<string, Answer>);
    // A quiz set as homework counts as the student's submission to it.
    if ((await recordQuizSubmission(session.user.id, entry.path, score, total)) > 0) await trackActivity(session.user.id, "submission");
  }
  // A diagnostic quiz also says, chapter by chapter, what to work first.
  const chapters = diagnosticReport(quiz, answers.data as Record<string, Answer>).flatMap((result) => {
    const chapter = parentCourse(result.chapter);
    return chapter ? [{ ...result, ...chapter }] : [];
  });
  return { kind: "score" as const, score, total, saved: Boolean(session), chapters };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export const handle = READING_HANDLE;

export default function QuizPage({ loaderData }: Route.ComponentProps) {
  const { title, introHtml, diagnostic, course, nextSteps, firstQuestion, questionCount, hasMath, signedIn, best } = loaderData;
  useMathFonts(hasMath);
  const page = useRef<HTMLDivElement>(null);
  useScrollableFormulas(page);
  return (
    <div ref={page} className="mx-auto max-w-3xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">
        {questionCount} questions, corrigées une à une avec leur explication
        {diagnostic ? ", puis un bilan par chapitre." : "."}
        <CourseLink course={course} />
      </p>
      {introHtml ? <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: introHtml }} /> : null}
      {best ? (
        <p className="mt-1 text-sm">
          Meilleur score&nbsp;: {best.score} / {best.total}
        </p>
      ) : null}
      <div className="mt-8">
        <QuizPlayer firstQuestion={firstQuestion} questionCount={questionCount} signedIn={signedIn} nextSteps={nextSteps} />
      </div>
      <ReadingToolbar />
    </div>
  );
}
