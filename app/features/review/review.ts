import { z } from "zod";

/**
 * The server review deck (issue #5): shapes and validation shared by /api/revision and the review
 * session. No ts-fsrs here: this module is bundled for the browser.
 */

/** The four answers, in button order, with their keyboard shortcut (1–4). */
export const REVIEW_RATINGS = [
  { rating: "again", label: "À revoir", key: "1" },
  { rating: "hard", label: "Difficile", key: "2" },
  { rating: "good", label: "Correct", key: "3" },
  { rating: "easy", label: "Facile", key: "4" },
] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number]["rating"];
const RATING_VALUES = REVIEW_RATINGS.map((entry) => entry.rating) as [ReviewRating, ...ReviewRating[]];

/** `{deckId}:{cardId}`, as the flashcard player stores it. */
const cardId = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[a-z0-9-]+:[a-z0-9-]+$/);
const language = z
  .string()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
  .default("fr");

export const MAX_MERGED_CARDS = 2000;

export const reviewRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark"), cardId, language }),
  z.object({ intent: z.literal("unmark"), cardId, language }),
  // Merged entries come from browser storage, possibly old or edited: the server ignores the ones it does not know.
  z.object({
    intent: z.literal("merge"),
    cards: z
      .array(z.object({ id: z.string().max(200), language: z.string().max(20).default("fr"), markedAt: z.string().max(40).optional() }))
      .max(MAX_MERGED_CARDS),
  }),
  z.object({ intent: z.literal("grade"), cardId, language, rating: z.enum(RATING_VALUES) }),
]);
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;
/** What a client sends (the language may be left out: "fr"). */
export type ReviewRequestInput = z.input<typeof reviewRequestSchema>;

export const REVIEW_MESSAGES = {
  signInRequired: "Connexion requise.",
  invalidRequest: "Requête invalide.",
  cardNotFound: "Carte introuvable.",
} as const;

/** One card of the user's deck as GET /api/revision returns it. */
export interface ReviewCardView {
  cardId: string;
  language: string;
  deckId: string;
  deckTitle: string;
  deckPath: string;
  frontHtml: string;
  backHtml: string;
  /** ISO date; the card is due when due ≤ now. */
  due: string;
  isDue: boolean;
  reps: number;
  lapses: number;
  /** 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs State). */
  state: number;
  lastReview: string | null;
  /** The interval each answer would give, in French (« 10 min », « 4 j »). */
  intervals: Record<ReviewRating, string>;
}

export interface ReviewDeckView {
  cards: ReviewCardView[];
  counts: { due: number; total: number };
}

/** A marked card as the server keeps it, sent back after a merge so the browser list matches the account. */
export interface MarkedCard {
  id: string;
  language: string;
  markedAt: string;
}

/** « N cartes à revoir aujourd'hui », singular for one card. */
export function dueCountLabel(due: number): string {
  return due === 1 ? "1 carte à revoir aujourd'hui" : `${due} cartes à revoir aujourd'hui`;
}

/** A short French interval between two dates: « 1 min », « 6 min », « 3 h », « 4 j », « 2 mois », « 1 an ». */
export function formatInterval(from: Date, to: Date): string {
  const minutes = Math.max(1, Math.round((to.getTime() - from.getTime()) / 60_000));
  const nb = "\u00a0";
  if (minutes < 60) return `${minutes}${nb}min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}${nb}h`;
  const days = Math.round(minutes / 1440);
  if (days < 31) return `${days}${nb}j`;
  if (days < 365) return `${Math.round(days / 30)}${nb}mois`;
  const years = Math.round((days / 365) * 10) / 10;
  return `${String(years).replace(".", ",")}${nb}an${years >= 2 ? "s" : ""}`;
}
