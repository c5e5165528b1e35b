import { z } from "zod";
import { ACTIVITY_GAINS, SEARCH_CATEGORIES } from "../app/catalog/constants.ts";
import { duplicatesBy } from "./unique.ts";

/**
 * One schema file for every content type (DESIGN §5), with the pedagogical invariants. Markdown
 * fields accept LaTeX formulas ($…$, $$…$$, compiled by Temml), GFM, and in courses the boxes :::definition[Titre] … :::.
 */
const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "id en kebab-case attendu");
const path = z.string().regex(/^\/[a-z0-9\-/]*$/, "chemin absolu attendu");
const markdown = z.string().trim().min(1);
/** Python assertions that recompute a result (run by `npm test`); they print nothing when right. */
const check = z.string().trim().min(1).optional();

const pageBase = {
  id,
  path,
  title: z.string().min(2),
  description: z.string().min(50, "description trop courte (50 caractères minimum)").max(170, "description trop longue (170 caractères maximum)"),
  /** Search palette entry. Study pages are indexed under « Formation » without it; other pages only with it. */
  search: z.object({ category: z.enum(SEARCH_CATEGORIES), keywords: z.array(z.string().min(2)).min(1) }).strict().optional(),
  /** Activity type whose first visit raises progress (platform-core §9). */
  activity: z.enum(Object.keys(ACTIVITY_GAINS) as [keyof typeof ACTIVITY_GAINS]).optional(),
};

export const SECTIONS = ["python", "maths", "open"] as const;
export const BOX_KINDS = ["definition", "theoreme", "propriete", "methode", "exemple", "remarque", "attention", "preuve", "approfondies", "appliquees"] as const;
/** The two maths options: a part of a chapter common to both may belong to one only. */
export const MATHS_OPTIONS = ["approfondies", "appliquees"] as const;
export type BoxKind = (typeof BOX_KINDS)[number];

// ── Markdown pages (offers, legal, articles, overviews) ───────────────────────────────────────────
export const pageFrontMatterSchema = z.object({
  ...pageBase,
  cta: z.enum(["booking", "none"]).default("none"),
  section: z.enum(SECTIONS).default("open"),
  /** Tracks whose chapters the page lists, in order, with their pages and the reader's progress (hubs). */
  tracks: z.array(z.string().min(1)).max(4).default([]),
  /**
   * Chapter lists chosen by hand, for a hub whose chapters come from several tracks (an option's year
   * page lists the chapters common to both options and its own, in its programme's order).
   */
  chapterLists: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
        /** Completes « Les chapitres de … ». */
        label: z.string().min(3).max(80),
        chapters: z.array(z.string().min(1)).min(1).max(40),
      }),
    )
    .max(4)
    .default([]),
  /** Python assertions recomputing the page's results (a mock paper's correction, for instance). */
  checks: check,
});
export type PageFrontMatter = z.infer<typeof pageFrontMatterSchema>;

// ── Course chapters (Markdown) ─────────────────────────────────────────────────────────────────────
export const courseFrontMatterSchema = z.object({
  ...pageBase,
  section: z.enum(SECTIONS),
  /** Ordered track the chapter belongs to (previous/next links). */
  track: z.string().min(1),
  order: z.number().int().min(1),
  /** Ids of the chapter's exercise set, quiz and flashcard deck, when they exist. */
  exercises: id.optional(),
  quiz: id.optional(),
  flashcards: id.optional(),
  checks: check,
});
export type CourseFrontMatter = z.infer<typeof courseFrontMatterSchema>;

