import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { hasPage } from "~/catalog/site-pages";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ProgressBar } from "~/components/ui/progress-bar";
import { Spinner } from "~/components/ui/spinner";
import { markReviewed, recordStudy, subjectOfDeck } from "../learning/local-data";
import type { ReviewCardView, ReviewDeckView, ReviewRating } from "./review";
import { REVIEW_RATINGS, dueCountLabel } from "./review";
import { RevisionHttpError, fetchReviewDeck, gradeOnServer } from "./review-client";

type Status = "loading" | "ready" | "error";

const nextDueFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short" });

function FlashcardPagesHint() {
  const path = hasPage("/python-flashcards") ? "/python-flashcards" : "/formations";
  return (
    <p className="text-muted-foreground">
      Pour remplir votre paquet, ouvrez une page de flashcards (par exemple les{" "}
      <Link to={path} className="font-semibold text-primary underline underline-offset-2">
        {path === "/python-flashcards" ? "Flashcards Python" : "formations"}
      </Link>
      ) et marquez «&nbsp;À revoir&nbsp;» les cartes à retravailler.
    </p>
  );
}

/**
 * The dashboard's review session: the user's server deck (GET /api/revision), due cards first, one at a
 * time. Space shows the answer, 1–4 answer « À revoir », « Difficile », « Correct », « Facile »; each
 * button shows the interval it gives (computed on the server, so no scheduler code ships to the browser).
 */
