import { createHash } from "node:crypto";
import type { z } from "zod";
import type {
  CompiledBase,
  CompiledCourse,
  CompiledDeck,
  CompiledExerciseSet,
  CompiledPage,
  CompiledQuestion,
  CompiledQuiz,
  CompiledReference,
  CompiledRunner,
  CompiledVocabulary,
  Heading,
} from "./compiled.ts";
import { pythonBlocks } from "./pipeline/python.ts";
import {
  type PythonRunner,
  courseFrontMatterSchema,
  deckSchema,
  exerciseSetSchema,
  pageFrontMatterSchema,
  quizSchema,
  referenceSchema,
  vocabularySchema,
} from "./schema.ts";

/**
 * A question's options in an order fixed by their ids, not by the file: authors tend to write the right
 * answer first, and a quiz whose first option is always right is answered without reading. The order is
 * the same on every build and for every reader (the page is rendered on the server, then hydrated).
 */
function shuffledOptions<T extends { id: string }>(questionKey: string, options: T[]): T[] {
  const rank = (option: T) => createHash("sha256").update(`${questionKey}/${option.id}`).digest("hex");
  return options.map((option) => ({ option, rank: rank(option) })).sort((a, b) => a.rank.localeCompare(b.rank)).map(({ option }) => option);
}

/**
 * The content collections (issue #11), in the spirit of Astro's: one definition per kind of content,
 * from which everything else derives — the files read (folder, extension), their validation (zod
 * schema), their compiled form (compile step, returning the declared type of compiled.ts), the route
 * module and page kind of their catalogue entries (scripts/content-index-lib.ts), the index and the
 * store's reader (artefacts.ts, store.server.ts). A new kind of content is one more definition here.
 */

/** A runnable exercise's compiled settings: the reference is the solution's Python blocks unless given. */
function runnerOf(python: PythonRunner, solution: string, where: string, tools: CompileTools): CompiledRunner {
  const reference = python.reference ?? pythonBlocks(solution).map((block) => block.code).join("\n\n");
  const runner = { starter: python.starter, inputs: python.inputs, timeout: python.timeout, tests: python.tests, reference };
  tools.runnable(where, runner);
  return runner;
}

/** What a compile step may use: Markdown fields compiled (formulas included) and Python checks recorded. */
export interface CompileTools {
  /** Compiles a Markdown field; `where` says where it comes from in messages and checks. */
  markdown(text: string, where: string): Promise<string>;
  /** Compiles a one-line Markdown field (a title with formulas): its HTML and its visible text. */
  inline(text: string, where: string): Promise<{ html: string; text: string }>;
  /** Compiles the body of a Markdown file (after its front matter), with its headings and links. */
  body(): Promise<{ html: string; headings: Heading[]; links: string[] }>;
  /** Records Python assertions to run with the content checks. */
  check(where: string, code: string | undefined): void;
  /** Records a runnable exercise: its reference must pass its tests, its starter must not. */
  runnable(where: string, runner: CompiledRunner): void;
}

export interface Collection<S extends z.ZodType, C extends { id: string }> {
  folder: string;
  extension: ".md" | ".yaml";
  /** Markdown files hold their fields in a front matter; YAML files are their fields. */
  schema: S;
  /** Page kind and route module of the catalogue entries (relative to app/). */
  pageKind: string;
  module: string;
  /** Searchable under « Formation » without a `search` field (study pages). */
  studyPage: boolean;
  compile(data: z.infer<S>, tools: CompileTools): Promise<C>;
}

/** A collection's definition, its page kind kept as a literal type (PageKind derives from it). */
function collection<S extends z.ZodType, C extends { id: string }, P extends string>(
  definition: Collection<S, C> & { pageKind: P },
): Collection<S, C> & { pageKind: P } {
  return definition;
}

/** The fields every compiled entry carries (its catalogue entry's); the loader adds the source file. */
function base(data: Omit<CompiledBase, "section" | "sourceFile"> & { section?: CompiledBase["section"] }): Omit<CompiledBase, "sourceFile"> {
  const { id, path, title, description, search, activity } = data;
  return { id, path, title, description, section: data.section ?? "open", search, activity };
}

