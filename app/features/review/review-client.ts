import type { FlashcardToReview } from "../learning/local-data";
import { foldGuestReviews, readLocalData, unionReviews } from "../learning/local-data";
import type { MarkedCard, ReviewCardView, ReviewDeckView, ReviewRating, ReviewRequestInput } from "./review";

export class RevisionHttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** Browser calls to /api/revision. Each throws on a network error, or a RevisionHttpError on a non-2xx answer. */
async function call<T>(init?: RequestInit): Promise<T> {
  const response = await fetch("/api/revision", { cache: "no-store", headers: { Accept: "application/json" }, ...init });
  if (!response.ok) throw new RevisionHttpError(response.status);
  return (await response.json()) as T;
}

export function fetchReviewDeck(): Promise<ReviewDeckView> {
  return call<ReviewDeckView>();
}

export function postRevision<T = unknown>(body: ReviewRequestInput): Promise<T> {
  return call<T>({
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

export function gradeOnServer(card: ReviewCardView, rating: ReviewRating) {
  return postRevision<{ card: ReviewCardView }>({ intent: "grade", cardId: card.cardId, language: card.language, rating });
}

/**
 * Sign-in merge: sends the union of the guest's and the user's local lists to the server deck, then folds
 * the guest list (and the cards already on the account) into the user's key and empties the guest list.
 */
export async function mergeLocalReviews(userId: string, storage: Storage = localStorage, isCurrent = () => true): Promise<boolean> {
  const local = unionReviews(readLocalData(userId, storage).flashcardsToReview, readLocalData(null, storage).flashcardsToReview);
  const { cards } = await postRevision<{ added: number; cards: MarkedCard[] }>({
    intent: "merge",
    cards: local.map(({ id, language, markedAt }) => ({ id, language, markedAt })),
  });
  // Signed out (or another user signed in) meanwhile: that user's local data must not come back.
  if (!isCurrent()) return false;
  const fromServer: FlashcardToReview[] = cards.map((card) => ({ ...card, reviewCount: 0 }));
  foldGuestReviews(userId, storage, fromServer);
  return true;
}
