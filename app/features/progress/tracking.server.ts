import { findCatalogEntry } from "~/catalog/catalog";
import { permissionChecker } from "../access/grants.server";
import { requiredPermission } from "../access/policy";
import type { SessionUser } from "../accounts/session.server";
import { isStudyKind } from "~/catalog/page-flags";
import { isTrackedPage } from "./progress";
import { trackActivity } from "./progress.server";
import { recordStudyEvent } from "./study-days.server";
import { recordVisit } from "./visits.server";

export type PageVisitOutcome = { ok: true; progression: number | null } | { ok: false; status: 400 | 403 };

/**
 * A signed-in user rendered a page: its activity type (from the catalogue, never from the client)
 * counts towards progress, and a study page is remembered. Pages the user may not read count for nothing.
 */
export async function recordPageVisit(user: Pick<SessionUser, "id" | "role">, path: string): Promise<PageVisitOutcome> {
  const entry = findCatalogEntry(path);
  if (!isTrackedPage(entry)) return { ok: false, status: 400 };
  if (!(await permissionChecker(user)(requiredPermission(entry)))) return { ok: false, status: 403 };
  const progression = entry.activityType ? await trackActivity(user.id, entry.activityType) : null;
  if (isStudyKind(entry.kind)) {
    await Promise.all([
      recordVisit(user.id, entry.path).catch((error) => console.error(`Recording a visit of ${entry.path} failed.`, error)),
      recordStudyEvent(user.id),
    ]);
  }
  return { ok: true, progression };
}
