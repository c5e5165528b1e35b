import { and, asc, eq, inArray } from "drizzle-orm";
import type { Card, Grade, State } from "ts-fsrs";
import { Rating, createEmptyCard, fsrs } from "ts-fsrs";
import { getDb } from "../../../db/client.server";
import { flashcardReviews, generatedCards } from "../../../db/schema";
import { findCatalogEntry } from "../../catalog/catalog";
import { permissionChecker } from "../access/grants.server";
import { requiredPermission } from "../access/policy";
import { getRole } from "../accounts/roles.server";
import { getDeck } from "../content/store.server";
import type { MarkedCard, ReviewCardView, ReviewDeckView, ReviewRating } from "./review";
import { REVIEW_RATINGS, formatInterval } from "./review";
import { recordStudyEvent } from "../progress/study-days.server";
import { formulaTextToHtml } from "../generators/formula-text.server";

/**
 * The signed-in user's review deck: the cards marked « À revoir », scheduled with FSRS (ts-fsrs). One row
 * per (user, card, language). Fuzz stays off so the interval previewed on each button is the one the
 * answer gives.
 */
const scheduler = fsrs();

const RATINGS: Record<ReviewRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
const LANGUAGE = /^[a-z]{2}(-[A-Z]{2})?$/;

type ReviewRow = typeof flashcardReviews.$inferSelect;

/** A card of the content store from its `{deckId}:{cardId}` id, with its deck. */
function findCard(cardId: string) {
  const separator = cardId.indexOf(":");
  if (separator <= 0) return undefined;
  const deck = getDeck(cardId.slice(0, separator));
  const card = deck?.cards.find((candidate) => candidate.id === cardId.slice(separator + 1));
  return deck && card ? { deck, card } : undefined;
}

/**
 * Whether the user may read a deck now: its page is published and its section open to them (Python:
 * any signed-in user; maths: the maths right, which may have expired since the card was marked).
 */
function deckAccess(userId: string) {
  const can = permissionChecker({ id: userId, role: () => getRole(userId) });
  return async (deckPath: string): Promise<boolean> => {
    const entry = findCatalogEntry(deckPath);
    return entry ? can(requiredPermission(entry)) : false;
  };
}

interface FoundCard {
  deck: { id: string; title: string; path: string };
  card: { frontHtml: string; backHtml: string };
}

/** Cards made with the flashcard generator are `generated:<id>`: private to their author. */
export const GENERATED_CARD_PREFIX = "generated:";
const GENERATED_DECK = { id: "generated", title: "Mes cartes générées", path: "/generator/flashcards" };

/**
 * The cards the user may read now among `cardIds`: cards of the content store whose deck they may read,
 * and their own generated cards. Unknown ids, other users' cards and cards of decks the user may not read
 * are left out alike, so a card id tells nothing about what the user has no right to.
 */
async function readableCards(userId: string, cardIds: readonly string[]): Promise<Map<string, FoundCard>> {
  const found = new Map<string, FoundCard>();
  const generatedIds = cardIds.flatMap((cardId) => {
    const id = cardId.startsWith(GENERATED_CARD_PREFIX) ? Number(cardId.slice(GENERATED_CARD_PREFIX.length)) : NaN;
    return Number.isSafeInteger(id) && id > 0 ? [id] : [];
  });
  if (generatedIds.length) {
    const db = await getDb();
    const rows = await db
      .select()
      .from(generatedCards)
      .where(and(eq(generatedCards.userId, userId), inArray(generatedCards.id, generatedIds)));
    for (const row of rows)
      found.set(`${GENERATED_CARD_PREFIX}${row.id}`, {
        deck: GENERATED_DECK,
        card: { frontHtml: formulaTextToHtml(row.front), backHtml: formulaTextToHtml(row.back) },
      });
  }
  const mayRead = deckAccess(userId);
  for (const cardId of cardIds) {
    const content = cardId.startsWith(GENERATED_CARD_PREFIX) ? undefined : findCard(cardId);
    if (content && (await mayRead(content.deck.path))) found.set(cardId, content);
  }
  return found;
}

/** A card the user may read now, or undefined (see readableCards). */
function findReadableCard(userId: string) {
  return async (cardId: string) => (await readableCards(userId, [cardId])).get(cardId);
}

function toFsrsCard(row: ReviewRow): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    last_review: row.lastReview ?? undefined,
  };
}

function fromFsrsCard(card: Card) {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** The columns of a card never reviewed, due at `due`. */
function emptyState(due: Date) {
  return fromFsrsCard(createEmptyCard(due));
}

/** Marks a card: a new card is due now; re-marking a card already in the deck makes it due now and keeps its history. */
export async function markCard(userId: string, cardId: string, language = "fr", now = new Date()): Promise<boolean> {
  if (!LANGUAGE.test(language) || !(await findReadableCard(userId)(cardId))) return false;
  const db = await getDb();
  await db
    .insert(flashcardReviews)
    .values({ userId, cardId, language, markedAt: now, ...emptyState(now), createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [flashcardReviews.userId, flashcardReviews.cardId, flashcardReviews.language],
      set: { markedAt: now, due: now, updatedAt: now },
    });
  return true;
}

/** Unmarking removes the card (and its schedule) from the deck. Returns whether it was there. */
export async function unmarkCard(userId: string, cardId: string, language = "fr"): Promise<boolean> {
  const db = await getDb();
  const removed = await db
    .delete(flashcardReviews)
    .where(and(eq(flashcardReviews.userId, userId), eq(flashcardReviews.cardId, cardId), eq(flashcardReviews.language, language)))
    .returning({ id: flashcardReviews.id });
  return removed.length > 0;
}

/** Every card the user has marked (ids only), oldest mark first. */
export async function listMarkedCards(userId: string): Promise<MarkedCard[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: flashcardReviews.cardId, language: flashcardReviews.language, markedAt: flashcardReviews.markedAt })
    .from(flashcardReviews)
    .where(eq(flashcardReviews.userId, userId))
    .orderBy(asc(flashcardReviews.markedAt), asc(flashcardReviews.id));
  return rows.map((row) => ({ ...row, markedAt: row.markedAt.toISOString() }));
}

