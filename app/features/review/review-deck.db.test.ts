import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { accessGrants, flashcardReviews } from "../../../db/schema";
import { browserRequest, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { unwrap } from "../../../tests/support/routes";
import { action, loader } from "../../routes/api.revision";
import { grantAccess } from "../access/grants.server";
import { exportUserData } from "../accounts/account.server";
import { CardNotInDeckError, gradeCard, listMarkedCards, markCard, mergeLocalCards, readDeck, unmarkCard } from "./review-deck.server";

let handle: DatabaseHandle;
const PY = (card: string) => `python-flashcards:${card}`;
const LOGIC = "maths-elements-de-logique-flashcards:definition-implication";
const T0 = new Date("2026-11-21T10:00:00Z");
const after = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

async function register(firstName: string) {
  const { id, cookie } = await registerStudent(firstName);
  return { userId: id, cookie };
}

async function rows(userId: string) {
  return handle.db.select().from(flashcardReviews).where(eq(flashcardReviews.userId, userId)).orderBy(flashcardReviews.id);
}

const api = {
  get: async (cookie: string) =>
    unwrap(await loader({ request: browserRequest("/api/revision", cookie), params: {}, context: {} } as never)),
  post: async (cookie: string, body: unknown) =>
    unwrap(
      await action({
        request: browserRequest("/api/revision", cookie, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
        params: {},
        context: {},
      } as never),
    ),
};

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`server review deck (${process.env.TEST_DB_DRIVER})`, () => {
  it("marks a card (due now, new), re-marks it without losing its history, and unmarks it", async () => {
    const { userId } = await register("Marc");
    expect(await markCard(userId, PY("puissance"), "fr", T0)).toBe(true);
    expect(await rows(userId)).toMatchObject([{ cardId: PY("puissance"), language: "fr", markedAt: T0, due: T0, reps: 0, state: 0 }]);

    await gradeCard(userId, PY("puissance"), "fr", "good", after(1));
    expect(await markCard(userId, PY("puissance"), "fr", after(30))).toBe(true);
    const [again] = await rows(userId);
    expect(again).toMatchObject({ markedAt: after(30), due: after(30), reps: 1, state: 1, lastReview: after(1) });
    expect(await rows(userId)).toHaveLength(1);

    expect(await markCard(userId, PY("puissance"), "en", T0)).toBe(true);
    expect(await unmarkCard(userId, PY("puissance"), "fr")).toBe(true);
    expect((await rows(userId)).map((row) => row.language)).toEqual(["en"]);
    expect(await unmarkCard(userId, PY("puissance"), "fr")).toBe(false);
  });

  it("refuses a card the content store does not have", async () => {
    const { userId } = await register("Nina");
    expect(await markCard(userId, "python-flashcards:inexistante", "fr", T0)).toBe(false);
    expect(await markCard(userId, "paquet-inconnu:carte", "fr", T0)).toBe(false);
    expect(await rows(userId)).toEqual([]);
  });

  it("merges local cards idempotently: no duplicate, existing rows untouched, unknown ids ignored", async () => {
    const { userId } = await register("Omar");
    await markCard(userId, PY("puissance"), "fr", T0);
    await gradeCard(userId, PY("puissance"), "fr", "easy", after(1));
    const before = await rows(userId);
    const local = [
      { id: PY("puissance"), language: "fr", markedAt: after(-60).toISOString() },
      { id: PY("quotient-et-reste"), language: "fr", markedAt: after(-30).toISOString() },
      { id: PY("quotient-et-reste"), language: "fr", markedAt: after(-10).toISOString() },
      { id: PY("division-decimale"), language: "fr", markedAt: "2999-01-01T00:00:00.000Z" },
      { id: "python-flashcards:inexistante", language: "fr" },
      { id: "n'importe quoi", language: "fr" },
      { id: PY("int-ou-floor"), language: "klingon" },
    ];
    const first = await mergeLocalCards(userId, local, after(2));
    expect(first.added).toBe(2);
    expect(first.cards.map((card) => card.id).sort()).toEqual([PY("division-decimale"), PY("puissance"), PY("quotient-et-reste")]);
    const merged = await rows(userId);
    expect(merged.find((row) => row.cardId === PY("puissance"))).toEqual(before[0]);
    expect(merged.find((row) => row.cardId === PY("quotient-et-reste"))).toMatchObject({ markedAt: after(-30), due: after(-30), reps: 0 });
    // A mark dated in the future counts as now.
    expect(merged.find((row) => row.cardId === PY("division-decimale"))).toMatchObject({ markedAt: after(2) });

    const second = await mergeLocalCards(userId, local, after(5));
    expect(second.added).toBe(0);
    expect(await rows(userId)).toEqual(merged);
    expect((await mergeLocalCards(userId, [], after(6))).cards).toHaveLength(3);
  });

  it("grades with FSRS: the due date and reps move, and the stored state is the scheduler's", async () => {
    const { userId } = await register("Paul");
    await markCard(userId, PY("puissance"), "fr", T0);
    const deck = await readDeck(userId, T0);
    expect(deck.cards[0].intervals).toMatchObject({ again: "1\u00a0min", hard: "6\u00a0min", good: "10\u00a0min" });
    expect(deck.cards[0].intervals.easy).toMatch(/^\d+\u00a0j$/);

    const graded = await gradeCard(userId, PY("puissance"), "fr", "good", T0);
    expect(graded).toMatchObject({ reps: 1, state: 1, due: after(10).toISOString(), isDue: false, lastReview: T0.toISOString() });
    const [row] = await rows(userId);
    expect(row).toMatchObject({ reps: 1, lapses: 0, state: 1, due: after(10), lastReview: T0, learningSteps: 1 });
    expect(row.stability).toBeGreaterThan(0);
    expect(row.difficulty).toBeGreaterThan(0);

    const second = await gradeCard(userId, PY("puissance"), "fr", "good", after(10));
    expect(second).toMatchObject({ reps: 2, state: 2 });
    expect(new Date(second.due).getTime()).toBeGreaterThan(after(10 + 24 * 60 - 1).getTime());

    const lapse = await gradeCard(userId, PY("puissance"), "fr", "again", new Date(second.due));
    expect(lapse).toMatchObject({ reps: 3, lapses: 1, state: 3 });

    await expect(gradeCard(userId, PY("quotient-et-reste"), "fr", "good", T0)).rejects.toBeInstanceOf(CardNotInDeckError);
    await expect(gradeCard(userId, PY("puissance"), "en", "good", T0)).rejects.toBeInstanceOf(CardNotInDeckError);
  });

  it("serves due cards first (oldest due first), then the others, with the counts", async () => {
    const { userId } = await register("Rita");
    await markCard(userId, PY("quotient-et-reste"), "fr", T0);
    await markCard(userId, PY("division-decimale"), "fr", after(1));
    await markCard(userId, PY("puissance"), "fr", after(2));
    await markCard(userId, PY("int-ou-floor"), "fr", after(3));
    await gradeCard(userId, PY("quotient-et-reste"), "fr", "easy", after(4));
    await gradeCard(userId, PY("int-ou-floor"), "fr", "good", after(4));
    const deck = await readDeck(userId, after(5));
    expect(deck.cards.map((card) => [card.cardId, card.isDue])).toEqual([
      [PY("division-decimale"), true],
      [PY("puissance"), true],
      [PY("int-ou-floor"), false],
      [PY("quotient-et-reste"), false],
    ]);
    expect(deck.counts).toEqual({ due: 2, total: 4 });
    expect(deck.cards[0]).toMatchObject({
      deckId: "python-flashcards",
      deckTitle: "Flashcards Python",
      deckPath: "/python-flashcards",
      language: "fr",
    });
    expect(deck.cards[0].frontHtml).toContain("<code>7 / 7</code>");
    expect(deck.cards[0].backHtml).toContain("1.0");
  });

  it("never shows, grades or removes another user's rows", async () => {
    const alice = await register("Alice");
    const bob = await register("Bob");
    await markCard(bob.userId, PY("puissance"), "fr", T0);
    await markCard(alice.userId, PY("division-decimale"), "fr", T0);
    expect((await readDeck(alice.userId, after(1))).cards.map((card) => card.cardId)).toEqual([PY("division-decimale")]);
    await expect(gradeCard(alice.userId, PY("puissance"), "fr", "good", T0)).rejects.toBeInstanceOf(CardNotInDeckError);
    expect(await unmarkCard(alice.userId, PY("puissance"), "fr")).toBe(false);
    expect(await rows(bob.userId)).toMatchObject([{ cardId: PY("puissance"), reps: 0 }]);
    expect((await listMarkedCards(alice.userId)).map((card) => card.id)).toEqual([PY("division-decimale")]);

    const exported = await exportUserData(alice.userId);
    expect(exported.flashcardReviews).toMatchObject([{ userId: alice.userId, cardId: PY("division-decimale") }]);
    expect(JSON.stringify(exported)).not.toContain(PY("puissance"));
  });

  it("serves a maths card only while the user holds the maths right", async () => {
    const { userId } = await register("Sami");
    // Without the right, a maths card is answered like an unknown id: neither marked nor merged.
    expect(await markCard(userId, LOGIC, "fr", T0)).toBe(false);
    expect((await mergeLocalCards(userId, [{ id: LOGIC }], T0)).added).toBe(0);
    await markCard(userId, PY("puissance"), "fr", T0);
    expect((await readDeck(userId, after(1))).cards.map((card) => card.cardId)).toEqual([PY("puissance")]);
    await expect(gradeCard(userId, LOGIC, "fr", "good", after(1))).rejects.toBeInstanceOf(CardNotInDeckError);
    expect(await rows(userId)).toHaveLength(1);

    await grantAccess({ userId, section: "maths", source: "admin" });
    expect(await markCard(userId, LOGIC, "fr", T0)).toBe(true);
    const withRight = await readDeck(userId, after(1));
    expect(withRight.cards.map((card) => card.cardId).sort()).toEqual([LOGIC, PY("puissance")].sort());
    expect(withRight.counts).toEqual({ due: 2, total: 2 });

    // The right expires: the card stays in the deck but is no longer served.
    await handle.db
      .update(accessGrants)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(accessGrants.userId, userId), eq(accessGrants.section, "maths")));
    expect((await readDeck(userId, after(1))).counts).toEqual({ due: 1, total: 1 });
    await expect(gradeCard(userId, LOGIC, "fr", "good", after(1))).rejects.toBeInstanceOf(CardNotInDeckError);
    expect(await rows(userId)).toHaveLength(2);
  });
});

