import { CheckCircle2, RotateCcw, Star } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { MarkStatus } from "./learning.server";

export interface ExerciseView {
  id: string;
  title: string;
  difficulty: 1 | 2 | 3;
  concours: boolean;
  method: string;
  statementHtml: string;
  hintsHtml: string[];
  solutionHtml: string;
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
  exercise,
  number,
  mark,
  signedIn,
  loginHref,
}: {
  exercise: ExerciseView;
  number: number;
  mark?: MarkStatus;
  signedIn: boolean;
  loginHref: string;
}) {
  const [hintsShown, setHintsShown] = useState(0);
  const [solutionShown, setSolutionShown] = useState(false);
  const fetcher = useFetcher();
  const pendingStatus = fetcher.formData?.get("status") as MarkStatus | undefined;
  const current = pendingStatus ?? mark;
  const headingId = `exercice-${exercise.id}`;
  return (
    <article aria-labelledby={headingId} className="scroll-mt-24 rounded-2xl border border-border bg-card p-5 sm:p-6" id={exercise.id}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={headingId} className="text-xl font-bold">
          Exercice {number} — {exercise.title}
        </h2>
        <DifficultyStars level={exercise.difficulty} />
        {exercise.concours ? <Badge tone="accent">Type concours</Badge> : null}
        {current === "reussi" ? (
          <Badge tone="success">Réussi</Badge>
        ) : current === "a-revoir" ? (
          <Badge tone="danger">À revoir</Badge>
        ) : null}
      </header>
      <p className="mt-1 text-sm text-muted-foreground">Méthode travaillée&nbsp;: {exercise.method}</p>
      <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: exercise.statementHtml }} />

      {exercise.hintsHtml.slice(0, hintsShown).map((hint, index) => (
        <div key={index} className="mt-4 rounded-xl border border-accent/40 bg-accent-soft p-4">
          <p className="text-sm font-bold">Indication {index + 1}</p>
          <div className="prose-content mt-1" dangerouslySetInnerHTML={{ __html: hint }} />
        </div>
      ))}
      <div className="mt-4 flex flex-wrap gap-2">
        {hintsShown < exercise.hintsHtml.length ? (
          <Button variant="outline" size="sm" onClick={() => setHintsShown((count) => count + 1)}>
            Afficher une indication ({hintsShown + 1}/{exercise.hintsHtml.length})
          </Button>
        ) : null}
        <Button
          variant={solutionShown ? "ghost" : "secondary"}
          size="sm"
          aria-expanded={solutionShown}
          aria-controls={`${exercise.id}-solution`}
          onClick={() => setSolutionShown((shown) => !shown)}
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
          <div className="prose-content mt-1" dangerouslySetInnerHTML={{ __html: exercise.solutionHtml }} />
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
