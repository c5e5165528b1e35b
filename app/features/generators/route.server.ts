import { data } from "react-router";
import type { z } from "zod";
import { findCatalogEntry } from "../../catalog/catalog";
import type { CatalogEntry } from "../../catalog/types";
import { type RouteRequest, guardRoute, permissionsOf } from "../access/guards.server";
import type { CurrentSession } from "../accounts/session.server";
import { catalogPageMeta } from "../site/page-meta.server";
import { modelEngineOn } from "./engine.server";
import { type Viewer, findOwnGeneration, requesterOf } from "./generate.server";
import { GENERATOR_TOOLS, type GeneratorSlug } from "./generators";
import { dailyQuota, remainingQuotas } from "./quota.server";
import type { Generated } from "./tools.server";

/**
 * What every generator page's loader and action share: the page's own access check (public pages: the
 * catalogue rule still runs first), the viewer a generation is made for, the engine and the quota shown.
 */
export interface GeneratorRequest extends RouteRequest {
  context: { clientIp: string };
}

export async function generatorRoute(
  args: GeneratorRequest,
): Promise<{ entry: CatalogEntry; session: CurrentSession | null; viewer: Viewer }> {
  const { entry, session } = await guardRoute(args);
  const viewer: Viewer = { userId: session?.user.id ?? null, clientIp: args.context.clientIp, can: await permissionsOf(args.request) };
  return { entry, session, viewer };
}

/** The quota line of a page: a visitor's page is cached for every visitor, so it shows only the limits. */
export interface QuotaView {
  signedIn: boolean;
  perDay: number;
  visitorPerDay: number;
  /** What is left today, per tool (signed-in users only). */
  remaining: Partial<Record<GeneratorSlug, number>>;
}

export async function quotaView(viewer: Viewer): Promise<QuotaView> {
  const tools = GENERATOR_TOOLS.map((tool) => tool.slug);
  const visitorPerDay = dailyQuota({ clientIp: "" });
  const perDay = dailyQuota({ userId: "" });
  if (!viewer.userId) return { signedIn: false, perDay, visitorPerDay, remaining: {} };
  return {
    signedIn: true,
    perDay,
    visitorPerDay,
    remaining: await remainingQuotas(tools, requesterOf(viewer)),
  };
}

/** The shared part of every tool page's loader data. */
export async function toolPageData(entry: CatalogEntry, viewer: Viewer) {
  return { meta: catalogPageMeta(entry), modelOn: modelEngineOn(), quota: await quotaView(viewer) };
}

/**
 * `?generation=<id>`: one of the viewer's own generations of this tool, to show again. Anything else —
 * another user's id, a visitor, an id of another tool, a malformed id — is a 404, the same for all.
 */
export async function requestedGeneration(request: Request, viewer: Viewer, tool: GeneratorSlug) {
  const raw = new URL(request.url).searchParams.get("generation");
  if (raw === null) return undefined;
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : Number.NaN;
  const row = viewer.userId ? await findOwnGeneration(viewer.userId, tool, id) : undefined;
  if (!row) throw data(null, { status: 404 });
  const metadata = (row.metadata ?? {}) as { engine?: "offline" | "model" };
  return {
    id: row.id,
    input: row.inputData,
    output: row.outputData,
    engine: metadata.engine ?? "offline",
    createdAt: row.createdAt.toISOString(),
  };
}

export function toolEntry(slug: GeneratorSlug): CatalogEntry {
  return findCatalogEntry(GENERATOR_TOOLS.find((tool) => tool.slug === slug)!.path)!;
}

/**
 * A tool's action once the form is read: the input checked with the tool's schema (a 400 naming the
 * field), the generation (a 400 or 429 with the tool's message), and the result as the page shows it.
 * The values typed are always sent back, so that nothing is lost.
 */
export async function generationAction<V, I, O, R = O>(
  values: V,
  schema: z.ZodType<I>,
  generate: (input: I) => Promise<Generated<O>>,
  present: (output: O) => R = (output) => output as unknown as R,
) {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return data({ ok: false as const, values, field: String(issue.path[0] ?? "form"), error: issue.message }, { status: 400 });
  }
  const generated = await generate(parsed.data);
  if (!generated.ok) return data({ ok: false as const, values, field: "form", error: generated.message }, { status: generated.status });
  const { engine, notice, output } = generated.result;
  return { ok: true as const, values, engine, notice, result: present(output), generationId: generated.generationId };
}
