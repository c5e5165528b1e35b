import { describe, expect, it } from "vitest";
import { duplicatesBy } from "../unique";
import type { LoadedContent } from "./load";
import { referenceProblems } from "./references";

type Fixture = { kind: string; file: string; text: string; compiled: Record<string, unknown> };

const asLoaded = (fixtures: Fixture[]) =>
  fixtures.map(({ kind, file, compiled }) => ({ kind, compiled, source: { meta: { sourceFile: file } } })) as unknown as LoadedContent[];

/** References of `fixtures`, checked against `others` too (the rest of content/, as a partial check sees it). */
function check(fixtures: Fixture[], others: Fixture[] = []): string[] {
  const texts = new Map([...fixtures, ...others].map(({ file, text }) => [file, text]));
  return referenceProblems(asLoaded(fixtures), (file) => texts.get(file)!, asLoaded(others));
}

const course = (id: string, fields: Record<string, unknown>, text = ""): Fixture => ({
  kind: "course",
  file: `courses/${id}.md`,
  text: `---\nid: ${id}\ntitle: Titre\n${text}---\n`,
  compiled: { id, track: "maths-1a", order: 1, ...fields },
});
const companion = (kind: string, id: string, courseId?: string): Fixture => ({
  kind,
  file: `${kind}/${id}.yaml`,
  text: `id: ${id}\ntitle: Titre\n${courseId ? `course: ${courseId}\n` : ""}`,
  compiled: { id, ...(courseId ? { course: courseId } : {}) },
});

describe("references between content files", () => {
  it("accepts a course and its companions that name each other", () => {
    expect(
      check([
        course("suites", { exercises: "suites-ex", quiz: "suites-quiz", flashcards: "suites-cartes" }),
        companion("exercises", "suites-ex", "suites"),
        companion("quiz", "suites-quiz", "suites"),
        companion("flashcards", "suites-cartes", "suites"),
      ]),
    ).toEqual([]);
  });

  it("checks that a hub's chapter lists name courses, each once", () => {
    const hub: Fixture = {
      kind: "page",
      file: "pages/hub.md",
      text: "---\nid: hub\nchapterLists:\n  - id: annee\n    label: 1re année\n    chapters:\n      - suites\n      - suites-quiz\n      - series\n      - suites\n---\n",
      compiled: { id: "hub", chapterLists: [{ id: "annee", label: "1re année", chapters: ["suites", "suites-quiz", "series", "suites"] }] },
    };
    expect(check([hub], [course("suites", {}), course("series", { order: 2 }), companion("quiz", "suites-quiz")])).toEqual([
      "pages/hub.md:8: chapitre « suites-quiz » ne correspond à aucun cours",
      "pages/hub.md: chapitre « suites » listé deux fois",
    ]);
  });

  it("checks that each question of a diagnostic quiz names a course as its chapter", () => {
    const bilan: Fixture = {
      kind: "quiz",
      file: "quizzes/bilan.yaml",
      text: "id: bilan\nquestions:\n  - id: q1\n    chapter: suites\n  - id: q2\n    chapter: suite\n",
      compiled: { id: "bilan", diagnostic: { pass: 0.6 }, questions: [{ id: "q1", chapter: "suites" }, { id: "q2", chapter: "suite" }] },
    };
    expect(check([bilan], [course("suites", {})])).toEqual(["quizzes/bilan.yaml:6: chapter « suite » ne correspond à aucun cours"]);
  });

  it("reports a misspelt reference with its file and line", () => {
    expect(check([course("suites", { quiz: "suite-quiz" }, "track: maths-1a\nquiz: suite-quiz\n")])).toEqual([
      "courses/suites.md:5: quiz « suite-quiz » ne correspond à aucun contenu",
    ]);
  });

  it("reports a reference to the wrong kind, and one that is not returned", () => {
    expect(
      check([
        course("suites", { quiz: "suites-ex", flashcards: "suites-cartes" }, "quiz: suites-ex\nflashcards: suites-cartes\n"),
        companion("exercises", "suites-ex", "suites"),
        companion("flashcards", "suites-cartes"),
      ]),
    ).toEqual([
      "courses/suites.md:4: quiz « suites-ex » est un contenu de type exercises, pas quiz",
      "courses/suites.md:5: suites-cartes ne renvoie pas à ce cours (course: suites attendu dans flashcards/suites-cartes.yaml)",
      "exercises/suites-ex.yaml:3: le cours suites ne liste pas ce contenu (exercises: suites-ex attendu dans courses/suites.md)",
    ]);
  });

  it("reports a companion whose course does not exist, and two chapters at the same place of a track", () => {
    expect(
      check([
        companion("quiz", "orphelin-quiz", "cours-absent"),
        course("a", {}, "order: 1\n"),
        { ...course("b", {}, "order: 1\n"), file: "courses/b.md" },
      ]),
    ).toEqual([
      "quiz/orphelin-quiz.yaml:3: course « cours-absent » ne correspond à aucun cours",
      "courses/b.md:4: ordre 1 déjà pris dans le parcours maths-1a par courses/a.md",
    ]);
  });
});

describe("references in a partial check", () => {
  it("resolves a file checked alone against the rest of content/, and reports only that file", () => {
    const rest = [
      course("suites", { quiz: "suites-quiz", flashcards: "suites-cartes" }),
      companion("flashcards", "suites-cartes", "suites"),
      course("series", {}, "order: 1\n"),
    ];
    expect(check([companion("quiz", "suites-quiz", "suites")], rest)).toEqual([]);
    expect(check([companion("quiz", "suites-quiz", "suites")])).toEqual(["quiz/suites-quiz.yaml:3: course « suites » ne correspond à aucun cours"]);
  });
});

describe("duplicatesBy", () => {
  it("lists each repeated key with the index of its first occurrence", () => {
    expect(duplicatesBy(["a", "b", "A", "c", "b"], (value) => value.toLowerCase())).toEqual([
      { index: 2, firstIndex: 0, key: "a" },
      { index: 4, firstIndex: 1, key: "b" },
    ]);
    expect(duplicatesBy([], String)).toEqual([]);
  });
});