export function ReviewSession({ userId }: { userId: string }) {
  const headingId = useId();
  const [status, setStatus] = useState<Status>("loading");
  const [deck, setDeck] = useState<ReviewDeckView | null>(null);
  const [queue, setQueue] = useState<ReviewCardView[]>([]);
  const [position, setPosition] = useState(0);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reviewed, setReviewed] = useState(0);
  const [dueLeft, setDueLeft] = useState(0);
  const cardRef = useRef<HTMLDivElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    setStatus("loading");
    try {
      const next = await fetchReviewDeck();
      setDeck(next);
      setQueue(next.cards.filter((card) => card.isDue));
      setDueLeft(next.counts.due);
      setPosition(0);
      setReviewed(0);
      setShown(false);
      setFailed(false);
      setStatus("ready");
    } catch {
      setStatus("error");
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const card = queue[position];
  const inSession = status === "ready" && card !== undefined;

  const reveal = useCallback(() => {
    setShown(true);
    // The answer is read out next; focus stays off the answer buttons so Space cannot grade by accident.
    requestAnimationFrame(() => answerRef.current?.focus());
  }, []);

  const grade = useCallback(
    async (rating: ReviewRating) => {
      if (!card || busy) return;
      setBusy(true);
      setFailed(false);
      const next = () => {
        if (card.isDue) setDueLeft((value) => Math.max(0, value - 1));
        setPosition((value) => value + 1);
        setShown(false);
        requestAnimationFrame(() => cardRef.current?.focus());
      };
      try {
        await gradeOnServer(card, rating);
        markReviewed(userId, card.cardId, card.language);
        recordStudy(userId, subjectOfDeck(card.deckId), 1);
        setReviewed((value) => value + 1);
        next();
      } catch (error) {
        // Removed from the deck meanwhile (another tab, an expired access right): skip it.
        if (error instanceof RevisionHttpError && error.status === 404) next();
        else setFailed(true);
      } finally {
        setBusy(false);
      }
    },
    [card, busy, userId],
  );

  useEffect(() => {
    if (!inSession) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement;
      if (target.closest("input, textarea, select, [contenteditable='true']")) return;
      if (event.key === " " && !shown) {
        // A focused button or link handles Space itself.
        if (target.closest("button, a")) return;
        event.preventDefault();
        reveal();
        return;
      }
      const choice = REVIEW_RATINGS.find((entry) => entry.key === event.key);
      if (choice && shown) {
        event.preventDefault();
        void grade(choice.rating);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [inSession, shown, reveal, grade]);

  const reviewAhead = () => {
    if (!deck) return;
    setQueue(deck.cards);
    setPosition(0);
    setReviewed(0);
    setShown(false);
  };

  const nextDue = deck?.cards.find((entry) => !entry.isDue)?.due;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Flashcards à revoir
        </h2>
        {status === "ready" ? (
          <p className="font-semibold" aria-live="polite" data-testid="review-due-count">
            {dueLeft > 0 ? dueCountLabel(dueLeft) : "Aucune carte à revoir pour l'instant."}
          </p>
        ) : null}
      </div>

      {status === "loading" ? <Spinner label="Chargement des révisions…" /> : null}
      {status === "error" ? (
        <Alert tone="danger" title="Impossible de charger vos révisions.">
          <p>Vérifiez votre connexion puis réessayez.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void load()}>
            Réessayer
          </Button>
        </Alert>
      ) : null}

      {status === "ready" && deck && queue.length === 0 ? (
        <Card className="flex flex-col gap-3">
          {deck.counts.total === 0 ? (
            <FlashcardPagesHint />
          ) : (
            <>
              <p className="text-muted-foreground">
                Votre paquet compte {deck.counts.total} carte{deck.counts.total > 1 ? "s" : ""}
                {nextDue ? `, la prochaine est à revoir le ${nextDueFormat.format(new Date(nextDue))}` : ""}.
              </p>
              <div>
                <Button variant="outline" onClick={reviewAhead}>
                  Réviser en avance
                </Button>
              </div>
            </>
          )}
        </Card>
      ) : null}

      {status === "ready" && queue.length > 0 && !card ? (
        <Card className="flex flex-col gap-3" role="status">
          <h3 className="text-xl font-bold">Séance terminée</h3>
          <p>
            {reviewed === 1 ? "Vous avez revu 1 carte." : `Vous avez revu ${reviewed} cartes.`} Vos prochaines révisions sont programmées.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void load()}>
              Recharger les révisions
            </Button>
          </div>
        </Card>
      ) : null}

      {inSession ? (
        <Card className="flex flex-col gap-5">
          <div aria-live="polite">
            <ProgressBar value={(position / queue.length) * 100} label={`Carte ${position + 1} sur ${queue.length}`} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="accent">{card.deckTitle}</Badge>
            {card.state === 0 ? <Badge>Nouvelle</Badge> : null}
          </div>
          <div
            ref={cardRef}
            tabIndex={-1}
            data-testid="review-card"
            data-side={shown ? "verso" : "recto"}
            className="rounded-xl border-2 border-border bg-card p-5 outline-none focus-visible:outline-3"
          >
            <span className="mb-2 block text-xs font-bold uppercase tracking-wide text-muted-foreground">Question</span>
            <div className="prose-content text-lg" dangerouslySetInnerHTML={{ __html: card.frontHtml }} />
          </div>
          {shown ? (
            <>
              <div
                ref={answerRef}
                tabIndex={-1}
                aria-label="Réponse"
                className="rounded-xl border-2 border-primary bg-primary/5 p-5 outline-none focus-visible:outline-3"
              >
                <span className="mb-2 block text-xs font-bold uppercase tracking-wide text-muted-foreground">Réponse</span>
                <div className="prose-content text-lg" dangerouslySetInnerHTML={{ __html: card.backHtml }} />
              </div>
              <div role="group" aria-label="Votre réponse" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {REVIEW_RATINGS.map(({ rating, label, key }) => (
                  <Button
                    key={rating}
                    variant={rating === "again" ? "destructive" : rating === "good" ? "primary" : "outline"}
                    className="flex-col gap-0 py-2"
                    disabled={busy}
                    aria-keyshortcuts={key}
                    onClick={() => void grade(rating)}
                  >
                    {/* Named by its visible words, in their order (« Facile 4 j »), then what the delay means. */}
                    <span>{label}</span>
                    <span className="text-xs font-normal opacity-90">
                      {card.intervals[rating]}
                      <span className="sr-only"> avant la prochaine révision</span>
                    </span>
                  </Button>
                ))}
              </div>
              <p className="text-center text-sm text-muted-foreground">Touches 1 à 4 pour répondre.</p>
            </>
          ) : (
            <div className="flex flex-col items-center gap-2">
              <Button onClick={reveal} aria-keyshortcuts="Space">
                Afficher la réponse
              </Button>
              <p className="text-sm text-muted-foreground">Ou appuyez sur Espace.</p>
            </div>
          )}
          {failed ? (
            <Alert tone="danger" title="Votre réponse n'a pas pu être enregistrée.">
              <p>Vérifiez votre connexion puis réessayez.</p>
            </Alert>
          ) : null}
        </Card>
      ) : null}
    </section>
  );
}