// ── Exercise sets (YAML) ───────────────────────────────────────────────────────────────────────────
// ── Runnable Python exercises (issue #16) ──────────────────────────────────────────────────────────
/** Source rules a test may require (app/features/python/harness.py SOURCE_RULES). */
export const PYTHON_SOURCE_RULES = ["for", "while", "def", "if", "return"] as const;
const pythonName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "nom de fonction Python attendu");
const tolerance = z.number().min(0).optional();
/** One test of a student's program: a call, random calls against the reference, a source rule, an assertion, the output. */
export const pythonTestSchema = z.union([
  z.object({ call: pythonName, args: z.array(z.unknown()).default([]), expected: z.unknown().optional(), tolerance }).strict(),
  z
    .object({
      random: pythonName,
      /** A Python expression drawing the arguments with `random` (a seeded random.Random) and `math`: a tuple or one value. */
      draw: z.string().min(3),
      count: z.number().int().min(1).max(200).default(20),
      seed: z.number().int().optional(),
      tolerance,
    })
    .strict(),
  z
    .object({
      source: z
        .object({
          requires: z.array(z.enum(PYTHON_SOURCE_RULES)).default([]),
          /** Results that must be computed, not written: their repr may not appear as a literal. */
          forbids: z.array(z.string().min(1)).default([]),
          label: z.string().min(3).optional(),
        })
        .strict(),
    })
    .strict(),
  z.object({ assert: z.string().min(1), label: z.string().min(3) }).strict(),
  z.object({ output: z.string() }).strict(),
]);
export type PythonTest = z.infer<typeof pythonTestSchema>;
export const pythonRunnerSchema = z
  .object({
    /** What the editor holds at first (function headers to complete…). */
    starter: z.string().default(""),
    /** Values given to input(), in order. */
    inputs: z.array(z.string()).default([]),
    /** Seconds before the program is stopped. */
    timeout: z.number().min(1).max(30).default(5),
    tests: z.array(pythonTestSchema).min(1),
    /** The reference program; by default the ```python blocks of the solution, in order. */
    reference: z.string().min(1).optional(),
  })
  .strict();
export type PythonRunner = z.infer<typeof pythonRunnerSchema>;

export const exerciseSchema = z.object({
  id,
  title: z.string().min(3),
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** « Type concours » label; only ★★★ exercises carry it. */
  concours: z.boolean().default(false),
  /** In a chapter common to both maths options, the option this exercise suits when it suits one only. */
  option: z.enum(MATHS_OPTIONS).optional(),
  /** The method the exercise trains. */
  method: z.string().min(5),
  statement: markdown,
  hints: z.array(markdown).min(1, "au moins une indication").max(3, "trois indications au plus"),
  solution: markdown,
  check,
  /** Runnable in the browser with these tests (Python exercises). */
  python: pythonRunnerSchema.optional(),
});
export const exerciseSetSchema = z
  .object({ ...pageBase, section: z.enum(SECTIONS), course: id.optional(), intro: markdown.optional(), exercises: z.array(exerciseSchema).min(1) })
  .superRefine((set, ctx) => {
    for (const { index, key } of duplicatesBy(set.exercises, (exercise) => exercise.id))
      ctx.addIssue({ code: "custom", path: ["exercises", index, "id"], message: `id d'exercice en double : ${key}` });
    set.exercises.forEach((exercise, index) => {
      if (exercise.concours && exercise.difficulty !== 3) ctx.addIssue({ code: "custom", path: ["exercises", index, "concours"], message: "« Type concours » est réservé aux exercices ★★★" });
    });
  });
export type ExerciseSet = z.infer<typeof exerciseSetSchema>;
export type Exercise = z.infer<typeof exerciseSchema>;

// ── Quizzes (YAML) ─────────────────────────────────────────────────────────────────────────────────
const option = z.object({ id: z.string().regex(/^[a-z]$/), text: markdown, correct: z.boolean().default(false), why: markdown });
const questionBase = {
  id,
  prompt: markdown,
  explanation: markdown,
  check,
  /** In a diagnostic quiz: the chapter (course id) the question tests. */
  chapter: id.optional(),
};
export const questionSchema = z.discriminatedUnion("type", [
  z.object({ ...questionBase, type: z.literal("single"), options: z.array(option).min(2).max(6) }),
  z.object({ ...questionBase, type: z.literal("multiple"), options: z.array(option).min(3).max(6) }),
  z.object({
    ...questionBase,
    type: z.literal("numeric"),
    answer: z.number(),
    /** Accepted absolute error; 0 for an exact value. */
    tolerance: z.number().min(0).default(0),
    /** Expected form, shown to the student: « un entier », « arrondi au centième »… */
    form: z.string().min(3),
  }),
  z.object({ ...questionBase, type: z.literal("truefalse"), answer: z.boolean() }),
]);
export type Question = z.infer<typeof questionSchema>;

