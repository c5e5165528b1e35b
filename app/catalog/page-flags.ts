import { isPublicEntry } from "../features/access/policy";
import type { CatalogEntry } from "./types";

/** What the browser needs to know of a page before loading it, as bit flags (see site-pages.ts). */
export const PAGE_FLAGS = {
  /** A page that is not public (policy.ts): its loader checks access (« Vérification de l'accès... »). */
  guarded: 1,
  /** Its rendering is reported to /api/progress: it has an activity type or is a study page. */
  tracked: 2,
} as const;
export type PageFlag = (typeof PAGE_FLAGS)[keyof typeof PAGE_FLAGS];

const STUDY_KINDS: ReadonlySet<CatalogEntry["kind"]> = new Set(["course", "exercises", "quiz", "flashcards", "reference", "vocabulary"]);

/** Page kinds whose visits feed « Reprendre là où vous vous êtes arrêté ». */
export function isStudyKind(kind: CatalogEntry["kind"]): boolean {
  return STUDY_KINDS.has(kind);
}

export function pageFlagsOf(entry: CatalogEntry): number {
  let flags = 0;
  if (!isPublicEntry(entry)) flags |= PAGE_FLAGS.guarded;
  if (entry.activityType || isStudyKind(entry.kind)) flags |= PAGE_FLAGS.tracked;
  return flags;
}

/** `/a/b/` and `/a/b` are the same page. */
export function normalizePagePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
