import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { proseSentinel } from "../support/prose";
import { readBuiltContent } from "../support/compiled-content";

const store = readBuiltContent();

/** Every file of a build folder, as text. */
function readTree(dir: string): string {
  return readdirSync(dir)
    .map((name) => path.join(dir, name))
    .map((file) =>
      statSync(file).isDirectory() ? readTree(file) : /\.(js|html|json|css|txt|map)$/.test(file) ? readFileSync(file, "utf8") : "",
    )
    .join("\n");
}

const protectedEntries = [
  ...Object.values(store.pages).map((page) => ({ id: page.id, section: page.section, html: page.html })),
  ...Object.values(store.courses).map((course) => ({ id: course.id, section: course.section, html: course.html })),
  ...Object.values(store.exerciseSets).map((set) => ({
    id: set.id,
    section: set.section,
    html: set.exercises.map((e) => e.solutionHtml + e.statementHtml).join(""),
  })),
  ...Object.values(store.quizzes).map((quiz) => ({
    id: quiz.id,
    section: quiz.section,
    html: quiz.questions.map((q) => q.explanationHtml).join(""),
  })),
  ...Object.values(store.decks).map((deck) => ({
    id: deck.id,
    section: deck.section,
    html: deck.cards.map((c) => c.backHtml + c.frontHtml).join(""),
  })),
  ...Object.values(store.references).map((reference) => ({
    id: reference.id,
    section: reference.section,
    html: reference.entries.map((e) => e.summaryHtml).join(""),
  })),
].filter((entry) => entry.section !== "open");

describe("protected content and the client build", () => {
  const client = readTree(path.resolve("build/client"));
  // The server's side: its bundle and the compiled content it reads on demand (build/content).
  const server = readTree(path.resolve("build/server")) + readTree(path.resolve("build/content"));

  it.each(protectedEntries.map((entry) => [entry.id, entry] as const))("no sentence of %s is in build/client", (_id, entry) => {
    const sentence = proseSentinel(entry.html);
    expect(sentence, "a prose sentence to look for").toBeDefined();
    // The sentence is really in the server build, so its absence from the client build means something.
    expect(server.includes(sentence!), `« ${sentence} » in build/server or build/content`).toBe(true);
    expect(client.includes(sentence!), `« ${sentence} » in build/client`).toBe(false);
  });
});

describe("compiled content on the server", () => {
  const baseUrl = inject("baseUrl");
  it("is never served as a file", async () => {
    for (const target of [
      "/content/index.json",
      "/build/content/index.json",
      "/entries/python-quiz.json",
      "/assets/../content/index.json",
    ]) {
      const response = await fetch(`${baseUrl}${target}`);
      expect(response.status, target).toBe(404);
      expect(await response.text(), target).not.toContain('"entries"');
    }
  });
});
