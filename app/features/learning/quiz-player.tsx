import { ArrowRight, BookOpen, CheckCircle2, Layers, ListChecks, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { PillLinks } from "~/components/layout/pill-links";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress-bar";
import type { Answer, ChapterResult, Grading, PublicQuestion } from "./quiz-grading";

interface PageLink {
  path: string;
  title: string;
}

/** Where to go after the quiz: the chapter's course, exercises and flashcards, and the next chapter (published ones only). */
export interface QuizNextSteps {
  course?: PageLink;
  exercises?: PageLink;
  flashcards?: PageLink;
  next?: PageLink;
}

type ActionResult =
  | { kind: "grading"; grading: Grading; next: PublicQuestion | null }
  | { kind: "score"; score: number; total: number; saved: boolean; chapters: ChapterReport[] }
  | { kind: "error"; message: string };

/** A diagnostic quiz's result for one chapter, with the chapter's course page. */
type ChapterReport = ChapterResult & PageLink;

/**
 * Plays a quiz: the browser holds no key; each answer is graded by the page's action, which also sends
 * the next question (the page starts with the first one only). The review at the end shows, for each
 * question, the answer given and what its grading brought back from the server: nothing the student had
 * not already been sent after answering.
 */
export function QuizPlayer({
  firstQuestion,
  questionCount,
  signedIn,
  nextSteps = {},
}: {
  firstQuestion: PublicQuestion;
  questionCount: number;
  signedIn: boolean;
  nextSteps?: QuizNextSteps;
}) {
  const fetcher = useFetcher<ActionResult>();
  const [questions, setQuestions] = useState<PublicQuestion[]>([firstQuestion]);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [gradings, setGradings] = useState<Record<string, Grading>>({});
  const [final, setFinal] = useState<{ score: number; total: number; saved: boolean; chapters: ChapterReport[] } | null>(null);
  const [draft, setDraft] = useState<Answer>("");
  const question = questions[index];
  const grading = question ? gradings[question.id] : undefined;

  useEffect(() => {
    const result = fetcher.data;
    if (result?.kind === "grading") {
      setGradings((previous) => ({ ...previous, [result.grading.questionId]: result.grading }));
      const { next } = result;
      if (next) setQuestions((previous) => (previous.some((question) => question.id === next.id) ? previous : [...previous, next]));
    }
    if (result?.kind === "score") setFinal(result);
  }, [fetcher.data]);

  const submitAnswer = () => {
    if (!question) return;
    setAnswers((previous) => ({ ...previous, [question.id]: draft }));
    fetcher.submit({ intent: "answer", questionId: question.id, answer: JSON.stringify(draft) }, { method: "post" });
  };
  const finish = () => fetcher.submit({ intent: "finish", answers: JSON.stringify(answers) }, { method: "post" });
  const restart = () => {
    setIndex(0);
    setAnswers({});
    setGradings({});
    setFinal(null);
    setDraft("");
  };
  const busy = fetcher.state !== "idle";

  // The « Voir mon score » button is gone: the focus goes to the score rather than to the page's start.
  const scoreHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (final) scoreHeading.current?.focus();
  }, [final]);

  if (final) {
    const percent = Math.round((final.score / final.total) * 100);
    return (
      <div className="flex flex-col gap-8">
        <section aria-labelledby="score" className="rounded-2xl border border-border bg-card p-6 text-center">
          <h2 id="score" ref={scoreHeading} tabIndex={-1} className="text-2xl font-bold">
            Score final&nbsp;: {final.score} / {final.total}
          </h2>
          {final.chapters.length ? null : (
            <p className="mt-2 text-muted-foreground">
              {percent >= 80
                ? "Très bien : le chapitre est maîtrisé."
                : percent >= 50
                  ? "Des bases solides : revoyez les questions manquées."
                  : "Reprenez le cours et les méthodes, puis retentez le quiz."}
            </p>
          )}
          <p className="mt-2 text-sm text-muted-foreground">
            {signedIn ? (final.saved ? "Votre tentative est enregistrée." : "") : "Connectez-vous pour garder la trace de vos tentatives."}
          </p>
          <NextStepLinks nextSteps={nextSteps} />
          <Button className="mt-6" onClick={restart}>
            Recommencer le quiz
          </Button>
        </section>
        {final.chapters.length ? <ChapterReportList chapters={final.chapters} /> : null}
        <QuizReview questions={questions} answers={answers} gradings={gradings} />
      </div>
    );
  }
  if (!question) return null;

  const answered = Boolean(grading);
  const canSubmit = Array.isArray(draft) ? draft.length > 0 : draft.trim() !== "";
  return (
    <section aria-label="Quiz" className="rounded-2xl border border-border bg-card p-5 sm:p-6">
      <ProgressBar value={((index + (answered ? 1 : 0)) / questionCount) * 100} label={`Question ${index + 1} sur ${questionCount}`} />
      <form
        className="mt-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!answered && canSubmit) submitAnswer();
        }}
      >
        <fieldset disabled={answered || busy}>
          <legend className="prose-content w-full font-medium" dangerouslySetInnerHTML={{ __html: question.promptHtml }} />
          <div className="mt-4 flex flex-col gap-2">
            {question.type === "single" || question.type === "multiple"
              ? question.options.map((option) => {
                  const checked = Array.isArray(draft) ? draft.includes(option.id) : draft === option.id;
                  const optionGrading = grading?.options?.find((o) => o.id === option.id);
                  return (
                    <div
                      key={option.id}
                      className={`rounded-xl border p-3 ${optionGrading ? (optionGrading.correct ? "border-success" : checked ? "border-destructive" : "border-border") : "border-border"}`}
                    >
                      <label className="flex cursor-pointer items-start gap-3">
                        <input
                          type={question.type === "single" ? "radio" : "checkbox"}
                          name="answer"
                          value={option.id}
                          checked={checked}
                          onChange={(event) =>
                            setDraft((previous) =>
                              question.type === "single"
                                ? option.id
                                : event.target.checked
                                  ? [...(Array.isArray(previous) ? previous : []), option.id]
                                  : (Array.isArray(previous) ? previous : []).filter((id) => id !== option.id),
                            )
                          }
                          className="mt-1 size-5 accent-[var(--primary)]"
                        />
                        {/* The letter gives every option a text name, even when its text is only a formula. */}
                        <span className="mt-0.5 font-semibold">{option.id.toUpperCase()}.</span>
                        <span className="prose-content" dangerouslySetInnerHTML={{ __html: option.html }} />
                      </label>
                      {optionGrading && (optionGrading.correct || checked) ? (
                        <div
                          className="prose-content mt-2 text-sm text-muted-foreground"
                          dangerouslySetInnerHTML={{ __html: optionGrading.whyHtml }}
                        />
                      ) : null}
                    </div>
                  );
                })
              : null}
            {question.type === "numeric" ? (
              <label className="flex flex-col gap-1.5">
                <span className="text-sm font-semibold">Votre réponse ({question.form})</span>
                <input
                  name="answer"
                  inputMode="decimal"
                  autoComplete="off"
                  value={typeof draft === "string" ? draft : ""}
                  onChange={(event) => setDraft(event.target.value)}
                  className="min-h-11 w-48 rounded-lg border border-border bg-background px-3"
                />
                <span className="text-sm text-muted-foreground">La virgule décimale est acceptée (3,14).</span>
              </label>
            ) : null}
            {question.type === "truefalse"
              ? (["true", "false"] as const).map((value) => (
                  <label key={value} className="flex cursor-pointer items-center gap-3 rounded-xl border border-border p-3">
                    <input
                      type="radio"
                      name="answer"
                      value={value}
                      checked={draft === value}
                      onChange={() => setDraft(value)}
                      className="size-5 accent-[var(--primary)]"
                    />
                    {value === "true" ? "Vrai" : "Faux"}
                  </label>
                ))
              : null}
          </div>
        </fieldset>
        {!answered ? (
          <Button type="submit" className="mt-5" disabled={!canSubmit || busy}>
            Valider ma réponse
          </Button>
        ) : null}
      </form>

      {grading ? (
        <div
          role="status"
          className={`mt-5 rounded-xl border p-4 ${grading.correct ? "border-success bg-success/5" : "border-destructive bg-destructive-soft"}`}
        >
          <p className="flex items-center gap-2 font-bold">
            {grading.correct ? (
              <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
            ) : (
              <XCircle aria-hidden="true" className="size-5 text-destructive" />
            )}
            {grading.correct ? "Bonne réponse" : grading.invalid ? grading.invalid : "Réponse incorrecte"}
          </p>
          {!grading.correct && grading.correctAnswer ? <p className="mt-1">Réponse attendue&nbsp;: {grading.correctAnswer}</p> : null}
          <div className="prose-content mt-2" dangerouslySetInnerHTML={{ __html: grading.explanationHtml }} />
          {index + 1 < questionCount ? (
            <Button
              className="mt-4"
              disabled={!questions[index + 1]}
              onClick={() => {
                setIndex(index + 1);
                setDraft("");
              }}
            >
              Question suivante
            </Button>
          ) : (
            <Button className="mt-4" onClick={finish} disabled={busy}>
              Voir mon score
            </Button>
          )}
        </div>
      ) : null}
      {fetcher.data?.kind === "error" ? <p className="mt-4 font-medium text-destructive">{fetcher.data.message}</p> : null}
    </section>
  );
}

