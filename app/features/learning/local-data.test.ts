import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../../tests/support/memory-storage";
import {
  DEFAULT_LOCAL_DATA,
  addGeneratedContent,
  clearLocalData,
  foldGuestReviews,
  markForReview,
  markReviewed,
  nextStreak,
  readLocalData,
  recordStudy,
  setPreferences,
  subjectOfDeck,
  unmarkForReview,
} from "./local-data";
import { LOCAL_DATA_EVENT, storageKey } from "./local-data-keys";

const T1 = new Date("2026-11-21T10:00:00Z");
const T2 = new Date("2026-11-22T08:00:00Z");
/** Local dates (the streak follows the user's calendar, not UTC). */
const local = (day: number, hour = 12, month = 10) => new Date(2026, month, day, hour, 0, 0);

function stored(storage: Storage, userId: string | null) {
  return JSON.parse(storage.getItem(storageKey(userId)) ?? "null");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("local user data: shape and defaults", () => {
  it("has exactly the specified defaults", () => {
    expect(DEFAULT_LOCAL_DATA).toEqual({
      flashcardsToReview: [],
      generatedContent: [],
      progress: { totalFlashcardsStudied: 0, totalContentGenerated: 0, studyStreak: 0, lastActivity: null, subjectsStudied: [] },
      preferences: { defaultLanguage: "fr", studyReminders: true, darkMode: false },
    });
    expect(readLocalData("nobody", new MemoryStorage())).toEqual(DEFAULT_LOCAL_DATA);
  });

  it("reads corrupt JSON as the defaults", () => {
    const storage = new MemoryStorage();
    storage.setItem(storageKey("u1"), "{not json");
    expect(readLocalData("u1", storage)).toEqual(DEFAULT_LOCAL_DATA);
    storage.setItem(storageKey("u1"), "[1,2]");
    expect(readLocalData("u1", storage)).toEqual(DEFAULT_LOCAL_DATA);
  });

  it("falls back field by field, keeping what is valid", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      storageKey("u1"),
      JSON.stringify({
        flashcardsToReview: [{ id: "d:c", language: "en", markedAt: T1.toISOString(), reviewCount: 2 }, { nope: true }, "x"],
        generatedContent: "oops",
        progress: {
          totalFlashcardsStudied: 7,
          totalContentGenerated: -3,
          studyStreak: "2",
          lastActivity: "hier",
          subjectsStudied: ["Python", 4],
        },
        preferences: { defaultLanguage: 12, studyReminders: false, darkMode: "yes", themeChosen: true },
      }),
    );
    expect(readLocalData("u1", storage)).toEqual({
      flashcardsToReview: [{ id: "d:c", language: "en", markedAt: T1.toISOString(), reviewCount: 2 }],
      generatedContent: [],
      progress: { totalFlashcardsStudied: 7, totalContentGenerated: 0, studyStreak: 0, lastActivity: null, subjectsStudied: ["Python"] },
      preferences: { defaultLanguage: "fr", studyReminders: false, darkMode: false },
    });
  });

  it("keeps one key per user and a guest key", () => {
    const storage = new MemoryStorage();
    markForReview("u1", "d:c1", "fr", storage, T1);
    markForReview(null, "d:c2", "fr", storage, T1);
    expect(storage.keys().sort()).toEqual(["tremplin-user-data:guest", "tremplin-user-data:u1"]);
    expect(readLocalData("u1", storage).flashcardsToReview.map((card) => card.id)).toEqual(["d:c1"]);
    expect(readLocalData(null, storage).flashcardsToReview.map((card) => card.id)).toEqual(["d:c2"]);
  });
});

