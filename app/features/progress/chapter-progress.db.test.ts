import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { flashcardReviews } from "../../../db/schema";
import { registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { saveMark, saveQuizAttempt } from "../learning/learning.server";
import type { TrackChapter } from "../learning/track-chapters";
import { chaptersProgress } from "./chapter-progress.server";
import { recordVisit } from "./visits.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const chapter = (id: string): TrackChapter => ({
  id,
  path: `/formation/${id}`,
  title: id,
  exercises: { id: `${id}-exercices`, path: `/formation/${id}-exercices`, title: "", items: 12 },
  quiz: { id: `${id}-quiz`, path: `/formation/${id}-quiz`, title: "", items: 15 },
  flashcards: { id: `${id}-flashcards`, path: `/formation/${id}-flashcards`, title: "", items: 25 },
});

describe("chapter progress on the hubs", () => {
  it("counts, per chapter and for this student only, the course opened, exercises solved, best quiz and cards in the deck", async () => {
    const student = await registerStudent("Lina");
    const other = await registerStudent("Noam");
    const [polynomes, suites] = [chapter("maths-polynomes"), chapter("maths-suites-numeriques")];
    await recordVisit(student.id, "/formation/maths-polynomes");
    await saveMark(student.id, "maths-polynomes-exercices", "a", "reussi");
    await saveMark(student.id, "maths-polynomes-exercices", "b", "reussi");
    await saveMark(student.id, "maths-polynomes-exercices", "c", "a-revoir");
    await saveMark(student.id, "maths-polynomes-exercices", "b", "a-revoir");
    await saveQuizAttempt(student.id, "maths-polynomes-quiz", 9, 15, {});
    await saveQuizAttempt(student.id, "maths-polynomes-quiz", 13, 15, {});
    await saveQuizAttempt(student.id, "maths-polynomes-quiz", 11, 15, {});
    // A shorter quiz from before an edit: 7/8 is a better proportion than 13/15.
    await saveQuizAttempt(student.id, "maths-polynomes-quiz", 7, 8, {});
    await handle.db.insert(flashcardReviews).values([
      { userId: student.id, cardId: "maths-polynomes-flashcards:racine" },
      { userId: student.id, cardId: "maths-polynomes-flashcards:degre" },
      { userId: student.id, cardId: "maths-polynomes-flashcards-bis:degre" },
    ]);
    await saveMark(other.id, "maths-suites-numeriques-exercices", "a", "reussi");

    expect(await chaptersProgress(student.id, [polynomes, suites])).toEqual({
      "maths-polynomes": { read: true, exercisesSolved: 1, quiz: { score: 7, total: 8 }, cardsInDeck: 2 },
      "maths-suites-numeriques": { read: false, exercisesSolved: 0, quiz: null, cardsInDeck: 0 },
    });
    expect(await chaptersProgress(student.id, [])).toEqual({});
  });
});
