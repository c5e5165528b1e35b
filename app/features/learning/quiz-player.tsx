import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress-bar";
import type { Answer, Grading, PublicQuestion } from "./quiz-grading";

type ActionResult =
  | { kind: "grading"; grading: Grading; next: PublicQuestion | null }
  | { kind: "score"; score: number; total: number; saved: boolean }
  | { kind: "error"; message: string };

/**
 * Plays a quiz: the browser holds no key; each answer is graded by the page's action, which also sends
 * the next question (the page starts with the first one only).
 */
export function QuizPlayer({
  firstQuestion,
  questionCount,
  signedIn,
}: {
  firstQuestion: PublicQuestion;
  questionCount: number;
  signedIn: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  const [questions, setQuestions] = useState<PublicQuestion[]>([firstQuestion]);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [gradings, setGradings] = useState<Record<string, Grading>>({});
  const [final, setFinal] = useState<{ score: number; total: number; saved: boolean } | null>(null);
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

  if (final) {
    const percent = Math.round((final.score / final.total) * 100);
    return (
      <section aria-labelledby="score" className="rounded-2xl border border-border bg-card p-6 text-center">
        <h2 id="score" className="text-2xl font-bold">
          Score final&nbsp;: {final.score} / {final.total}
        </h2>
        <p className="mt-2 text-muted-foreground">
          {percent >= 80
            ? "Très bien : le chapitre est maîtrisé."
            : percent >= 50
              ? "Des bases solides : revoyez les questions manquées."
              : "Reprenez le cours et les méthodes, puis retentez le quiz."}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          {signedIn ? (final.saved ? "Votre tentative est enregistrée." : "") : "Connectez-vous pour garder la trace de vos tentatives."}
        </p>
        <Button className="mt-6" onClick={restart}>
          Recommencer le quiz
        </Button>
      </section>
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