export const COLLECTIONS = {
  page: collection({
    folder: "pages",
    extension: ".md",
    schema: pageFrontMatterSchema,
    pageKind: "page",
    module: "routes/content-page.tsx",
    studyPage: false,
    async compile(front, tools): Promise<Omit<CompiledPage, "sourceFile">> {
      tools.check("checks", front.checks);
      const { html, headings, links } = await tools.body();
      return { ...front, html, headings, links };
    },
  }),
  course: collection({
    folder: "courses",
    extension: ".md",
    schema: courseFrontMatterSchema,
    pageKind: "course",
    module: "routes/course.tsx",
    studyPage: true,
    async compile(front, tools): Promise<Omit<CompiledCourse, "sourceFile">> {
      tools.check("checks", front.checks);
      const { html, headings } = await tools.body();
      return { ...front, html, headings };
    },
  }),
  exercises: collection({
    folder: "exercises",
    extension: ".yaml",
    schema: exerciseSetSchema,
    pageKind: "exercises",
    module: "routes/exercise-set.tsx",
    studyPage: true,
    async compile(set, tools): Promise<Omit<CompiledExerciseSet, "sourceFile">> {
      const exercises: CompiledExerciseSet["exercises"] = [];
      for (const exercise of set.exercises) {
        const where = `exercice ${exercise.id}`;
        tools.check(where, exercise.check);
        // A title may hold formulas ($\sqrt{2}$): shown rendered, and as text where only text goes.
        const title = await tools.inline(exercise.title, `${where}, titre`);
        exercises.push({
          id: exercise.id,
          title: title.text,
          titleHtml: title.html,
          difficulty: exercise.difficulty,
          concours: exercise.concours,
          ...(exercise.option ? { option: exercise.option } : {}),
          method: exercise.method,
          statementHtml: await tools.markdown(exercise.statement, `${where}, énoncé`),
          hintsHtml: await Promise.all(exercise.hints.map((hint, index) => tools.markdown(hint, `${where}, indication ${index + 1}`))),
          solutionHtml: await tools.markdown(exercise.solution, `${where}, solution`),
          ...(exercise.python ? { runner: runnerOf(exercise.python, exercise.solution, where, tools) } : {}),
        });
      }
      return {
        ...base(set),
        course: set.course,
        introHtml: set.intro ? await tools.markdown(set.intro, "intro") : undefined,
        exercises,
      };
    },
  }),
  quiz: collection({
    folder: "quizzes",
    extension: ".yaml",
    schema: quizSchema,
    pageKind: "quiz",
    module: "routes/quiz.tsx",
    studyPage: true,
    async compile(quiz, tools): Promise<Omit<CompiledQuiz, "sourceFile">> {
      const questions: CompiledQuestion[] = [];
      for (const question of quiz.questions) {
        const where = `question ${question.id}`;
        tools.check(where, question.check);
        const common = {
          id: question.id,
          promptHtml: await tools.markdown(question.prompt, `${where}, énoncé`),
          explanationHtml: await tools.markdown(question.explanation, `${where}, explication`),
          ...(question.chapter ? { chapter: question.chapter } : {}),
        };
        if (question.type === "single" || question.type === "multiple") {
          const options = [];
          for (const option of question.options) {
            options.push({
              id: option.id,
              html: await tools.markdown(option.text, `${where}, option ${option.id}`),
              correct: option.correct,
              whyHtml: await tools.markdown(option.why, `${where}, option ${option.id} (pourquoi)`),
            });
          }
          questions.push({ ...common, type: question.type, options: shuffledOptions(`${quiz.id}/${question.id}`, options) });
        } else if (question.type === "numeric") {
          questions.push({ ...common, type: "numeric", answer: question.answer, tolerance: question.tolerance, form: question.form });
        } else {
          questions.push({ ...common, type: "truefalse", answer: question.answer });
        }
      }
      return {
        ...base(quiz),
        course: quiz.course,
        introHtml: quiz.intro ? await tools.markdown(quiz.intro, "intro") : undefined,
        ...(quiz.diagnostic ? { diagnostic: quiz.diagnostic } : {}),
        questions,
      };
    },
  }),
  flashcards: collection({
    folder: "flashcards",
    extension: ".yaml",
    schema: deckSchema,
    pageKind: "flashcards",
    module: "routes/flashcards.tsx",
    studyPage: true,
    async compile(deck, tools): Promise<Omit<CompiledDeck, "sourceFile">> {
      const cards: CompiledDeck["cards"] = [];
      for (const card of deck.cards) {
        cards.push({
          id: card.id,
          tags: card.tags,
          frontHtml: await tools.markdown(card.front, `carte ${card.id}, recto`),
          backHtml: await tools.markdown(card.back, `carte ${card.id}, verso`),
        });
      }
      return { ...base(deck), course: deck.course, cards };
    },
  }),
  reference: collection({
    folder: "reference",
    extension: ".yaml",
    schema: referenceSchema,
    pageKind: "reference",
    module: "routes/reference.tsx",
    studyPage: true,
    async compile(reference, tools): Promise<Omit<CompiledReference, "sourceFile">> {
      const entries: CompiledReference["entries"] = [];
      for (const entry of reference.entries) {
        entries.push({
          id: entry.id,
          command: entry.command,
          category: entry.category,
          example: entry.example,
          summaryHtml: await tools.markdown(entry.summary, `entrée ${entry.id}`),
          summaryText: entry.summary,
        });
      }
      return {
        ...base(reference),
        introHtml: reference.intro ? await tools.markdown(reference.intro, "intro") : undefined,
        entries,
      };
    },
  }),
  vocabulary: collection({
    folder: "vocabulary",
    extension: ".yaml",
    schema: vocabularySchema,
    pageKind: "vocabulary",
    module: "routes/vocabulary.tsx",
    studyPage: true,
    async compile(list, tools): Promise<Omit<CompiledVocabulary, "sourceFile">> {
      return {
        ...base(list),
        language: list.language,
        introHtml: list.intro ? await tools.markdown(list.intro, "intro") : undefined,
        entries: list.entries,
      };
    },
  }),
};

export type ContentKind = keyof typeof COLLECTIONS;

/** The compiled form of each kind (the declared types of compiled.ts, with the source file). */
export interface CompiledByKind {
  page: CompiledPage;
  course: CompiledCourse;
  exercises: CompiledExerciseSet;
  quiz: CompiledQuiz;
  flashcards: CompiledDeck;
  reference: CompiledReference;
  vocabulary: CompiledVocabulary;
}

/** Each collection's compile step returns its kind's declared compiled form: a mismatch fails to compile. */
type CompileResult<K extends ContentKind> = Awaited<ReturnType<(typeof COLLECTIONS)[K]["compile"]>>;
type Matches<K extends ContentKind> = CompileResult<K> extends Omit<CompiledByKind[K], "sourceFile"> ? true : false;
type AllTrue<T extends Record<ContentKind, true>> = T;
export type CompiledTypesMatch = AllTrue<{ [K in ContentKind]: Matches<K> }>;

/** The content kinds whose entries are pages of the site (every one today). */
export const CONTENT_KINDS = Object.keys(COLLECTIONS) as ContentKind[];
