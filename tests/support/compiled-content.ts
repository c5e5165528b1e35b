import { readFileSync } from "node:fs";
import path from "node:path";
import type { ContentIndex } from "../../content/pipeline/artefacts";
import type { CompiledOf, ContentKind } from "../../content/pipeline/load";

/**
 * The compiled content of the production build (build/content, written by `npm run build`), every entry
 * by kind and id: what the server reads on demand, read whole for the tests that look at all of it.
 */
export function readBuiltContent(dir = path.resolve("build/content")) {
  const { entries } = JSON.parse(readFileSync(path.join(dir, "index.json"), "utf8")) as ContentIndex;
  const ofKind = <K extends ContentKind>(kind: K): Record<string, CompiledOf<K>> =>
    Object.fromEntries(
      entries
        .filter((entry) => entry.kind === kind)
        .map((entry) => [entry.id, JSON.parse(readFileSync(path.join(dir, "entries", `${entry.id}.json`), "utf8")) as CompiledOf<K>]),
    );
  return {
    pages: ofKind("page"),
    courses: ofKind("course"),
    exerciseSets: ofKind("exercises"),
    quizzes: ofKind("quiz"),
    decks: ofKind("flashcards"),
    references: ofKind("reference"),
    vocabularies: ofKind("vocabulary"),
  };
}
