import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { COLLECTIONS, type ContentKind } from "./collections";
import { placeholderProblems } from "./pipeline/checks";
import { type LoadedContent, splitFrontMatter } from "./pipeline/load";
import { referenceProblems } from "./pipeline/references";
import { chapterFiles } from "./scaffold";

const files = chapterFiles({ id: "maths-essai", title: "Chapitre 4 : Essai", section: "maths", track: "maths-approfondies-1", order: 4 });
const kindOf = (file: string) => (Object.keys(COLLECTIONS) as ContentKind[]).find((kind) => file.startsWith(`${COLLECTIONS[kind].folder}/`))!;
const dataOf = (file: string, text: string) => (file.endsWith(".md") ? splitFrontMatter(text, file).data : parseYaml(text));

describe("content:new chapter", () => {
  it("writes the four files of a chapter, each valid for its collection's schema", () => {
    expect(Object.keys(files).sort()).toEqual([
      "courses/maths-essai.md",
      "exercises/maths-essai-exercices.yaml",
      "flashcards/maths-essai-flashcards.yaml",
      "quizzes/maths-essai-quiz.yaml",
    ]);
    for (const [file, text] of Object.entries(files)) {
      const result = COLLECTIONS[kindOf(file)].schema.safeParse(dataOf(file, text));
      expect(result.success, `${file}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
    expect(dataOf("courses/maths-essai.md", files["courses/maths-essai.md"])).toMatchObject({
      path: "/formation/maths-essai",
      title: "Chapitre 4 : Essai",
      quiz: "maths-essai-quiz",
    });
  });

  it("links the course and its companions both ways", () => {
    const loaded = Object.entries(files).map(([file, text]) => ({
      kind: kindOf(file),
      compiled: dataOf(file, text),
      source: { meta: { sourceFile: file } },
    }));
    expect(referenceProblems(loaded as unknown as LoadedContent[], (file) => files[file])).toEqual([]);
  });

  it("cannot be published before every TODO is written", () => {
    for (const [file, text] of Object.entries(files)) expect(placeholderProblems(text).length, file).toBeGreaterThan(0);
  });
});