export const quizSchema = z
  .object({
    ...pageBase,
    section: z.enum(SECTIONS),
    course: id.optional(),
    /** Shown above the first question. */
    intro: markdown.optional(),
    /**
     * A placement quiz: each question names its chapter; at the end, every chapter where the share of
     * right answers is below `pass` is recommended.
     */
    diagnostic: z.object({ pass: z.number().gt(0).max(1) }).strict().optional(),
    questions: z.array(questionSchema).min(1),
  })
  .superRefine((quiz, ctx) => {
    quiz.questions.forEach((question, index) => {
      if (quiz.diagnostic && !question.chapter)
        ctx.addIssue({ code: "custom", path: ["questions", index, "chapter"], message: "un quiz diagnostique donne le chapitre de chaque question" });
      if (!quiz.diagnostic && question.chapter)
        ctx.addIssue({ code: "custom", path: ["questions", index, "chapter"], message: "chapter n'a de sens que dans un quiz diagnostique (diagnostic: { pass: … })" });
    });
    for (const { index, key } of duplicatesBy(quiz.questions, (question) => question.id))
      ctx.addIssue({ code: "custom", path: ["questions", index, "id"], message: `id de question en double : ${key}` });
    quiz.questions.forEach((question, index) => {
      if (question.type === "single" || question.type === "multiple") {
        const correct = question.options.filter((o) => o.correct).length;
        if (question.type === "single" && correct !== 1) ctx.addIssue({ code: "custom", path: ["questions", index], message: "un QCM à réponse unique a exactement une bonne réponse" });
        if (question.type === "multiple" && correct < 1) ctx.addIssue({ code: "custom", path: ["questions", index], message: "un QCM à réponses multiples a au moins une bonne réponse" });
        if (duplicatesBy(question.options, (o) => o.text.trim().toLowerCase()).length)
          ctx.addIssue({ code: "custom", path: ["questions", index], message: "options en double" });
        if (duplicatesBy(question.options, (o) => o.id).length) ctx.addIssue({ code: "custom", path: ["questions", index], message: "lettres d'options en double" });
      }
    });
  });
export type Quiz = z.infer<typeof quizSchema>;

// ── Flashcard decks (YAML) ─────────────────────────────────────────────────────────────────────────
export const flashcardSchema = z.object({ id, front: markdown, back: markdown, tags: z.array(z.string()).default([]) });
export const deckSchema = z
  .object({ ...pageBase, section: z.enum(SECTIONS), course: id.optional(), cards: z.array(flashcardSchema).min(1) })
  .superRefine((deck, ctx) => {
    for (const { index } of duplicatesBy(deck.cards, (card) => card.front.trim().toLowerCase()))
      ctx.addIssue({ code: "custom", path: ["cards", index, "front"], message: "recto en double dans le paquet" });
    for (const { index, key } of duplicatesBy(deck.cards, (card) => card.id))
      ctx.addIssue({ code: "custom", path: ["cards", index, "id"], message: `id de carte en double : ${key}` });
  });
export type Deck = z.infer<typeof deckSchema>;

// ── Reference (YAML): searchable commands by category ─────────────────────────────────────────────
export const referenceSchema = z.object({
  ...pageBase,
  section: z.enum(SECTIONS),
  intro: markdown.optional(),
  entries: z.array(z.object({ id, command: z.string().min(1), category: z.string().min(2), summary: markdown, example: z.string().optional() })).min(1),
});
export type Reference = z.infer<typeof referenceSchema>;

// ── Vocabulary lists (YAML): target language ↔ French, by theme ────────────────────────────────────
export const vocabularySchema = z
  .object({
    ...pageBase,
    section: z.enum(SECTIONS),
    language: z.enum(["en", "es", "de"]),
    intro: markdown.optional(),
    entries: z
      .array(
        z.object({
          id,
          term: z.string().trim().min(1),
          translation: z.string().trim().min(1),
          example: z.string().trim().min(8),
          category: z.string().trim().min(2),
          register: z.string().trim().min(3).optional(),
        }),
      )
      .min(1),
  })
  .superRefine((list, ctx) => {
    for (const { index, key } of duplicatesBy(list.entries, (entry) => entry.id))
      ctx.addIssue({ code: "custom", path: ["entries", index, "id"], message: `id en double : ${key}` });
    for (const { index } of duplicatesBy(list.entries, (entry) => entry.term.toLowerCase()))
      ctx.addIssue({ code: "custom", path: ["entries", index, "term"], message: `terme en double : ${list.entries[index].term}` });
  });
export type Vocabulary = z.infer<typeof vocabularySchema>;
