import { CheckCircle2, RotateCcw, Star } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ContentHtml } from "~/features/content/content-html";
import type { SavedProgram } from "~/features/python/python-exercise";
import { EXERCISE_PART_MESSAGES, type ExercisePart, exercisePartUrl, hintPart } from "./exercise-parts";
import type { MarkStatus } from "./learning.server";

export interface ExerciseView {
  id: string;
  title: string;
  /** The title as rendered: a formula in it shows as a formula. */
  titleHtml: string;
  difficulty: 1 | 2 | 3;
  concours: boolean;
  /** Set when the exercise suits one maths option only. */
  option?: "approfondies" | "appliquees";
  method: string;
  /** Null on a document request: the server renders the statement from its store (ContentHtml). */
  statementHtml: string | null;
  statementRef: string;
  /** How many hints there are; their text and the solution are asked for one at a time. */
  hintCount: number;
  /** A runnable Python exercise: the editor's first code (the tests come with the first run). */
  runner: { starter: string; timeout: number } | null;
}

const OPTION_BADGES = { approfondies: "Approfondies uniquement", appliquees: "Appliquées uniquement" } as const;

// The editor of the Python exercises: loaded by their pages only, the other exercise pages' first load keeps without it.
const PythonExercise = lazy(() => import("~/features/python/python-exercise").then((module) => ({ default: module.PythonExercise })));

/** Parts already fetched during this visit (a reveal hidden and shown again costs no request). */
const fetchedParts = new Map<string, Promise<string>>();

function fetchPart(url: string): Promise<string> {
  let pending = fetchedParts.get(url);
  if (!pending) {
    pending = fetch(url, { headers: { Accept: "application/json" } }).then(async (response) => {
      const body = (await response.json().catch(() => ({}))) as { html?: string; error?: string };
      if (!response.ok || typeof body.html !== "string") throw new Error(body.error ?? EXERCISE_PART_MESSAGES.loadFailed);
      return body.html;
    });
    // A failed request is not kept: the next click asks again.
    pending.catch(() => fetchedParts.delete(url));
    fetchedParts.set(url, pending);
  }
  return pending;
}

type PartState = { status: "loading" } | { status: "ready"; html: string } | { status: "error"; message: string };

/** The revealed parts of one exercise, loaded on demand; `reveal` asks for one (again after an error). */
function useExerciseParts(setId: string, exerciseId: string) {
  const [parts, setParts] = useState<Partial<Record<ExercisePart, PartState>>>({});
  const reveal = (part: ExercisePart) => {
    setParts((current) => (current[part]?.status === "ready" ? current : { ...current, [part]: { status: "loading" } }));
    fetchPart(exercisePartUrl(setId, exerciseId, part)).then(
      (html) => setParts((current) => ({ ...current, [part]: { status: "ready", html } })),
      (error: Error) => setParts((current) => ({ ...current, [part]: { status: "error", message: error.message } })),
    );
  };
  return { parts, reveal };
}

function PartBody({ state, onRetry }: { state: PartState | undefined; onRetry: () => void }) {
  if (!state || state.status === "loading")
    return (
      <p className="mt-1 text-sm text-muted-foreground" role="status">
        Chargement...
      </p>
    );
  if (state.status === "error")
    return (
      <p className="mt-1 text-sm text-destructive" role="alert">
        {state.message}{" "}
        <button type="button" onClick={onRetry} className="font-semibold underline underline-offset-4">
          Réessayer
        </button>
      </p>
    );
  return <div className="prose-content mt-1" dangerouslySetInnerHTML={{ __html: state.html }} />;
}

export function DifficultyStars({ level }: { level: 1 | 2 | 3 }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-accent" role="img" aria-label={`Difficulté ${level} sur 3`}>
      {[1, 2, 3].map((index) => (
        <Star key={index} aria-hidden="true" className={`size-4 ${index <= level ? "fill-current" : "opacity-30"}`} />
      ))}
    </span>
  );
}