/**
 * Adds the browser's marked cards to the deck at sign-in. Idempotent: a card already in the deck keeps its
 * row untouched, a card listed twice is added once, and ids absent from the content store are ignored.
 * A new card is due from the moment it was marked (a future or invalid date counts as now).
 */
export async function mergeLocalCards(
  userId: string,
  cards: { id: string; language?: string; markedAt?: string }[],
  now = new Date(),
): Promise<{ added: number; cards: MarkedCard[] }> {
  const unique = new Map<string, { cardId: string; language: string; markedAt: Date }>();
  const readable = findReadableCard(userId);
  for (const card of cards) {
    const language = card.language ?? "fr";
    if (!LANGUAGE.test(language) || !(await readable(card.id))) continue;
    const marked = card.markedAt ? new Date(card.markedAt) : now;
    const markedAt = Number.isNaN(marked.getTime()) || marked > now ? now : marked;
    const key = JSON.stringify([card.id, language]);
    if (!unique.has(key)) unique.set(key, { cardId: card.id, language, markedAt });
  }
  let added = 0;
  if (unique.size > 0) {
    const db = await getDb();
    const inserted = await db
      .insert(flashcardReviews)
      .values([...unique.values()].map((card) => ({ userId, ...card, ...emptyState(card.markedAt), createdAt: now, updatedAt: now })))
      .onConflictDoNothing({ target: [flashcardReviews.userId, flashcardReviews.cardId, flashcardReviews.language] })
      .returning({ id: flashcardReviews.id });
    added = inserted.length;
  }
  return { added, cards: await listMarkedCards(userId) };
}

function intervals(row: ReviewRow, now: Date): Record<ReviewRating, string> {
  const preview = scheduler.repeat(toFsrsCard(row), now);
  return Object.fromEntries(REVIEW_RATINGS.map(({ rating }) => [rating, formatInterval(now, preview[RATINGS[rating]].card.due)])) as Record<
    ReviewRating,
    string
  >;
}

function toView(row: ReviewRow, now: Date, found: FoundCard): ReviewCardView {
  return {
    cardId: row.cardId,
    language: row.language,
    deckId: found.deck.id,
    deckTitle: found.deck.title,
    deckPath: found.deck.path,
    frontHtml: found.card.frontHtml,
    backHtml: found.card.backHtml,
    due: row.due.toISOString(),
    isDue: row.due.getTime() <= now.getTime(),
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    lastReview: row.lastReview?.toISOString() ?? null,
    intervals: intervals(row, now),
  };
}

/**
 * The user's deck: only cards that still exist and whose deck the user may read now, due cards first
 * (oldest due first), then the others by due date; with the due and total counts.
 */
export async function readDeck(userId: string, now = new Date()): Promise<ReviewDeckView> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(flashcardReviews)
    .where(eq(flashcardReviews.userId, userId))
    .orderBy(asc(flashcardReviews.due), asc(flashcardReviews.id));
  const readable = await readableCards(
    userId,
    rows.map((row) => row.cardId),
  );
  const cards = rows.flatMap((row) => {
    const found = readable.get(row.cardId);
    return found ? [toView(row, now, found)] : [];
  });
  // Rows come by due date, so due cards (due ≤ now) are already first.
  return { cards, counts: { due: cards.filter((card) => card.isDue).length, total: cards.length } };
}

export class CardNotInDeckError extends Error {
  constructor() {
    super("This card is not in the user's review deck.");
  }
}

/**
 * Grades one card of the user's deck and stores the new FSRS state atomically (the row is locked for the
 * update, so two answers never both start from the same state). Throws CardNotInDeckError when the card is
 * not in the deck, no longer exists, or belongs to a deck the user may no longer read.
 */
export async function gradeCard(
  userId: string,
  cardId: string,
  language: string,
  rating: ReviewRating,
  now = new Date(),
): Promise<ReviewCardView> {
  const found = await findReadableCard(userId)(cardId);
  if (!found) throw new CardNotInDeckError();
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(flashcardReviews)
      .where(and(eq(flashcardReviews.userId, userId), eq(flashcardReviews.cardId, cardId), eq(flashcardReviews.language, language)))
      .for("update");
    if (!row) throw new CardNotInDeckError();
    const { card } = scheduler.next(toFsrsCard(row), now, RATINGS[rating]);
    const [saved] = await tx
      .update(flashcardReviews)
      .set({ ...fromFsrsCard(card), updatedAt: now })
      .where(eq(flashcardReviews.id, row.id))
      .returning();
    return saved;
  });
  await recordStudyEvent(userId);
  return toView(updated, now, found);
}
