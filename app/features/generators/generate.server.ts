import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { flashcardReviews, generatedCards, userActivityHistory } from "../../../db/schema";
import type { PermissionCheck } from "../access/grants.server";
import type { Permission } from "../access/policy";
import { saveActivity } from "../activity/history.server";
import { trackActivity } from "../progress/progress.server";
import { GENERATED_CARD_PREFIX } from "../review/review-deck.server";
import { CORPUS_PERMISSIONS } from "./corpus.server";
import type { EngineResult } from "./engine.server";
import { type GeneratedCard, type GeneratorSlug, quotaReachedMessage } from "./generators";
import { type Requester, consumeQuota, dailyQuota, remainingQuotas } from "./quota.server";

/**
 * What every generation goes through, whatever the tool: the daily quota, then, for a signed-in user,
 * a row of user_activity_history (activity_type « generation ») and the first-use progress gain. The
 * rows are the user's « Mes générations »: read back only by their author.
 */
export interface Viewer {
  userId: string | null;
  clientIp: string;
  can: PermissionCheck;
}

export function requesterOf(viewer: Viewer): Requester {
  return viewer.userId ? { userId: viewer.userId } : { clientIp: viewer.clientIp };
}

/** The read permissions of the viewer that passages may require. */
export async function corpusPermissions(viewer: Viewer): Promise<Permission[]> {
  const held = await Promise.all(CORPUS_PERMISSIONS.map((permission) => viewer.can(permission)));
  return CORPUS_PERMISSIONS.filter((_, index) => held[index]);
}

/**
 * Whether the day's quota is already spent, read without spending: checked before the costly part of a
 * generation (searching the corpus), so that refused requests cost next to nothing.
 */
export async function quotaSpentMessage(tool: GeneratorSlug, viewer: Viewer): Promise<string | null> {
  const requester = requesterOf(viewer);
  const { [tool]: left } = await remainingQuotas([tool], requester);
  return left > 0 ? null : quotaReachedMessage(dailyQuota(requester), !viewer.userId);
}

/** Spends one generation of the tool's daily quota: the French message when none is left. */
export function spendQuota(tool: GeneratorSlug, viewer: Viewer): Promise<string | null> {
  return consumeQuota(tool, requesterOf(viewer));
}

/** Records a generation of a signed-in user; returns its id (null for a visitor). */
export async function recordGeneration<I, O>(
  tool: GeneratorSlug,
  viewer: Viewer,
  input: I,
  result: EngineResult<O>,
): Promise<number | null> {
  if (!viewer.userId) return null;
  const row = await saveActivity(viewer.userId, {
    activityType: "generation",
    generatorType: tool,
    inputData: input,
    outputData: result.output,
    metadata: { engine: result.engine, ms: result.ms, fallback: Boolean(result.notice) },
  });
  await trackActivity(viewer.userId, "generator");
  return row.id;
}

export interface GenerationSummary {
  id: number;
  tool: string;
  createdAt: string;
  engine: string;
}

/** The user's latest generations, newest first. */
export async function listGenerations(userId: string, limit = 10): Promise<GenerationSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: userActivityHistory.id,
      tool: userActivityHistory.generatorType,
      metadata: userActivityHistory.metadata,
      createdAt: userActivityHistory.createdAt,
    })
    .from(userActivityHistory)
    .where(and(eq(userActivityHistory.userId, userId), eq(userActivityHistory.activityType, "generation")))
    .orderBy(desc(userActivityHistory.createdAt), desc(userActivityHistory.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    tool: row.tool ?? "",
    createdAt: row.createdAt.toISOString(),
    engine: (row.metadata as { engine?: string } | null)?.engine ?? "offline",
  }));
}

/** One of the user's own generations of `tool`; undefined for any other id (another user's included). */
export async function findOwnGeneration(userId: string, tool: GeneratorSlug, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(userActivityHistory)
    .where(
      and(
        eq(userActivityHistory.id, id),
        eq(userActivityHistory.userId, userId),
        eq(userActivityHistory.activityType, "generation"),
        eq(userActivityHistory.generatorType, tool),
      ),
    );
  return row;
}

/** How many generated cards the user's deck holds. */
export async function countGeneratedCards(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ count: count() }).from(generatedCards).where(eq(generatedCards.userId, userId));
  return Number(row?.count ?? 0);
}

/**
 * Saves the cards the user kept into their review deck, due now. `generation` must be one of the
 * user's own generations (else it is left empty). Returns the ids of the new cards.
 */
export async function saveGeneratedCards(
  userId: string,
  generation: { tool: GeneratorSlug; id: number } | null,
  cards: readonly GeneratedCard[],
  now = new Date(),
): Promise<string[]> {
  const own = generation ? await findOwnGeneration(userId, generation.tool, generation.id) : undefined;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const saved = await tx
      .insert(generatedCards)
      .values(
        cards.map((card) => ({
          userId,
          generationId: own?.id ?? null,
          kind: card.kind,
          front: card.front,
          back: card.back,
          sourceUrl: card.sourceUrl ?? null,
          createdAt: now,
        })),
      )
      .returning({ id: generatedCards.id });
    const cardIds = saved.map((row) => `${GENERATED_CARD_PREFIX}${row.id}`);
    await tx
      .insert(flashcardReviews)
      .values(cardIds.map((cardId) => ({ userId, cardId, language: "fr", markedAt: now, due: now, createdAt: now, updatedAt: now })));
    return cardIds;
  });
}
