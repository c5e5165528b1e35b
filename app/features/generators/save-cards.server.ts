import { data } from "react-router";
import { RateLimitedError, hit } from "../accounts/rate-limit.server";
import { countGeneratedCards, saveGeneratedCards } from "./generate.server";
import { GENERATOR_MESSAGES, type GeneratorSlug, MAX_GENERATED_CARDS, savedCardsSchema } from "./generators";

/** Saves are free (no quota): bounded per hour, and the deck's generated cards in all. */
const SAVE_RULE = { max: 30, windowSeconds: 3600 };

async function saveRefusal(userId: string, adding: number): Promise<{ status: 400 | 429; message: string } | null> {
  try {
    await hit(`generator-save:${userId}`, SAVE_RULE);
  } catch (error) {
    if (error instanceof RateLimitedError) return { status: 429, message: error.message };
    throw error;
  }
  return (await countGeneratedCards(userId)) + adding > MAX_GENERATED_CARDS ? { status: 400, message: GENERATOR_MESSAGES.deckFull } : null;
}

/**
 * The form that saves generated cards (flashcards, vocabulary) into the review deck: fields
 * `keep` (the indexes kept) and `kind-i`, `front-i`, `back-i`, `source-i` for each card, and the
 * `generationId` they come from. Errors are keyed by the card's index.
 */
export async function saveCardsFromForm(formData: FormData, userId: string | null, tool: GeneratorSlug) {
  if (!userId)
    return data(
      { intent: "save" as const, ok: false as const, error: GENERATOR_MESSAGES.signInToSave, errors: {} as Record<string, string> },
      { status: 401 },
    );
  // Each index once: a repeated `keep` would save the same card again.
  const kept = [...new Set(formData.getAll("keep").map(String))].slice(0, 40);
  const cards = kept.map((index) => ({
    kind: String(formData.get(`kind-${index}`) ?? ""),
    front: String(formData.get(`front-${index}`) ?? "").slice(0, 2_000),
    back: String(formData.get(`back-${index}`) ?? "").slice(0, 4_000),
    sourceUrl: formData.get(`source-${index}`) ? String(formData.get(`source-${index}`)).slice(0, 300) : undefined,
  }));
  const parsed = savedCardsSchema.safeParse(cards);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const position = issue.path[0];
      const key = typeof position === "number" ? kept[position] : "form";
      errors[key] ??= issue.message;
    }
    return data(
      { intent: "save" as const, ok: false as const, error: errors.form ?? "Corrigez les cartes signalées.", errors },
      { status: 400 },
    );
  }
  const refusal = await saveRefusal(userId, parsed.data.length);
  if (refusal)
    return data(
      { intent: "save" as const, ok: false as const, error: refusal.message, errors: {} as Record<string, string> },
      { status: refusal.status },
    );
  const generationId = Number(formData.get("generationId")) || null;
  const saved = await saveGeneratedCards(userId, generationId ? { tool, id: generationId } : null, parsed.data);
  return { intent: "save" as const, ok: true as const, count: saved.length };
}
