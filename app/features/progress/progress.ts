import { PAGE_FLAGS, pageFlagsOf } from "~/catalog/page-flags";
import { ACTIVITY_GAINS } from "~/catalog/types";
import type { ActivityType, CatalogEntry } from "~/catalog/types";

/** Progress constants of platform-core §9. */
export const PROGRESS_MODULE = "main";
export const MAX_PROGRESSION = 100;
export const PROGRESS_READ_ERROR = "Impossible de charger votre progression";

/** Pages whose rendering the client reports to the server: an activity type or a study page. */
export function isTrackedPage(entry: CatalogEntry | undefined): entry is CatalogEntry {
  return entry !== undefined && (pageFlagsOf(entry) & PAGE_FLAGS.tracked) !== 0;
}

export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  method: "Méthodologie",
  school: "Guide d'école",
  generator: "Générateur",
  submission: "Rendu de devoir",
  coaching: "Coaching",
  interview: "Entretien",
};

/** completed_activities may arrive as an object or as a JSON string; anything else counts as empty. */
export function parseCompletedActivities(value: unknown): Partial<Record<ActivityType, true>> {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter(([key, done]) => done === true && key in ACTIVITY_GAINS)) as Partial<
    Record<ActivityType, true>
  >;
}

/**
 * The pure rule (platform-core §4): the first visit of an activity type adds its gain, capped at
 * 100; a type already done changes nothing. The server applies the same rule in one SQL statement.
 */
export function applyActivity(
  state: { progression: number; completedActivities: unknown } | null,
  type: ActivityType,
): { progression: number; completedActivities: Partial<Record<ActivityType, true>>; changed: boolean } {
  const completed = parseCompletedActivities(state?.completedActivities ?? {});
  const progression = state?.progression ?? 0;
  if (completed[type]) return { progression, completedActivities: completed, changed: false };
  return {
    progression: Math.min(MAX_PROGRESSION, progression + ACTIVITY_GAINS[type]),
    completedActivities: { ...completed, [type]: true },
    changed: true,
  };
}