describe("local user data: flashcards to review", () => {
  it("marking adds an entry with markedAt now and reviewCount 0", () => {
    const storage = new MemoryStorage();
    const data = markForReview("u1", "deck:c1", "fr", storage, T1);
    expect(data.flashcardsToReview).toEqual([{ id: "deck:c1", language: "fr", markedAt: "2026-11-21T10:00:00.000Z", reviewCount: 0 }]);
    expect(stored(storage, "u1").flashcardsToReview).toEqual(data.flashcardsToReview);
  });

  it("marking again replaces the entry with the same id and language (markedAt now, reviewCount back to 0, lastReviewed gone)", () => {
    const storage = new MemoryStorage();
    markForReview("u1", "deck:c1", "fr", storage, T1);
    markReviewed("u1", "deck:c1", "fr", storage, T1);
    markReviewed("u1", "deck:c1", "fr", storage, T1);
    expect(readLocalData("u1", storage).flashcardsToReview[0]).toMatchObject({ reviewCount: 2, lastReviewed: T1.toISOString() });
    markForReview("u1", "deck:c1", "fr", storage, T2);
    expect(readLocalData("u1", storage).flashcardsToReview).toEqual([
      { id: "deck:c1", language: "fr", markedAt: T2.toISOString(), reviewCount: 0 },
    ]);
  });

  it("keeps the same id in another language as a separate entry", () => {
    const storage = new MemoryStorage();
    markForReview("u1", "deck:c1", "fr", storage, T1);
    markForReview("u1", "deck:c1", "en", storage, T2);
    expect(readLocalData("u1", storage).flashcardsToReview).toEqual([
      { id: "deck:c1", language: "fr", markedAt: T1.toISOString(), reviewCount: 0 },
      { id: "deck:c1", language: "en", markedAt: T2.toISOString(), reviewCount: 0 },
    ]);
  });

  it("unmarking removes only that id and language", () => {
    const storage = new MemoryStorage();
    markForReview("u1", "deck:c1", "fr", storage, T1);
    markForReview("u1", "deck:c1", "en", storage, T1);
    markForReview("u1", "deck:c2", "fr", storage, T1);
    unmarkForReview("u1", "deck:c1", "fr", storage);
    expect(readLocalData("u1", storage).flashcardsToReview.map((card) => [card.id, card.language])).toEqual([
      ["deck:c1", "en"],
      ["deck:c2", "fr"],
    ]);
  });

  it("a review sets lastReviewed now and adds one to reviewCount; an unmarked card is left alone", () => {
    const storage = new MemoryStorage();
    markForReview("u1", "deck:c1", "fr", storage, T1);
    markReviewed("u1", "deck:c1", "fr", storage, T2);
    markReviewed("u1", "deck:absent", "fr", storage, T2);
    expect(readLocalData("u1", storage).flashcardsToReview).toEqual([
      { id: "deck:c1", language: "fr", markedAt: T1.toISOString(), lastReviewed: T2.toISOString(), reviewCount: 1 },
    ]);
  });

  it("at sign-in folds the guest list and the server's cards into the user's, the user's entries winning, and empties the guest list", () => {
    const storage = new MemoryStorage();
    markForReview("u1", "deck:a", "fr", storage, T1);
    markReviewed("u1", "deck:a", "fr", storage, T2);
    markForReview(null, "deck:a", "fr", storage, T2);
    markForReview(null, "deck:b", "fr", storage, T2);
    setPreferences(null, { darkMode: true }, storage);
    foldGuestReviews("u1", storage, [{ id: "deck:c", language: "fr", markedAt: T1.toISOString(), reviewCount: 0 }]);
    expect(readLocalData("u1", storage).flashcardsToReview).toEqual([
      { id: "deck:a", language: "fr", markedAt: T1.toISOString(), lastReviewed: T2.toISOString(), reviewCount: 1 },
      { id: "deck:b", language: "fr", markedAt: T2.toISOString(), reviewCount: 0 },
      { id: "deck:c", language: "fr", markedAt: T1.toISOString(), reviewCount: 0 },
    ]);
    expect(readLocalData(null, storage).flashcardsToReview).toEqual([]);
    expect(readLocalData(null, storage).preferences).toMatchObject({ darkMode: true, themeChosen: true });
  });
});

