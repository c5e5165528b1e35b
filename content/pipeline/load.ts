import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import type { ActivityType, CatalogEntry } from "../../app/catalog/types.ts";
import {
  type CompiledPage,
  type Heading,
  courseFrontMatterSchema,
  deckSchema,
  exerciseSetSchema,
  pageFrontMatterSchema,
  quizSchema,
  referenceSchema,
  vocabularySchema,
} from "../schema.ts";
import { compileMarkdown } from "./markdown.ts";

export const contentRoot = path.resolve(import.meta.dirname, "..");

export class ContentError extends Error {}

export const CONTENT_KINDS = {
  page: { folder: "pages", extension: ".md" },
  course: { folder: "courses", extension: ".md" },
  exercises: { folder: "exercises", extension: ".yaml" },
  quiz: { folder: "quizzes", extension: ".yaml" },
  flashcards: { folder: "flashcards", extension: ".yaml" },
  reference: { folder: "reference", extension: ".yaml" },
  vocabulary: { folder: "vocabulary", extension: ".yaml" },
} as const;
export type ContentKind = keyof typeof CONTENT_KINDS;

/** What every content file has, for the catalogue and the checks. */
export interface ContentMeta {
  kind: ContentKind;
  id: string;
  path: string;
  title: string;
  description: string;
  section: "python" | "maths" | "open";
  search?: CatalogEntry["search"];
  activity?: ActivityType;
  sourceFile: string;
}

/** The raw text of a file, for the checks that read sources (typography, python blocks, checks). */
export interface ContentSource {
  meta: ContentMeta;
  /** Markdown fields with a label saying where they come from. */
  markdown: { where: string; text: string }[];
  /** Python assertions (`check` fields and a course's `checks`). */
  checks: { where: string; code: string }[];
}

export function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ContentError(`${file}: front matter manquant (bloc --- … --- en tête de fichier)`);
  return { data: parseYaml(match[1]), body: match[2] };
}

function parseWith<T extends z.ZodType>(schema: T, data: unknown, file: string): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ContentError(`${file}: ${result.error.issues.map((issue) => `${issue.path.join(".") || "(racine)"} : ${issue.message}`).join(" ; ")}`);
  }
  return result.data;
}

async function html(markdown: string, file: string, where: string, links: string[]): Promise<string> {
  try {
    const compiled = await compileMarkdown(markdown);
    links.push(...compiled.links);
    return compiled.html;
  } catch (error) {
    throw new ContentError(`${file} (${where}): ${(error as Error).message}`);
  }
}

async function readSource(kind: ContentKind, file: string) {
  const sourceFile = path.relative(contentRoot, file);
  const text = await readFile(file, "utf8");
  if (CONTENT_KINDS[kind].extension === ".md") return { sourceFile, ...splitFrontMatter(text, sourceFile) };
  try {
    return { sourceFile, data: parseYaml(text) as unknown, body: "" };
  } catch (error) {
    throw new ContentError(`${sourceFile}: YAML invalide — ${(error as Error).message.split("\n")[0]}`);
  }
}

