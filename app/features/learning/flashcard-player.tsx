import { ArrowLeft, ArrowRight, Shuffle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/features/toast/toaster";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress-bar";
import { LOCAL_DATA_EVENT } from "./local-data-keys";

// The review list and the study statistics load after the first render: the cards show without them.
const loadLocalData = () => import("./local-data");

export interface CardView {
  id: string;
  frontHtml: string;
  backHtml: string;
}

/**
 * Click or Space flips the card; ← and → move; « À revoir » goes to the user's local review list (the
 * guest key for visitors) and, when signed in, to the server review deck. Each card turned over counts
 * once per visit in the study statistics.
 */
export function FlashcardPlayer({ deckId, cards, userId }: { deckId: string; cards: CardView[]; userId: string | null }) {
  const [order, setOrder] = useState(() => cards.map((_, index) => index));
  const [position, setPosition] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [toReview, setToReview] = useState<Set<string>>(new Set());
  const card = cards[order[position]];
  const reviewId = `${deckId}:${card.id}`;

  // Read again after any write (the sign-in merge may add cards while the page is open).
  useEffect(() => {
    let active = true;
    const read = () =>
      void loadLocalData().then(({ readLocalData }) => {
        if (active) setToReview(new Set(readLocalData(userId).flashcardsToReview.map((entry) => entry.id)));
      });
    read();
    window.addEventListener(LOCAL_DATA_EVENT, read);
    return () => {
      active = false;
      window.removeEventListener(LOCAL_DATA_EVENT, read);
    };
  }, [userId]);

  const studied = useRef(new Set<string>());
  useEffect(() => {
    if (!flipped || studied.current.has(card.id)) return;
    studied.current.add(card.id);
    void loadLocalData().then(({ recordStudy, subjectOfDeck }) => recordStudy(userId, subjectOfDeck(deckId), 1));
  }, [flipped, card.id, deckId, userId]);

  const move = useCallback(
    (step: number) => {
      setPosition((current) => Math.min(cards.length - 1, Math.max(0, current + step)));
      setFlipped(false);
    },
    [cards.length],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest("input, textarea, select, button, a")) return;
      if (event.key === " ") {
        event.preventDefault();
        setFlipped((value) => !value);
      } else if (event.key === "ArrowRight") move(1);
      else if (event.key === "ArrowLeft") move(-1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [move]);

  const shuffle = () => {
    const next = [...order];
    for (let i = next.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [next[i], next[j]] = [next[j], next[i]];
    }
    setOrder(next);
    setPosition(0);
    setFlipped(false);
  };

  const toggleReview = async () => {
    const marking = !toReview.has(reviewId);
    const { markForReview, unmarkForReview } = await loadLocalData();
    const data = marking ? markForReview(userId, reviewId) : unmarkForReview(userId, reviewId);
    setToReview(new Set(data.flashcardsToReview.map((entry) => entry.id)));
    if (userId) {
      const { postRevision } = await import("~/features/review/review-client");
      postRevision({ intent: marking ? "mark" : "unmark", cardId: reviewId, language: "fr" }).catch(() =>
        toast.error("Révision non synchronisée", {
          description: "Le changement est gardé sur cet appareil mais n'a pas pu être enregistré sur votre compte. Réessayez plus tard.",
        }),
      );
    }
  };
  const marked = toReview.has(reviewId);

  return (
    <section aria-label="Paquet de flashcards" className="flex flex-col gap-5">
      <ProgressBar value={((position + 1) / cards.length) * 100} label={`Carte ${position + 1} sur ${cards.length}`} />
      <button
        type="button"
        onClick={() => setFlipped((value) => !value)}
        aria-label={flipped ? "Verso de la carte (cliquer pour revoir le recto)" : "Recto de la carte (cliquer pour voir la réponse)"}
        data-testid="flashcard"
        data-side={flipped ? "verso" : "recto"}
        className={`min-h-56 w-full rounded-2xl border-2 p-6 text-left shadow-sm transition-colors sm:p-8 ${flipped ? "border-primary bg-primary/5" : "border-border bg-card"}`}
      >
        <span className="mb-3 block text-xs font-bold uppercase tracking-wide text-muted-foreground">
          {flipped ? "Réponse" : "Question"}
        </span>
        <span className="prose-content block text-lg" dangerouslySetInnerHTML={{ __html: flipped ? card.backHtml : card.frontHtml }} />
      </button>
      <p className="text-center text-sm text-muted-foreground">
        Cliquez sur la carte ou appuyez sur Espace pour la retourner&nbsp;; flèches ← et → pour changer de carte.
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => move(-1)} disabled={position === 0} aria-label="Carte précédente">
            <ArrowLeft aria-hidden="true" className="size-4" /> Précédente
          </Button>
          <Button variant="outline" onClick={() => move(1)} disabled={position === cards.length - 1} aria-label="Carte suivante">
            Suivante <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <div className="flex gap-2">
          <Button variant={marked ? "destructive" : "outline"} onClick={() => void toggleReview()} aria-pressed={marked}>
            {marked ? "À revoir ✓" : "À revoir"}
          </Button>
          <Button variant="ghost" onClick={shuffle}>
            <Shuffle aria-hidden="true" className="size-4" /> Mélanger
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {toReview.size === 0
          ? "Aucune carte marquée à revoir."
          : `${[...toReview].filter((id) => id.startsWith(`${deckId}:`)).length} carte(s) de ce paquet marquée(s) à revoir.`}
      </p>
    </section>
  );
}