describe(`/api/revision (${process.env.TEST_DB_DRIVER})`, () => {
  it("needs a session", async () => {
    expect(await api.get("")).toEqual({ status: 401, body: { error: "Connexion requise." } });
    expect(await api.post("", { intent: "mark", cardId: PY("puissance") })).toEqual({ status: 401, body: { error: "Connexion requise." } });
  });

  it("rejects invalid requests in French", async () => {
    const { cookie } = await register("Tom");
    for (const body of [
      "{pas du json",
      { intent: "effacer" },
      { intent: "grade", cardId: PY("puissance"), rating: "parfait" },
      { intent: "mark" },
    ]) {
      expect(await api.post(cookie, body)).toEqual({ status: 400, body: { error: "Requête invalide." } });
    }
  });

  it("marks, merges, grades and unmarks for the session's user only, whatever the body says", async () => {
    const eve = await register("Eve");
    const zoe = await register("Zoe");
    expect(await api.post(eve.cookie, { intent: "mark", cardId: PY("puissance"), userId: zoe.userId })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await rows(zoe.userId)).toEqual([]);
    expect(await api.post(eve.cookie, { intent: "mark", cardId: "python-flashcards:inexistante" })).toEqual({
      status: 404,
      body: { error: "Carte introuvable." },
    });
    // A maths card without the maths right: the same answer as an unknown id, and nothing stored.
    expect(await api.post(eve.cookie, { intent: "mark", cardId: LOGIC })).toEqual({ status: 404, body: { error: "Carte introuvable." } });
    expect(await rows(eve.userId)).toMatchObject([{ cardId: PY("puissance") }]);

    const merged = await api.post(eve.cookie, {
      intent: "merge",
      cards: [{ id: PY("division-decimale"), language: "fr" }, { id: PY("puissance") }],
    });
    expect(merged.status).toBe(200);
    expect(merged.body.added).toBe(1);

    const deck = await api.get(eve.cookie);
    expect(deck.status).toBe(200);
    expect(deck.body.counts).toEqual({ due: 2, total: 2 });

    const graded = await api.post(eve.cookie, { intent: "grade", cardId: PY("puissance"), language: "fr", rating: "hard" });
    expect(graded.status).toBe(200);
    expect(graded.body.card).toMatchObject({ cardId: PY("puissance"), reps: 1 });
    expect(await api.post(zoe.cookie, { intent: "grade", cardId: PY("puissance"), rating: "good" })).toEqual({
      status: 404,
      body: { error: "Carte introuvable." },
    });

    expect(await api.post(eve.cookie, { intent: "unmark", cardId: PY("puissance") })).toEqual({
      status: 200,
      body: { ok: true, removed: true },
    });
    expect((await rows(eve.userId)).map((row) => row.cardId)).toEqual([PY("division-decimale")]);
  });
});
