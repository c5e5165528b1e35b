import { data } from "react-router";
import { findCatalogEntry } from "../../catalog/catalog";
import type { CatalogEntry } from "../../catalog/types";
import { type RouteRequest, guardRoute, permissionsOf } from "../access/guards.server";
import type { CurrentSession } from "../accounts/session.server";
import { catalogPageMeta } from "../site/page-meta.server";
import { modelEngineOn } from "./engine.server";
import { type Viewer, findOwnGeneration, requesterOf } from "./generate.server";
import { GENERATOR_TOOLS, type GeneratorSlug } from "./generators";
import { dailyQuota, remainingQuotas } from "./quota.server";

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
