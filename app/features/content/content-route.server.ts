import { data } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import type { CatalogEntry } from "~/catalog/types";
import { guardRoute } from "../access/guards.server";
import type { CurrentSession } from "../accounts/session.server";

/**
 * The prologue of every content page's loader and action: the access rule of the path first, then the
 * catalogue entry and its content, or a 404.
 */
export async function loadContentRoute<T>(request: Request, get: (contentId: string) => T | undefined): Promise<{ entry: CatalogEntry; content: T; session: CurrentSession | null }> {
  const session = await guardRoute(request);
  const entry = findCatalogEntry(new URL(request.url).pathname);
  const content = entry?.contentId ? get(entry.contentId) : undefined;
  if (!entry || !content) throw data(null, { status: 404 });
  return { entry, content, session };
}
