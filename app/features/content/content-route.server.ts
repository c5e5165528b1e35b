import { data } from "react-router";
import type { CatalogEntry } from "~/catalog/types";
import { type RouteRequest, guardRoute } from "../access/guards.server";
import type { CurrentSession } from "../accounts/session.server";

/**
 * The prologue of every content page's loader and action: the access rule of the matched route first,
 * then its catalogue entry's content, or a 404.
 */
export async function loadContentRoute<T>(
  args: RouteRequest,
  get: (contentId: string) => T | undefined,
): Promise<{ entry: CatalogEntry; content: T; session: CurrentSession | null }> {
  const { entry, session } = await guardRoute(args);
  const content = entry.contentId ? get(entry.contentId) : undefined;
  if (!content) throw data(null, { status: 404 });
  return { entry, content, session };
}