/** Reads, validates and compiles one file; returns the compiled entry and its sources for the checks. */
export async function loadContentFile(kind: ContentKind, file: string) {
  const { sourceFile, data, body } = await readSource(kind, file);
  const links: string[] = [];
  const markdown: ContentSource["markdown"] = [];
  const checks: ContentSource["checks"] = [];
  const md = (text: string, where: string) => {
    markdown.push({ where, text });
    return html(text, sourceFile, where, links);
  };

  switch (kind) {
    case "page": {
      const front = parseWith(pageFrontMatterSchema, data, sourceFile);
      const compiled = await compileMarkdown(body).catch((error: Error) => Promise.reject(new ContentError(`${sourceFile}: ${error.message}`)));
      markdown.push({ where: "corps", text: body });
      links.push(...compiled.links);
      const page: CompiledPage = { ...front, html: compiled.html, headings: compiled.headings, links: compiled.links, sourceFile };
      return { kind, compiled: page, source: { meta: { kind, ...pick(front), sourceFile }, markdown, checks }, links };
    }
    case "course": {
      const front = parseWith(courseFrontMatterSchema, data, sourceFile);
      const compiled = await compileMarkdown(body).catch((error: Error) => Promise.reject(new ContentError(`${sourceFile}: ${error.message}`)));
      markdown.push({ where: "corps", text: body });
      links.push(...compiled.links);
      if (front.checks) checks.push({ where: "checks", code: front.checks });
      const course = { ...front, html: compiled.html, headings: compiled.headings as Heading[], sourceFile };
      return { kind, compiled: course, source: { meta: { kind, ...pick(front), sourceFile }, markdown, checks }, links };
    }
    case "exercises": {
      const set = parseWith(exerciseSetSchema, data, sourceFile);
      const exercises = [];
      for (const exercise of set.exercises) {
        const where = `exercice ${exercise.id}`;
        if (exercise.check) checks.push({ where, code: exercise.check });
        exercises.push({
          id: exercise.id,
          title: exercise.title,
          difficulty: exercise.difficulty,
          concours: exercise.concours,
          method: exercise.method,
          statementHtml: await md(exercise.statement, `${where}, énoncé`),
          hintsHtml: await Promise.all(exercise.hints.map((hint, index) => md(hint, `${where}, indication ${index + 1}`))),
          solutionHtml: await md(exercise.solution, `${where}, solution`),
        });
      }
      const compiled = { ...pick(set), section: set.section, course: set.course, introHtml: set.intro ? await md(set.intro, "intro") : undefined, exercises, sourceFile };
      return { kind, compiled, source: { meta: { kind, ...pick(set), section: set.section, sourceFile }, markdown, checks }, links };
    }
    case "quiz": {
      const quiz = parseWith(quizSchema, data, sourceFile);
      const questions = [];
      for (const question of quiz.questions) {
        const where = `question ${question.id}`;
        if (question.check) checks.push({ where, code: question.check });
        const base = { id: question.id, type: question.type, promptHtml: await md(question.prompt, `${where}, énoncé`), explanationHtml: await md(question.explanation, `${where}, explication`) };
        if (question.type === "single" || question.type === "multiple") {
          const options = [];
          for (const option of question.options) {
            options.push({ id: option.id, html: await md(option.text, `${where}, option ${option.id}`), correct: option.correct, whyHtml: await md(option.why, `${where}, option ${option.id} (pourquoi)`) });
          }
          questions.push({ ...base, options });
        } else if (question.type === "numeric") {
          questions.push({ ...base, answer: question.answer, tolerance: question.tolerance, form: question.form });
        } else {
          questions.push({ ...base, answer: question.answer });
        }
      }
      const compiled = { ...pick(quiz), section: quiz.section, course: quiz.course, questions, sourceFile };
      return { kind, compiled, source: { meta: { kind, ...pick(quiz), section: quiz.section, sourceFile }, markdown, checks }, links };
    }
    case "flashcards": {
      const deck = parseWith(deckSchema, data, sourceFile);
      const cards = [];
      for (const card of deck.cards) {
        cards.push({ id: card.id, tags: card.tags, frontHtml: await md(card.front, `carte ${card.id}, recto`), backHtml: await md(card.back, `carte ${card.id}, verso`) });
      }
      const compiled = { ...pick(deck), section: deck.section, course: deck.course, cards, sourceFile };
      return { kind, compiled, source: { meta: { kind, ...pick(deck), section: deck.section, sourceFile }, markdown, checks }, links };
    }
    case "vocabulary": {
      const list = parseWith(vocabularySchema, data, sourceFile);
      const compiled = { ...pick(list), section: list.section, language: list.language, introHtml: list.intro ? await md(list.intro, "intro") : undefined, entries: list.entries, sourceFile };
      return { kind, compiled, source: { meta: { kind, ...pick(list), section: list.section, sourceFile }, markdown, checks }, links };
    }
    case "reference": {
      const reference = parseWith(referenceSchema, data, sourceFile);
      const entries = [];
      for (const entry of reference.entries) {
        entries.push({ id: entry.id, command: entry.command, category: entry.category, example: entry.example, summaryHtml: await md(entry.summary, `entrée ${entry.id}`), summaryText: entry.summary });
      }
      const compiled = { ...pick(reference), section: reference.section, introHtml: reference.intro ? await md(reference.intro, "intro") : undefined, entries, sourceFile };
      return { kind, compiled, source: { meta: { kind, ...pick(reference), section: reference.section, sourceFile }, markdown, checks }, links };
    }
  }
}

function pick(value: Pick<ContentMeta, "id" | "path" | "title" | "description" | "search" | "activity"> & { section?: ContentMeta["section"] }) {
  const { id, path, title, description, search, activity } = value;
  return { id, path, title, description, section: value.section ?? ("open" as const), search, activity };
}

export type LoadedContent = Awaited<ReturnType<typeof loadContentFile>>;

export async function contentFiles(): Promise<{ kind: ContentKind; file: string }[]> {
  const found: { kind: ContentKind; file: string }[] = [];
  for (const [kind, { folder, extension }] of Object.entries(CONTENT_KINDS) as [ContentKind, (typeof CONTENT_KINDS)[ContentKind]][]) {
    const dir = path.join(contentRoot, folder);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) if (entry.isFile() && entry.name.endsWith(extension)) found.push({ kind, file: path.join(dir, entry.name) });
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

export function kindOfFile(file: string): ContentKind | undefined {
  const relative = path.relative(contentRoot, path.resolve(file));
  return (Object.entries(CONTENT_KINDS) as [ContentKind, (typeof CONTENT_KINDS)[ContentKind]][]).find(
    ([, { folder, extension }]) => relative.startsWith(`${folder}${path.sep}`) && relative.endsWith(extension),
  )?.[0];
}

export async function loadAllContent(): Promise<LoadedContent[]> {
  return Promise.all((await contentFiles()).map(({ kind, file }) => loadContentFile(kind, file)));
}

/** The compiled form of each kind of content, as its artefact holds it (artefacts.ts). */
export type CompiledOf<K extends ContentKind> = Extract<LoadedContent, { kind: K }>["compiled"];
export type CompiledCourse = CompiledOf<"course">;
export type CompiledExerciseSet = CompiledOf<"exercises">;
export type CompiledQuiz = CompiledOf<"quiz">;
export type CompiledDeck = CompiledOf<"flashcards">;
export type CompiledReference = CompiledOf<"reference">;
export type CompiledVocabulary = CompiledOf<"vocabulary">;
