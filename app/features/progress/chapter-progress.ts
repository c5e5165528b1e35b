/** A signed-in reader's work in one chapter, as shown on the hubs. */
export interface ChapterProgress {
  /** The course page was opened. */
  read: boolean;
  /** Exercises whose latest mark is « réussi ». */
  exercisesSolved: number;
  /** Best quiz attempt. */
  quiz: { score: number; total: number } | null;
  /** Cards of the chapter's deck in the reader's review deck. */
  cardsInDeck: number;
}
