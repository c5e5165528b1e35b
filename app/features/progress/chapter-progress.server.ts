import { and, count, eq, inArray, max, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { contentVisits, exerciseMarks, flashcardReviews, quizAttempts } from "../../../db/schema";
import type { TrackChapter } from "../learning/track-chapters";
import type { ChapterProgress } from "./chapter-progress";

/**
 * What a signed-in reader did in each chapter of a hub: course opened, exercises marked « réussi »,
 * best quiz score, cards added to the review deck. Four grouped queries, whatever the number of chapters.
 */
export async function chaptersProgress(userId: string, chapters: readonly TrackChapter[]): Promise<Record<string, ChapterProgress>> {
  const ids = (pick: (chapter: TrackChapter) => string | undefined) => chapters.map(pick).filter((id): id is string => Boolean(id));
  const coursePaths = chapters.map((chapter) => chapter.path);
  const setIds = ids((chapter) => chapter.exercises?.id);
  const quizIds = ids((chapter) => chapter.quiz?.id);
  const deckIds = ids((chapter) => chapter.flashcards?.id);
  if (!chapters.length) return {};
  const db = await getDb();
  const deckOfCard = sql<string>`split_part(${flashcardReviews.cardId}, ':', 1)`;
  const [visited, solved, bestScores, cards] = await Promise.all([
    db
      .select({ path: contentVisits.path })
      .from(contentVisits)
      .where(and(eq(contentVisits.userId, userId), inArray(contentVisits.path, coursePaths))),
    setIds.length
      ? db
          .select({ setId: exerciseMarks.setId, solved: count() })
          .from(exerciseMarks)
          .where(and(eq(exerciseMarks.userId, userId), inArray(exerciseMarks.setId, setIds), eq(exerciseMarks.status, "reussi")))
          .groupBy(exerciseMarks.setId)
      : [],
    quizIds.length
      ? db
          .select({ quizId: quizAttempts.quizId, total: quizAttempts.total, score: max(quizAttempts.score) })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.quizId, quizIds)))
          .groupBy(quizAttempts.quizId, quizAttempts.total)
      : [],
    deckIds.length
      ? db
          .select({ deckId: deckOfCard, cards: count() })
          .from(flashcardReviews)
          .where(and(eq(flashcardReviews.userId, userId), inArray(deckOfCard, deckIds)))
          .groupBy(deckOfCard)
      : [],
  ]);
  const visitedPaths = new Set(visited.map((row) => row.path));
  const solvedBySet = new Map(solved.map((row) => [row.setId, row.solved]));
  const cardsByDeck = new Map(cards.map((row) => [row.deckId, row.cards]));
  const bestByQuiz = new Map<string, { score: number; total: number }>();
  for (const { quizId, total, score } of bestScores) {
    const best = bestByQuiz.get(quizId);
    // A quiz whose length changed keeps its best attempt as a proportion.
    if (score !== null && (!best || score / total > best.score / best.total)) bestByQuiz.set(quizId, { score, total });
  }
  return Object.fromEntries(
    chapters.map((chapter) => [
      chapter.id,
      {
        read: visitedPaths.has(chapter.path),
        exercisesSolved: chapter.exercises ? (solvedBySet.get(chapter.exercises.id) ?? 0) : 0,
        quiz: chapter.quiz ? (bestByQuiz.get(chapter.quiz.id) ?? null) : null,
        cardsInDeck: chapter.flashcards ? (cardsByDeck.get(chapter.flashcards.id) ?? 0) : 0,
      },
    ]),
  );
}