describe("local user data: generated content and progress", () => {
  it("adding generated content puts it first with a new id and generatedAt now, counts it and updates lastActivity", () => {
    const storage = new MemoryStorage();
    const ids = ["id-1", "id-2"];
    addGeneratedContent("u1", { type: "flashcards", content: "première" }, storage, T1, () => ids.shift()!);
    const data = addGeneratedContent("u1", { type: "paragraph", content: "seconde", id: "ignored" }, storage, T2, () => ids.shift()!);
    expect(data.generatedContent).toEqual([
      { type: "paragraph", content: "seconde", id: "id-2", generatedAt: T2.toISOString() },
      { type: "flashcards", content: "première", id: "id-1", generatedAt: T1.toISOString() },
    ]);
    expect(data.progress).toMatchObject({ totalContentGenerated: 2, lastActivity: T2.toISOString() });
    expect(readLocalData("u1", storage)).toEqual(data);
  });

  it("generates ids with crypto.randomUUID by default", () => {
    const storage = new MemoryStorage();
    const { generatedContent } = addGeneratedContent("u1", { content: "x" }, storage, T1);
    expect(generatedContent[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("recording study without a subject still counts the cards", () => {
    const storage = new MemoryStorage();
    expect(recordStudy("u1", null, 2, storage, local(21)).progress).toMatchObject({
      totalFlashcardsStudied: 2,
      subjectsStudied: [],
      studyStreak: 1,
    });
  });

  it("recording study adds the cards, lists the subject once and sets lastActivity", () => {
    const storage = new MemoryStorage();
    recordStudy("u1", "Python", 3, storage, local(21, 9));
    recordStudy("u1", "Python", 2, storage, local(21, 10));
    const data = recordStudy("u1", "Mathématiques", 1, storage, local(21, 11));
    expect(data.progress).toEqual({
      totalFlashcardsStudied: 6,
      totalContentGenerated: 0,
      studyStreak: 1,
      lastActivity: local(21, 11).toISOString(),
      subjectsStudied: ["Python", "Mathématiques"],
    });
  });

  it("the streak starts at 1, stays the same day, grows on the next calendar day and restarts after a gap", () => {
    const storage = new MemoryStorage();
    const streak = (date: Date) => recordStudy("u1", "Python", 1, storage, date).progress.studyStreak;
    expect(streak(local(21, 9))).toBe(1);
    expect(streak(local(21, 23))).toBe(1);
    // 23:00 then 00:30 the next day: a new calendar day, even though less than 24 h passed.
    expect(streak(new Date(2026, 10, 22, 0, 30))).toBe(2);
    expect(streak(local(23, 20))).toBe(3);
    expect(streak(local(23, 21))).toBe(3);
    expect(streak(local(25))).toBe(1);
    expect(streak(local(26))).toBe(2);
  });

  it("counts month and year boundaries as consecutive days", () => {
    expect(nextStreak(4, new Date(2026, 10, 30, 22).toISOString(), new Date(2026, 11, 1, 7))).toBe(5);
    expect(nextStreak(9, new Date(2026, 11, 31, 23).toISOString(), new Date(2027, 0, 1, 1))).toBe(10);
    expect(nextStreak(3, new Date(2026, 10, 20).toISOString(), new Date(2026, 10, 22))).toBe(1);
    expect(nextStreak(0, null, new Date())).toBe(1);
    // Generated content moved lastActivity without a streak: a study that same day makes it 1, not 0.
    expect(nextStreak(0, local(21, 9).toISOString(), local(21, 10))).toBe(1);
  });

  it("maps a deck to its subject", () => {
    expect(subjectOfDeck("python-flashcards")).toBe("Python");
    expect(subjectOfDeck("maths-elements-de-logique-flashcards")).toBe("Mathématiques");
    expect(subjectOfDeck("chapitres-libres-series")).toBe("Mathématiques");
    expect(subjectOfDeck("vocabulaire-anglais")).toBe("Anglais");
    expect(subjectOfDeck("python-flashcards:puissance")).toBe("Python");
    expect(subjectOfDeck("geopolitique-flashcards")).toBeNull();
  });
});

describe("local user data: preferences and clearing", () => {
  it("changes preferences; writing darkMode records an explicit theme choice", () => {
    const storage = new MemoryStorage();
    expect(setPreferences("u1", { studyReminders: false }, storage).preferences).toEqual({
      defaultLanguage: "fr",
      studyReminders: false,
      darkMode: false,
    });
    expect(setPreferences("u1", { darkMode: true }, storage).preferences).toEqual({
      defaultLanguage: "fr",
      studyReminders: false,
      darkMode: true,
      themeChosen: true,
    });
    expect(readLocalData("u1", storage).preferences.themeChosen).toBe(true);
  });

  it("clearing removes the stored entry and reading gives the defaults again", () => {
    const storage = new MemoryStorage();
    markForReview("u1", "deck:c1", "fr", storage, T1);
    addGeneratedContent("u1", { content: "x" }, storage, T1);
    setPreferences("u1", { darkMode: true }, storage);
    markForReview(null, "deck:c1", "fr", storage, T1);
    expect(clearLocalData("u1", storage)).toEqual(DEFAULT_LOCAL_DATA);
    expect(storage.getItem(storageKey("u1"))).toBeNull();
    expect(readLocalData("u1", storage)).toEqual(DEFAULT_LOCAL_DATA);
    expect(readLocalData(null, storage).flashcardsToReview).toHaveLength(1);
  });

  it("keeps top-level fields it does not know when writing", () => {
    const storage = new MemoryStorage();
    storage.setItem(storageKey("u1"), JSON.stringify({ other: { kept: true } }));
    markForReview("u1", "deck:c1", "fr", storage, T1);
    expect(stored(storage, "u1").other).toEqual({ kept: true });
  });

  it("announces each write and each clear with a window event naming the key", () => {
    const target = new EventTarget();
    vi.stubGlobal("window", target);
    const seen: string[] = [];
    target.addEventListener(LOCAL_DATA_EVENT, (event) => seen.push((event as CustomEvent<{ key: string }>).detail.key));
    const storage = new MemoryStorage();
    markForReview("u1", "deck:c1", "fr", storage, T1);
    recordStudy(null, "Python", 1, storage, T1);
    clearLocalData("u1", storage);
    expect(seen).toEqual(["tremplin-user-data:u1", "tremplin-user-data:guest", "tremplin-user-data:u1"]);
  });

  it("still answers when storage throws (private mode)", () => {
    const broken = new MemoryStorage();
    broken.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    broken.getItem = () => {
      throw new Error("SecurityError");
    };
    expect(readLocalData("u1", broken)).toEqual(DEFAULT_LOCAL_DATA);
    expect(markForReview("u1", "deck:c1", "fr", broken, T1).flashcardsToReview).toHaveLength(1);
  });
});
