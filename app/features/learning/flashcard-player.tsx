import { ArrowLeft, ArrowRight, Shuffle } from "lucide-react";
import {
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { toast } from "~/features/toast/toaster";
import { plural } from "~/lib/plural";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress-bar";
import { LOCAL_DATA_EVENT } from "./local-data-keys";

// The review list and the study statistics load after the first render: the cards show without them.
const loadLocalData = () => import("./local-data");

/** How far a finger must travel sideways, more than up or down, for a swipe to change the card. */
const SWIPE_DISTANCE_PX = 50;
/** A finger that moves less than this is still tapping: the card flips. */
const TAP_SLOP_PX = 10;

/** Keys typed there are text: the shortcuts leave them alone. */
function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest("input, textarea, select") !== null);
}

/** Menus, tabs, lists and dialogs use the arrows and Space themselves (the site search, the mobile menu). */
function ownsKeys(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest(
      'dialog, [role="dialog"], [role="menu"], [role="menubar"], [role="listbox"], [role="tablist"], [role="radiogroup"], [role="slider"], [role="grid"], [role="tree"]',
    ) !== null
  );
}

/** A shortcut applies wherever the focus is, but not while typing, inside a widget of its own, or with Ctrl, Alt or Meta held. */
function isShortcut(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.altKey && !event.metaKey && !isTextField(event.target) && !ownsKeys(event.target);
}

export interface CardView {
  id: string;
  frontHtml: string;
  backHtml: string;
}

/**
 * Click, tap or Space flips the card; ← and → move, and so does a swipe on a touch screen (left: next
 * card); the keys work wherever the focus is, even on a button, except in a text field. « À revoir » goes
 * to the user's local review list (the guest key for visitors) and, when signed in, to the server review
 * deck. Each card turned over counts once per visit in the study statistics.
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

  // On the document, not on the card: after a click on « À revoir » the focus stays on that button, and
  // Space must flip the card rather than press the button (keydown and keyup both cancelled).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isShortcut(event)) return;
      if (event.key === " ") {
        event.preventDefault();
        if (!event.repeat) setFlipped((value) => !value);
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        move(1);
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        move(-1);
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === " " && isShortcut(event)) event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("keyup", onKeyUp);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("keyup", onKeyUp);
    };
  }, [move]);

  // A touch that ends far enough sideways is a swipe: it changes the card. A touch that moved at all is
  // not a tap either: the click the browser may send after it does not flip the card. A vertical move
  // scrolls the page (touch-action: pan-y), and the browser cancels the pointer.
  const touchStart = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const ignoreClick = useRef(false);
  const onPointerDown = (event: ReactPointerEvent) => {
    ignoreClick.current = false;
    touchStart.current = event.pointerType === "touch" ? { pointerId: event.pointerId, x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.hypot(dx, dy) > TAP_SLOP_PX) ignoreClick.current = true;
    if (Math.abs(dx) >= SWIPE_DISTANCE_PX && Math.abs(dx) > Math.abs(dy)) move(dx < 0 ? 1 : -1);
  };
  const onCardClick = (event: ReactMouseEvent) => {
    const fromPointer = event.detail > 0; // 0: Enter on the focused card
    if (ignoreClick.current && fromPointer) {
      ignoreClick.current = false;
      return;
    }
    setFlipped((value) => !value);
  };

  // The server and the first render show the keyboard hint; a touch screen gets its own once hydrated.
  const [coarsePointer, setCoarsePointer] = useState(false);
  useEffect(() => {
    const media = window.matchMedia("(pointer: coarse)");
    const update = () => setCoarsePointer(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  const hintId = useId();

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
  const markedInDeck = [...toReview].filter((id) => id.startsWith(`${deckId}:`)).length;

  return (
    <section aria-label="Paquet de flashcards" className="flex flex-col gap-5">
      <ProgressBar value={((position + 1) / cards.length) * 100} label={`Carte ${position + 1} sur ${cards.length}`} />
      <button
        type="button"
        onClick={onCardClick}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          touchStart.current = null;
        }}
        aria-describedby={hintId}
        data-testid="flashcard"
        data-side={flipped ? "verso" : "recto"}
        className={`min-h-56 w-full touch-pan-y touch-pinch-zoom rounded-2xl border-2 p-6 text-left shadow-sm transition-colors sm:p-8 ${flipped ? "border-primary bg-primary/5" : "border-border bg-card"}`}
      >
        <span className="mb-3 block text-xs font-bold uppercase tracking-wide text-muted-foreground">
          {flipped ? "Réponse" : "Question"}
        </span>
        <span className="prose-content block text-lg" dangerouslySetInnerHTML={{ __html: flipped ? card.backHtml : card.frontHtml }} />
      </button>
      <p id={hintId} className="text-center text-sm text-muted-foreground">
        {coarsePointer
          ? "Touchez la carte pour la retourner, glissez vers la gauche ou la droite pour changer de carte."
          : "Cliquez sur la carte ou appuyez sur Espace pour la retourner ; flèches ← et → pour changer de carte."}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => move(-1)} disabled={position === 0}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Carte précédente
          </Button>
          <Button variant="outline" onClick={() => move(1)} disabled={position === cards.length - 1}>
            Carte suivante <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
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
          : plural(markedInDeck, "carte de ce paquet marquée à revoir.", "cartes de ce paquet marquées à revoir.")}
      </p>
    </section>
  );
}
