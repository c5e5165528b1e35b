import { describe, expect, it } from "vitest";
import { generatedCatalogFiles, knownPaths, staleGeneratedCatalogFiles } from "../scripts/content-index-lib";
import { loadAllContent } from "./pipeline/load";
import { validateContent } from "./pipeline/validate";

const loaded = await loadAllContent();
const byId = new Map(loaded.map((entry) => [entry.compiled.id, entry]));

describe("content", () => {
  it("follows every rule of docs/authoring.md, and all its Python blocks and checks run right", { timeout: 600_000 }, () => {
    const report = validateContent(loaded, { knownPaths: knownPaths(loaded), python: true });
    expect(report.problems).toEqual([]);
    expect(report.ran).toBeGreaterThan(100);
  });

  it("is listed in the generated catalogue", async () => {
    expect(await staleGeneratedCatalogFiles(loaded)).toEqual([]);
  });

  it("gives content:index the same catalogue from the front matter alone (it compiles nothing)", async () => {
    expect(generatedCatalogFiles(await loadAllContent({ metaOnly: true }))).toEqual(generatedCatalogFiles(loaded));
  });

  it("meets the sizes of the Python track", () => {
    for (const chapter of ["fondamentaux", "matrices", "analyse", "probabilites"]) {
      const set = byId.get(`python-${chapter}-exercices`);
      if (!set) continue;
      expect((set.compiled as { exercises: unknown[] }).exercises.length, chapter).toBeGreaterThanOrEqual(12);
    }
    const quiz = byId.get("python-quiz");
    if (quiz) expect((quiz.compiled as { questions: unknown[] }).questions.length).toBeGreaterThanOrEqual(30);
  });

  it("illustrates every chapter of the maths and Python courses with a figure at least", () => {
    const courses = loaded.filter((entry) => entry.kind === "course");
    const withoutFigure = courses
      .filter(({ compiled }) => /^(maths|python|chapitres-libres)/.test(String((compiled as { track?: string }).track)))
      .filter(({ compiled }) => !(compiled as { html: string }).html.includes('<figure class="content-figure">'))
      .map(({ compiled }) => compiled.id);
    expect(courses.length).toBeGreaterThanOrEqual(10);
    expect(withoutFigure).toEqual([]);
  });

  it("meets the sizes of the maths chapters", () => {
    for (const entry of loaded.filter(({ compiled }) => compiled.id.startsWith("maths-") && compiled.section === "maths")) {
      const { compiled } = entry;
      if (entry.kind === "exercises") expect((compiled as { exercises: unknown[] }).exercises.length, compiled.id).toBeGreaterThanOrEqual(10);
      if (entry.kind === "flashcards") expect((compiled as { cards: unknown[] }).cards.length, compiled.id).toBeGreaterThanOrEqual(15);
      if (entry.kind === "quiz") expect((compiled as { questions: unknown[] }).questions.length, compiled.id).toBeGreaterThanOrEqual(10);
    }
  });
});