/** After a diagnostic quiz: the chapters to work first, then those that are acquired, each with its score. */
function ChapterReportList({ chapters }: { chapters: ChapterReport[] }) {
  const toWork = chapters.filter((chapter) => chapter.recommended);
  const acquired = chapters.filter((chapter) => !chapter.recommended);
  const item = (chapter: ChapterReport) => (
    <li key={chapter.chapter} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl border border-border p-3">
      <Link to={chapter.path} className="font-semibold text-primary underline underline-offset-4">
        {chapter.title}
      </Link>
      <span className="text-sm text-muted-foreground">
        {chapter.right} / {chapter.total} {chapter.right > 1 ? "bonnes réponses" : "bonne réponse"}
      </span>
    </li>
  );
  return (
    <section aria-labelledby="bilan" className="rounded-2xl border border-border bg-card p-6">
      <h2 id="bilan" className="text-xl font-bold">
        Votre bilan par chapitre
      </h2>
      {toWork.length ? (
        <>
          <p className="mt-2">
            {toWork.length === 1 ? "Commencez par ce chapitre" : `Commencez par ces ${toWork.length} chapitres, dans cet ordre`}&nbsp;:
          </p>
          <ol aria-label="Chapitres à travailler en priorité" className="mt-3 flex flex-col gap-2">
            {toWork.map(item)}
          </ol>
        </>
      ) : (
        <p className="mt-2">Tous les chapitres du bilan sont acquis&nbsp;: parcourez-les pour consolider, à votre rythme.</p>
      )}
      {acquired.length && toWork.length ? (
        <>
          <p className="mt-5">Acquis&nbsp;: une relecture de leur partie «&nbsp;À retenir&nbsp;» suffit.</p>
          <ul aria-label="Chapitres acquis" className="mt-3 flex flex-col gap-2">
            {acquired.map(item)}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The chapter's other pages and the next chapter, those that exist. */
function NextStepLinks({ nextSteps }: { nextSteps: QuizNextSteps }) {
  const { course, exercises, flashcards, next } = nextSteps;
  if (!course && !exercises && !flashcards && !next) return null;
  return (
    <nav aria-label="Pour continuer" className="mt-6">
      <PillLinks
        className="justify-center"
        links={[
          course && { path: course.path, label: "Revoir le cours", Icon: BookOpen },
          exercises && { path: exercises.path, label: "Exercices du chapitre", Icon: ListChecks },
          flashcards && { path: flashcards.path, label: "Flashcards du chapitre", Icon: Layers },
          next && { path: next.path, label: `Chapitre suivant\u00a0: ${next.title}`, Icon: ArrowRight, iconAfter: true },
        ]}
      />
    </nav>
  );
}

/** Options shown as in the quiz: their letter, then their text (which may be only a formula). */
function OptionList({ options }: { options: { id: string; html: string }[] }) {
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {options.map((option) => (
        <li key={option.id} className="flex items-baseline gap-2">
          <span className="font-semibold">{option.id.toUpperCase()}.</span>
          <div className="prose-content" dangerouslySetInnerHTML={{ __html: option.html }} />
        </li>
      ))}
    </ul>
  );
}

/** The student's answer as text, or the options chosen. */
function givenAnswer(question: PublicQuestion, answer: Answer | undefined) {
  const chosen = answer === undefined ? [] : Array.isArray(answer) ? answer : [answer];
  if (chosen.length === 0 || chosen.every((value) => value.trim() === "")) return "Pas de réponse";
  if (question.type === "single" || question.type === "multiple")
    return <OptionList options={question.options.filter((option) => chosen.includes(option.id))} />;
  if (question.type === "truefalse") return chosen[0] === "true" ? "Vrai" : "Faux";
  return chosen[0];
}

/** The key, as the grading sent it once the question was answered. */
function expectedAnswer(question: PublicQuestion, grading: Grading) {
  if ((question.type === "single" || question.type === "multiple") && grading.correctOptionIds)
    return <OptionList options={question.options.filter((option) => grading.correctOptionIds?.includes(option.id))} />;
  return grading.correctAnswer ?? "";
}

/** Every question again with the answer given, the right one, whether it was right (in words) and the explanation. */
function QuizReview({
  questions,
  answers,
  gradings,
}: {
  questions: PublicQuestion[];
  answers: Record<string, Answer>;
  gradings: Record<string, Grading>;
}) {
  return (
    <section aria-labelledby="corrige" className="rounded-2xl border border-border bg-card p-5 sm:p-6">
      <h2 id="corrige" className="text-2xl font-bold">
        Corrigé détaillé
      </h2>
      <ol className="mt-4 flex flex-col">
        {questions.map((question, index) => {
          const grading = gradings[question.id];
          if (!grading) return null;
          const given = givenAnswer(question, answers[question.id]);
          const expected = expectedAnswer(question, grading);
          return (
            <li key={question.id} className="border-t border-border py-5 first:border-t-0 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center gap-3">
                <h3 className="text-lg font-bold">Question {index + 1}</h3>
                {grading.correct ? (
                  <Badge tone="success">
                    <CheckCircle2 aria-hidden="true" className="mr-1 size-3.5" />
                    Juste
                  </Badge>
                ) : (
                  <Badge tone="danger">
                    <XCircle aria-hidden="true" className="mr-1 size-3.5" />
                    Faux
                  </Badge>
                )}
              </div>
              <div className="prose-content mt-2 font-medium" dangerouslySetInnerHTML={{ __html: question.promptHtml }} />
              <div className="mt-3">
                <span className="font-semibold">Votre réponse&nbsp;:</span>
                {typeof given === "string" ? ` ${given}` : given}
              </div>
              <div className="mt-2">
                <span className="font-semibold">Bonne réponse&nbsp;:</span>
                {typeof expected === "string" ? ` ${expected}` : expected}
              </div>
              <div className="prose-content mt-3 text-muted-foreground" dangerouslySetInnerHTML={{ __html: grading.explanationHtml }} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
