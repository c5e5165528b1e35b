import type { ActivityType, SearchCategory } from "../app/catalog/constants.ts";
import type { CourseFrontMatter, PageFrontMatter } from "./schema.ts";

/**
 * The compiled form of each kind of content, as its artefact holds it and as the server reads it
 * (features/content/store.server.ts). Declared here, and returned by each collection's compile step
 * (collections.ts), so that a change on either side is a type error, not a cast.
 */

export type Section = "python" | "maths" | "open";

export interface Heading {
  depth: 2 | 3;
  id: string;
  /** What the heading says, as text (formulas as their visible characters). */
  text: string;
  /** Its content as rendered (formulas as MathML), for the table of contents. */
  html: string;
}

/** What every compiled entry has: the fields of its catalogue entry, and the file it comes from. */
export interface CompiledBase {
  id: string;
  path: string;
  title: string;
  description: string;
  section: Section;
  search?: { category: SearchCategory; keywords: string[] };
  activity?: ActivityType;
  sourceFile: string;
}

export interface CompiledPage extends PageFrontMatter {
  html: string;
  headings: Heading[];
  sourceFile: string;
  /** Internal links found in the body, checked against the catalogue. */
  links: string[];
}

export interface CompiledCourse extends CourseFrontMatter {
  html: string;
  headings: Heading[];
  sourceFile: string;
}

export interface CompiledExercise {
  id: string;
  /** The title as text (formulas as their visible characters). */
  title: string;
  /** The title as rendered (formulas as MathML). */
  titleHtml: string;
  difficulty: 1 | 2 | 3;
  concours: boolean;
  /** The option the exercise suits when it suits one only (chapters common to both options). */
  option?: "approfondies" | "appliquees";
  method: string;
  statementHtml: string;
  hintsHtml: string[];
  solutionHtml: string;
  /** A runnable Python exercise: what the editor starts with, and the run's settings and tests. */
  runner?: CompiledRunner;
}

export interface CompiledRunner {
  starter: string;
  inputs: string[];
  timeout: number;
  tests: unknown[];
  /** The reference program, against which random tests compare (sent only when a run asks for it). */
  reference: string;
}

export interface CompiledExerciseSet extends CompiledBase {
  course?: string;
  introHtml?: string;
  exercises: CompiledExercise[];
}

interface CompiledQuestionBase {
  id: string;
  promptHtml: string;
  explanationHtml: string;
  /** Diagnostic quizzes: the course id of the chapter the question tests. */
  chapter?: string;
}
export interface CompiledOption {
  id: string;
  html: string;
  correct: boolean;
  whyHtml: string;
}
export type CompiledQuestion =
  | (CompiledQuestionBase & { type: "single" | "multiple"; options: CompiledOption[] })
  | (CompiledQuestionBase & { type: "numeric"; answer: number; tolerance: number; form: string })
  | (CompiledQuestionBase & { type: "truefalse"; answer: boolean });

export interface CompiledQuiz extends CompiledBase {
  course?: string;
  introHtml?: string;
  diagnostic?: { pass: number };
  questions: CompiledQuestion[];
}

export interface CompiledDeck extends CompiledBase {
  course?: string;
  cards: { id: string; tags: string[]; frontHtml: string; backHtml: string }[];
}

export interface CompiledReference extends CompiledBase {
  introHtml?: string;
  entries: { id: string; command: string; category: string; example?: string; summaryHtml: string; summaryText: string }[];
}

export interface CompiledVocabulary extends CompiledBase {
  language: "en" | "es" | "de";
  introHtml?: string;
  entries: { id: string; term: string; translation: string; example: string; category: string; register?: string }[];
}
