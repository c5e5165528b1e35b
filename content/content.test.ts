import { describe, expect, it } from "vitest";
import { generatedCatalogFiles, knownPaths, staleGeneratedCatalogFiles } from "../scripts/content-index-lib";
import { readFileSync } from "node:fs";
import { contentFiles, loadAllContent } from "./pipeline/load";
import { validateContent } from "./pipeline/validate";
import { TRACK_LABELS } from "../app/features/learning/track-chapters";

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

  /** A chapter's four pages at their sizes: exercises 4 ★ / 5 ★★ / 3 ★★★, 15 questions, 25 cards. */
  function expectChapterSizes(track: RegExp, rules: { minChapters: number; minKeywords: number; concours: boolean; problemsWithPython: number }) {
    const chapters = loaded.filter(({ kind, compiled }) => kind === "course" && track.test(String((compiled as { track?: string }).track)));
    expect(chapters.length).toBeGreaterThanOrEqual(rules.minChapters);
    for (const { compiled } of chapters) {
      const course = compiled as unknown as { id: string; html: string; exercises?: string; quiz?: string; flashcards?: string; search?: { keywords: string[] } };
      expect(course.search?.keywords.length ?? 0, `${course.id}: mots-clés de recherche`).toBeGreaterThanOrEqual(rules.minKeywords);
      // Words of prose: formulas, code and figures aside.
      const prose = course.html.replace(/<(math|pre|figure)[\s\S]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " ");
      const words = prose.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
      expect(words, `${course.id}: mots`).toBeGreaterThanOrEqual(1500);
      expect(words, `${course.id}: mots`).toBeLessThanOrEqual(4000);
      const set = byId.get(course.exercises ?? "")?.compiled as { exercises: { difficulty: number; concours: boolean; statementHtml: string; solutionHtml: string }[] } | undefined;
      const quiz = byId.get(course.quiz ?? "")?.compiled as { questions: unknown[] } | undefined;
      const deck = byId.get(course.flashcards ?? "")?.compiled as { cards: unknown[] } | undefined;
      expect(set && quiz && deck, `${course.id}: exercices, quiz et flashcards`).toBeTruthy();
      const level = (difficulty: number) => set!.exercises.filter((exercise) => exercise.difficulty === difficulty);
      expect([level(1).length, level(2).length, level(3).length], `${course.id}: exercices par niveau`).toEqual([4, 5, 3]);
      expect(
        level(3).map((problem) => problem.concours),
        course.id,
      ).toEqual([rules.concours, rules.concours, rules.concours]);
      const withPython = level(3).filter((problem) => /language-python/.test(problem.statementHtml + problem.solutionHtml));
      expect(withPython.length, `${course.id}: problèmes ★★★ avec une question Python`).toBeGreaterThanOrEqual(rules.problemsWithPython);
      expect(quiz!.questions.length, `${course.id}: questions`).toBeGreaterThanOrEqual(15);
      expect(deck!.cards.length, `${course.id}: cartes`).toBeGreaterThanOrEqual(25);
    }
  }

  // Issues #18 and #19: the chapters of both options have their four pages at their full size.
  it("gives every approfondies and appliquées chapter its four pages at the sizes of the programme", () => {
    expectChapterSizes(/^maths-(approfondies|appliquees)-/, { minChapters: 29, minKeywords: 4, concours: true, problemsWithPython: 1 });
  });

  // Issue #19: the bridge chapters end with first-week problems, not concours ones, most of them with Python.
  it("gives every Terminale vers la prépa chapter its four pages, with problems of synthesis", () => {
    expectChapterSizes(/^maths-terminale-prepa$/, { minChapters: 10, minKeywords: 6, concours: false, problemsWithPython: 2 });
  });

  it("holds no C1 control character, the trace of UTF-8 read as Latin-1 (« nâutilise » for « n’utilise »)", async () => {
    const files = await contentFiles();
    const garbled = files.filter(({ file }) => /[\u0080-\u009f]/.test(readFileSync(file, "utf8"))).map(({ file }) => file);
    expect(files.length).toBeGreaterThan(100);
    expect(garbled).toEqual([]);
  });

  it("does not give a single-choice question's answer away by its place among the options", () => {
    // Authors write the right option first more often than not: the compiled order must not show it.
    const singles = loaded
      .filter(({ kind }) => kind === "quiz")
      .flatMap(({ compiled }) => (compiled as { questions: { type: string; options?: { correct: boolean }[] }[] }).questions)
      .filter((question) => question.type === "single");
    const rightFirst = singles.filter((question) => question.options![0].correct).length;
    expect(singles.length).toBeGreaterThan(100);
    expect(rightFirst / singles.length).toBeLessThan(0.4);
  });

  it("lists on each hub only tracks that have a name and chapters", () => {
    const courseTracks = new Set(loaded.filter(({ kind }) => kind === "course").map(({ compiled }) => (compiled as { track?: string }).track));
    for (const { compiled } of loaded.filter(({ kind }) => kind === "page")) {
      for (const track of (compiled as { tracks?: string[] }).tracks ?? []) {
        expect(TRACK_LABELS[track], `${compiled.id}: ${track}`).toBeDefined();
        expect(courseTracks.has(track), `${compiled.id}: ${track}`).toBe(true);
      }
    }
  });

  it("lists on each appliquées year page every chapter of the option's own track, among the common ones", () => {
    const pages = new Map(loaded.filter(({ kind }) => kind === "page").map(({ compiled }) => [compiled.id, compiled as { chapterLists: { chapters: string[] }[] }]));
    const courses = loaded.filter(({ kind }) => kind === "course").map(({ compiled }) => compiled as { id: string; track: string });
    for (const [page, track] of [
      ["formation-maths-premiere-appliquees", "maths-appliquees-1"],
      ["formation-maths-deuxieme-appliquees", "maths-appliquees-2"],
    ]) {
      const listed = pages.get(page)!.chapterLists.flatMap((list) => list.chapters);
      const own = courses.filter((course) => course.track === track).map((course) => course.id);
      expect(own.length, track).toBeGreaterThanOrEqual(3);
      expect(listed.filter((id) => own.includes(id)).sort(), page).toEqual(own.sort());
      // The common chapters come from the approfondies tracks; approfondies-only ones are left out.
      expect(listed.length, page).toBeGreaterThan(own.length + 5);
      expect(listed, page).not.toContain("maths-algebre-bilineaire-espaces-euclidiens");
      expect(listed, page).not.toContain("maths-polynomes");
    }
  });
});
