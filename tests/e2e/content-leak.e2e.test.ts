import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import store from "virtual:content-store";
import type { CompiledPage } from "../../content/schema";
import type { CompiledCourse, CompiledDeck, CompiledExerciseSet, CompiledQuiz, CompiledReference } from "../../content/pipeline/load";
import { describe, expect, it } from "vitest";

/** Every file of a build folder, as text. */
function readTree(dir: string): string {
  return readdirSync(dir)
    .map((name) => path.join(dir, name))
    .map((file) => (statSync(file).isDirectory() ? readTree(file) : readFileSync(file, "latin1")))
    .join("\n");
}

/** A sentence of plain prose from compiled HTML (no maths, no code), to look for in the bundles. */
function sentinel(html: string): string | undefined {
  for (const [, inner] of html.matchAll(/<p>([^<]{40,})<\/p>/g)) return inner.slice(0, 40);
  for (const [, inner] of html.matchAll(/<li>([^<]{30,})<\/li>/g)) return inner.slice(0, 30);
  return undefined;
}

const protectedEntries = [
  ...(Object.values(store.pages) as CompiledPage[]).map((page) => ({ id: page.id, section: page.section, html: page.html })),
  ...(Object.values(store.courses) as CompiledCourse[]).map((course) => ({ id: course.id, section: course.section, html: course.html })),
  ...(Object.values(store.exerciseSets) as CompiledExerciseSet[]).map((set) => ({
    id: set.id,
    section: set.section,
    html: set.exercises.map((e) => e.solutionHtml + e.statementHtml).join(""),
  })),
  ...(Object.values(store.quizzes) as CompiledQuiz[]).map((quiz) => ({
    id: quiz.id,
    section: quiz.section,
    html: quiz.questions.map((q) => q.explanationHtml).join(""),
  })),
  ...(Object.values(store.decks) as CompiledDeck[]).map((deck) => ({
    id: deck.id,
    section: deck.section,
    html: deck.cards.map((c) => `<p>${c.backHtml.replace(/<[^>]+>/g, "")}</p>`).join(""),
  })),
  ...(Object.values(store.references) as CompiledReference[]).map((reference) => ({
    id: reference.id,
    section: reference.section,
    html: reference.entries.map((e) => e.summaryHtml).join(""),
  })),
].filter((entry) => entry.section !== "open");

describe("protected content and the client build", () => {
  const client = readTree(path.resolve("build/client"));
  const server = readTree(path.resolve("build/server"));

  it.each(protectedEntries.map((entry) => [entry.id, entry] as const))("no sentence of %s is in build/client", (_id, entry) => {
    const sentence = sentinel(entry.html);
    expect(sentence, "a prose sentence to look for").toBeDefined();
    // The sentence is really in the server build, so its absence from the client build means something.
    expect(server.includes(sentence!) || server.includes(JSON.stringify(sentence).slice(1, -1))).toBe(true);
    expect(client.includes(sentence!)).toBe(false);
    expect(client.includes(JSON.stringify(sentence).slice(1, -1))).toBe(false);
  });
});