/** One exercise: statement, hints one at a time, the solution on request, and the student's mark. */
export function ExerciseCard({
  setId,
  exercise,
  number,
  mark,
  signedIn,
  loginHref,
  program,
}: {
  setId: string;
  exercise: ExerciseView;
  number: number;
  mark?: MarkStatus;
  signedIn: boolean;
  loginHref: string;
  /** The student's last program for this exercise, kept on the server. */
  program?: SavedProgram;
}) {
  const [hintsShown, setHintsShown] = useState(0);
  const [solutionShown, setSolutionShown] = useState(false);
  const { parts, reveal } = useExerciseParts(setId, exercise.id);
  const fetcher = useFetcher();
  const pendingStatus = fetcher.formData?.get("status") as MarkStatus | undefined;
  const current = pendingStatus ?? mark;
  const headingId = `exercice-${exercise.id}`;
  return (
    <article aria-labelledby={headingId} className="scroll-mt-24 rounded-2xl border border-border bg-card p-5 sm:p-6" id={exercise.id}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={headingId} className="text-xl font-bold">
          Exercice {number} — <span dangerouslySetInnerHTML={{ __html: exercise.titleHtml }} />
        </h2>
        <DifficultyStars level={exercise.difficulty} />
        {exercise.concours ? <Badge tone="accent">Type concours</Badge> : null}
        {exercise.option ? <Badge tone="neutral">{OPTION_BADGES[exercise.option]}</Badge> : null}
        {current === "reussi" ? (
          <Badge tone="success">Réussi</Badge>
        ) : current === "a-revoir" ? (
          <Badge tone="danger">À revoir</Badge>
        ) : null}
      </header>
      <p className="mt-1 text-sm text-muted-foreground">Méthode travaillée&nbsp;: {exercise.method}</p>
      <ContentHtml html={exercise.statementHtml} htmlRef={exercise.statementRef} className="prose-content mt-4" />
      {exercise.runner ? (
        <Suspense fallback={null}>
          <PythonExercise
            storageId={`${setId}/${exercise.id}`}
            starter={exercise.runner.starter}
            spec={exercisePartUrl(setId, exercise.id, "runner")}
            saved={program ?? null}
            signedIn={signedIn}
            // Every test passed: « J'ai réussi » for a signed-in student, as if they had pressed it.
            onPassed={
              signedIn && current !== "reussi"
                ? () => fetcher.submit({ exerciseId: exercise.id, status: "reussi" }, { method: "post" })
                : undefined
            }
          />
        </Suspense>
      ) : null}

      {Array.from({ length: hintsShown }, (_, index) => hintPart(index + 1)).map((part, index) => (
        <div key={part} className="mt-4 rounded-xl border border-accent/40 bg-accent-soft p-4">
          <p className="text-sm font-bold">Indication {index + 1}</p>
          <PartBody state={parts[part]} onRetry={() => reveal(part)} />
        </div>
      ))}
      <div className="mt-4 flex flex-wrap gap-2">
        {hintsShown < exercise.hintCount ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              reveal(hintPart(hintsShown + 1));
              setHintsShown((count) => count + 1);
            }}
          >
            Afficher une indication ({hintsShown + 1}/{exercise.hintCount})
          </Button>
        ) : null}
        <Button
          variant={solutionShown ? "ghost" : "secondary"}
          size="sm"
          aria-expanded={solutionShown}
          aria-controls={`${exercise.id}-solution`}
          onClick={() => {
            if (!solutionShown) reveal("solution");
            setSolutionShown((shown) => !shown);
          }}
        >
          {solutionShown ? "Masquer la solution" : "Voir la solution"}
        </Button>
      </div>
      {solutionShown ? (
        <section
          id={`${exercise.id}-solution`}
          aria-label={`Solution de l'exercice ${number}`}
          className="mt-4 rounded-xl border border-border bg-muted/40 p-4"
        >
          <p className="text-sm font-bold">Solution</p>
          <PartBody state={parts.solution} onRetry={() => reveal("solution")} />
        </section>
      ) : null}

      <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-border pt-4">
        {signedIn ? (
          <fetcher.Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="exerciseId" value={exercise.id} />
            <Button
              type="submit"
              name="status"
              value="reussi"
              variant={current === "reussi" ? "primary" : "outline"}
              size="sm"
              aria-pressed={current === "reussi"}
            >
              <CheckCircle2 aria-hidden="true" className="size-4" /> J'ai réussi
            </Button>
            <Button
              type="submit"
              name="status"
              value="a-revoir"
              variant={current === "a-revoir" ? "destructive" : "outline"}
              size="sm"
              aria-pressed={current === "a-revoir"}
            >
              <RotateCcw aria-hidden="true" className="size-4" /> À revoir
            </Button>
          </fetcher.Form>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Link to={loginHref} className="font-semibold text-primary underline underline-offset-4">
              Connectez-vous
            </Link>{" "}
            pour noter vos exercices réussis et à revoir.
          </p>
        )}
      </div>
    </article>
  );
}
