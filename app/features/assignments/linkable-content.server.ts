import { catalog } from "../../catalog/catalog";
import type { CatalogEntry } from "../../catalog/types";
import { CLASS_SUBJECTS, type ClassSubject } from "../classes/classes";
import { subjectOf } from "../learning/subjects";

import { LINKABLE_KINDS, type LinkableKind } from "./assignments";

export interface LinkableContent {
  path: string;
  title: string;
  kind: LinkableKind;
}

const isLinkable = (entry: CatalogEntry): entry is CatalogEntry & { kind: LinkableKind } => entry.kind in LINKABLE_KINDS;

/** The quizzes, exercise sets and chapters of the class's subject (all of them when the subject is not tracked). */
export function linkableContent(subject: ClassSubject): LinkableContent[] {
  const tracked = CLASS_SUBJECTS[subject].progress;
  return catalog
    .filter(isLinkable)
    .filter((entry) => !tracked || subjectOf(entry.contentId ?? "") === tracked)
    .map((entry) => ({ path: entry.path, title: entry.title, kind: entry.kind }));
}

/** The linked page if it is one of the catalogue's quizzes, exercise sets or chapters. */
export function findLinkable(path: string): LinkableContent | undefined {
  const entry = catalog.find((candidate) => candidate.path === path);
  return entry && isLinkable(entry) ? { path: entry.path, title: entry.title, kind: entry.kind } : undefined;
}
