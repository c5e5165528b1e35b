import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { COLLECTIONS, type ContentKind } from "./collections";
import { type LoadedContent, splitFrontMatter } from "./pipeline/load";
import { referenceProblems } from "./pipeline/references";
import { chapterFiles } from "./scaffold";

const files = chapterFiles({ id: "maths-essai", title: "Maths – Essai", section: "maths", track: "maths-approfondies-1", order: 4 });
const kindOf = (file: string) => (Object.keys(COLLECTIONS) as ContentKind[]).find((kind) => file.startsWith(`${COLLECTIONS[kind].folder}/`))!;
const dataOf = (file: string, text: string) => (file.endsWith(".md") ? splitFrontMatter(text, file).data : parseYaml(text));

describe("content:new chapter", () => {
  it("writes the four files of a chapter with their ids, paths and track", () => {
    expect(Object.keys(files).sort()).toEqual([
      "courses/maths-essai.md",
      "exercises/maths-essai-exercices.yaml",
      "flashcards/maths-essai-flashcards.yaml",
      "quizzes/maths-essai-quiz.yaml",
    ]);
    expect(dataOf("courses/maths-essai.md", files["courses/maths-essai.md"])).toMatchObject({
      path: "/formation/maths-essai",
      title: "Maths – Essai",
      track: "maths-approfondies-1",
      order: 4,
      quiz: "maths-essai-quiz",
    });
    expect(dataOf("exercises/maths-essai-exercices.yaml", files["exercises/maths-essai-exercices.yaml"]).title).toBe("Exercices – Essai");
    expect(dataOf("quizzes/maths-essai-quiz.yaml", files["quizzes/maths-essai-quiz.yaml"]).title).toBe("Quiz – Essai");
  });

  it("links the course and its companions both ways", () => {
    const loaded = Object.entries(files).map(([file, text]) => ({
      kind: kindOf(file),
      compiled: dataOf(file, text),
      source: { meta: { sourceFile: file } },
    }));
    expect(referenceProblems(loaded as unknown as LoadedContent[], (file) => files[file])).toEqual([]);
  });

  it("leaves to the author exactly what only an author can write, which the schemas refuse empty", () => {
    const missing = Object.fromEntries(
      Object.entries(files).map(([file, text]) => {
        const result = COLLECTIONS[kindOf(file)].schema.safeParse(dataOf(file, text));
        return [file, result.success ? [] : [...new Set(result.error.issues.map((issue) => String(issue.path[0])))].sort()];
      }),
    );
    expect(missing).toEqual({
      "courses/maths-essai.md": ["description", "search"],
      "exercises/maths-essai-exercices.yaml": ["description", "exercises"],
      "quizzes/maths-essai-quiz.yaml": ["description", "questions"],
      "flashcards/maths-essai-flashcards.yaml": ["cards", "description"],
    });
    // The course body is empty too: loading refuses it (« corps vide »).
    expect(splitFrontMatter(files["courses/maths-essai.md"], "courses/maths-essai.md").body.trim()).toBe("");
  });
});
