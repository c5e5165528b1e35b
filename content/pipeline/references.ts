import { readFileSync } from "node:fs";
import path from "node:path";
import { duplicatesBy } from "../unique.ts";
import { type ContentKind, type LoadedContent, contentRoot } from "./load.ts";

/** The companion fields of a course, and the kind each must name. */
const COMPANIONS = { exercises: "exercises", quiz: "quiz", flashcards: "flashcards" } as const satisfies Record<string, ContentKind>;
type CompanionField = keyof typeof COMPANIONS;

export const readContentFile = (sourceFile: string) => readFileSync(path.join(contentRoot, sourceFile), "utf8");

/** The first line of a source text holding `needle` (1 when none does). */
export function lineContaining(text: string, needle: string): number {
  return text.split("\n").findIndex((line) => line.includes(needle)) + 1 || 1;
}

/** The line of `field: value` in a source text (front matter or YAML), for a message that says where. */
function lineOf(text: string, field: string, value: string): number {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => new RegExp(`^\\s*${field}:\\s*["']?${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']?\\s*$`).test(line));
  return at + 1 || 1;
}

/**
 * Every reference between content files resolves, both ways: a course's `exercises:`, `quiz:` and
 * `flashcards:` name an entry of that kind whose `course:` names the course back; a companion's
 * `course:` names a course that lists it; chapters of a track have distinct `order`s, so previous and
 * next are defined. Each problem names the file and the line.
 */
export function referenceProblems(
  loaded: readonly LoadedContent[],
  readText: (sourceFile: string) => string = readContentFile,
  /** The rest of content/ (front matter only), which a partial check's references may point at. */
  others: readonly LoadedContent[] = [],
): string[] {
  const problems: string[] = [];
  const checked = new Set(loaded.map((entry) => entry.source.meta.sourceFile));
  const context = others.filter((entry) => !checked.has(entry.source.meta.sourceFile));
  const byId = new Map([...context, ...loaded].map((entry) => [entry.compiled.id, entry]));
  const where = (entry: LoadedContent, field: string, value: string) =>
    `${entry.source.meta.sourceFile}:${lineOf(readText(entry.source.meta.sourceFile), field, value)}`;

  for (const entry of loaded) {
    if (entry.kind === "course") {
      const course = entry.compiled as Partial<Record<CompanionField, string>> & { id: string };
      for (const field of Object.keys(COMPANIONS) as CompanionField[]) {
        const target = course[field];
        if (!target) continue;
        const found = byId.get(target);
        if (!found) problems.push(`${where(entry, field, target)}: ${field} « ${target} » ne correspond à aucun contenu`);
        else if (found.kind !== COMPANIONS[field])
          problems.push(`${where(entry, field, target)}: ${field} « ${target} » est un contenu de type ${found.kind}, pas ${COMPANIONS[field]}`);
        else if ((found.compiled as { course?: string }).course !== course.id)
          problems.push(`${where(entry, field, target)}: ${target} ne renvoie pas à ce cours (course: ${course.id} attendu dans ${found.source.meta.sourceFile})`);
      }
    }
    const parent = (entry.compiled as { course?: string }).course;
    if (parent && entry.kind !== "course") {
      const found = byId.get(parent);
      const field = (Object.keys(COMPANIONS) as CompanionField[]).find((name) => COMPANIONS[name] === entry.kind);
      if (!found || found.kind !== "course") problems.push(`${where(entry, "course", parent)}: course « ${parent} » ne correspond à aucun cours`);
      else if (!field || (found.compiled as unknown as Record<string, unknown>)[field] !== entry.compiled.id)
        problems.push(`${where(entry, "course", parent)}: le cours ${parent} ne liste pas ce contenu (${field ?? entry.kind}: ${entry.compiled.id} attendu dans ${found.source.meta.sourceFile})`);
    }
  }

  for (const entry of loaded.filter(({ kind }) => kind === "quiz")) {
    for (const { chapter } of (entry.compiled as { questions?: { chapter?: string }[] }).questions ?? []) {
      if (chapter && byId.get(chapter)?.kind !== "course")
        problems.push(`${where(entry, "chapter", chapter)}: chapter « ${chapter} » ne correspond à aucun cours`);
    }
  }

  for (const entry of loaded) {
    for (const list of (entry.compiled as { chapterLists?: { chapters: string[] }[] }).chapterLists ?? []) {
      for (const chapter of list.chapters) {
        if (byId.get(chapter)?.kind !== "course")
          problems.push(`${entry.source.meta.sourceFile}:${lineContaining(readText(entry.source.meta.sourceFile), chapter)}: chapitre « ${chapter} » ne correspond à aucun cours`);
      }
      for (const { key } of duplicatesBy(list.chapters, (chapter) => chapter))
        problems.push(`${entry.source.meta.sourceFile}: chapitre « ${key} » listé deux fois`);
    }
  }

  const chapters = [...loaded, ...context].filter((entry) => entry.kind === "course") as (LoadedContent & { compiled: { track: string; order: number } })[];
  for (const { index, firstIndex, key } of duplicatesBy(chapters, ({ compiled }) => `${compiled.track} ${compiled.order}`)) {
    const [chapter, first] = [chapters[index], chapters[firstIndex]];
    if (!checked.has(chapter.source.meta.sourceFile)) continue;
    problems.push(
      `${where(chapter, "order", String(chapter.compiled.order))}: ordre ${key.split(" ")[1]} déjà pris dans le parcours ${chapter.compiled.track} par ${first.source.meta.sourceFile}`,
    );
  }
  return problems;
}
