import { findCatalogEntry } from "../../catalog/catalog";
import { type Permission, requiredPermission } from "../access/policy";
import { allContentMeta, getVocabulary } from "../content/store.server";
import { banksOfType } from "./banks.server";
import { foldAccents } from "./fold";
import type { Source, ThemeLanguage, VocabularyInput, VocabularyOutput, WritingHelpInput, WritingHelpOutput } from "./generators";

/**
 * The language generators, offline. Vocabulary: the entries of the site's vocabulary lists in the chosen
 * language whose theme, term, translation or example matches the words asked for. Essay and synthesis:
 * the method's steps (content/banks/methodes-langues.yaml), each with the connectors of its function in
 * the language (content/banks/connecteurs-*.yaml) and the vocabulary that matches the subject.
 */
type Entry = VocabularyOutput["entries"][number] & { source: Source };

/** Every vocabulary entry in `language` from the lists the viewer may read. */
export function vocabularyEntries(language: ThemeLanguage, permissions: readonly Permission[]): Entry[] {
  return allContentMeta()
    .filter((meta) => meta.kind === "vocabulary")
    .flatMap((meta) => {
      const entry = findCatalogEntry(meta.path);
      const list = entry && permissions.includes(requiredPermission(entry)) ? getVocabulary(meta.id) : undefined;
      if (!list || list.language !== language) return [];
      const source = { title: list.title, url: list.path };
      return list.entries.map(({ term, translation, example, category, register }) => ({
        term,
        translation,
        example,
        category,
        ...(register ? { register } : {}),
        source,
      }));
    });
}

/** Categories of the vocabulary lists in a language, for the form. */
export function vocabularyThemes(language: ThemeLanguage, permissions: readonly Permission[]): string[] {
  return [...new Set(vocabularyEntries(language, permissions).map((entry) => entry.category))];
}

function plain(text: string): string {
  return foldAccents(text).toLowerCase();
}

/** Words of a theme, cut to a common stem (« élections » and « électoral » share « elect »). */
function stems(text: string): string[] {
  return plain(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3)
    .map((word) => word.slice(0, 5));
}

/** How well an entry matches the theme: its category named outright first, then words in common. */
function score(entry: Entry, theme: string, themeStems: readonly string[]): number {
  if (plain(entry.category) === plain(theme)) return 100;
  const haystack = plain(`${entry.category} ${entry.term} ${entry.translation} ${entry.example}`)
    .split(/[^a-z0-9]+/)
    .map((word) => word.slice(0, 5));
  const words = new Set(haystack);
  const inCategory = new Set(stems(entry.category));
  return themeStems.reduce((total, stem) => total + (inCategory.has(stem) ? 3 : words.has(stem) ? 1 : 0), 0);
}

export function matchingEntries(entries: readonly Entry[], theme: string, limit: number): Entry[] {
  const themeStems = stems(theme);
  return entries
    .map((entry, index) => ({ entry, index, score: score(entry, theme, themeStems) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((candidate) => candidate.entry);
}

export function vocabularyNotFound(language: ThemeLanguage, themes: readonly string[]): string {
  if (!themes.length) return "Le site n'a pas encore de liste de vocabulaire dans cette langue.";
  return `Aucun mot des listes de vocabulaire ne correspond à ce thème. Thèmes disponibles\u00a0: ${themes.join(", ")}.`;
}

function sourcesOfEntries(entries: readonly Entry[]): Source[] {
  return [...new Map(entries.map((entry) => [entry.source.url, entry.source])).values()];
}

function withoutSource({ source: _source, ...entry }: Entry): VocabularyOutput["entries"][number] {
  return entry;
}

export function vocabularyOffline(input: VocabularyInput, found: readonly Entry[]): VocabularyOutput {
  return { language: input.language, theme: input.theme, entries: found.map(withoutSource), sources: sourcesOfEntries(found) };
}

export const WRITING_METHOD_MISSING = "La méthode de cet exercice n'est pas encore rédigée.";

export function writingHelpOffline(input: WritingHelpInput, entries: readonly Entry[]): WritingHelpOutput | undefined {
  const exercise = banksOfType("writing-methods")
    .flatMap((bank) => bank.exercises)
    .find((candidate) => candidate.id === input.exercise);
  if (!exercise) return undefined;
  const connectors = banksOfType("connectors").find((bank) => bank.language === input.language);
  const vocabulary = matchingEntries(entries, input.subject, 15);
  return {
    language: input.language,
    exercise: input.exercise,
    title: exercise.title,
    formats: exercise.formats,
    steps: exercise.steps.map((step) => ({
      heading: step.heading,
      advice: step.advice,
      connectors: step.connectors
        .flatMap((groupId) => connectors?.groups.find((group) => group.id === groupId)?.items.slice(0, 3) ?? [])
        .map(({ term, translation, example }) => ({ term, translation, example })),
    })),
    vocabulary: vocabulary.map(withoutSource),
    sources: sourcesOfEntries(vocabulary),
  };
}
