import { data } from "react-router";
import { saveGeneratedCards } from "./generate.server";
import { GENERATOR_MESSAGES, type GeneratorSlug, savedCardsSchema } from "./generators";

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
  const kept = formData.getAll("keep").map(String).slice(0, 40);
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
  const generationId = Number(formData.get("generationId")) || null;
  const saved = await saveGeneratedCards(userId, generationId ? { tool, id: generationId } : null, parsed.data);
  return { intent: "save" as const, ok: true as const, count: saved.length };
}
