import { describe, expect, it } from "vitest";
import { REVIEW_RATINGS, dueCountLabel, formatInterval, reviewRequestSchema } from "./review";

const at = new Date("2026-11-21T10:00:00Z");
const after = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe("review deck shared rules", () => {
  it("labels the four answers in order with keys 1 to 4", () => {
    expect(REVIEW_RATINGS.map(({ rating, label, key }) => [rating, label, key])).toEqual([
      ["again", "À revoir", "1"],
      ["hard", "Difficile", "2"],
      ["good", "Correct", "3"],
      ["easy", "Facile", "4"],
    ]);
  });

  it("counts due cards in French, singular for one", () => {
    expect(dueCountLabel(1)).toBe("1 carte à revoir aujourd'hui");
    expect(dueCountLabel(2)).toBe("2 cartes à revoir aujourd'hui");
    expect(dueCountLabel(12)).toBe("12 cartes à revoir aujourd'hui");
  });

  it("writes intervals shortly, with a non-breaking space", () => {
    expect(formatInterval(at, after(1))).toBe("1\u00a0min");
    expect(formatInterval(at, after(10))).toBe("10\u00a0min");
    expect(formatInterval(at, after(0))).toBe("1\u00a0min");
    expect(formatInterval(at, after(5 * 60))).toBe("5\u00a0h");
    expect(formatInterval(at, after(24 * 60))).toBe("1\u00a0j");
    expect(formatInterval(at, after(4 * 24 * 60))).toBe("4\u00a0j");
    expect(formatInterval(at, after(75 * 24 * 60))).toBe("3\u00a0mois");
    expect(formatInterval(at, after(365 * 24 * 60))).toBe("1\u00a0an");
    expect(formatInterval(at, after(2.5 * 365 * 24 * 60))).toBe("2,5\u00a0ans");
  });

  it("validates requests", () => {
    expect(reviewRequestSchema.parse({ intent: "mark", cardId: "python-flashcards:puissance" })).toEqual({
      intent: "mark",
      cardId: "python-flashcards:puissance",
      language: "fr",
    });
    expect(reviewRequestSchema.safeParse({ intent: "grade", cardId: "d:c", language: "fr", rating: "good" }).success).toBe(true);
    expect(reviewRequestSchema.safeParse({ intent: "grade", cardId: "d:c", rating: "parfait" }).success).toBe(false);
    expect(reviewRequestSchema.safeParse({ intent: "mark", cardId: "sans-deux-points" }).success).toBe(false);
    expect(reviewRequestSchema.safeParse({ intent: "mark", cardId: "d:c", userId: "autre" }).data).not.toHaveProperty("userId");
    expect(reviewRequestSchema.safeParse({ intent: "drop" }).success).toBe(false);
    expect(reviewRequestSchema.safeParse({ intent: "merge", cards: [{ id: "vieux format" }] }).success).toBe(true);
    expect(reviewRequestSchema.safeParse({ intent: "merge", cards: Array.from({ length: 2001 }, () => ({ id: "d:c" })) }).success).toBe(
      false,
    );
  });
});
