import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import type { ActivityType, CatalogEntry } from "../../app/catalog/types.ts";
import { COLLECTIONS, type CompileTools, type CompiledByKind, type ContentKind } from "../collections.ts";
import type { CompiledRunner } from "../compiled.ts";
import { compileInline, compileMarkdown } from "./markdown.ts";

export type { ContentKind };
export type {
  CompiledCourse,
  CompiledDeck,
  CompiledExerciseSet,
  CompiledPage,
  CompiledQuiz,
  CompiledReference,
  CompiledVocabulary,
} from "../compiled.ts";
export type CompiledOf<K extends ContentKind> = CompiledByKind[K];

export const contentRoot = path.resolve(import.meta.dirname, "..");

export class ContentError extends Error {}


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
  /** Runnable exercises, whose reference must pass their tests (and starter must not). */
  runnables: { where: string; runner: CompiledRunner }[];
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
  if (COLLECTIONS[kind].extension === ".md") return { sourceFile, ...splitFrontMatter(text, sourceFile) };
  try {
    return { sourceFile, data: parseYaml(text) as unknown, body: "" };
  } catch (error) {
    throw new ContentError(`${sourceFile}: YAML invalide — ${(error as Error).message.split("\n")[0]}`);
  }
}

/** A compiled file with what the checks need: its source texts and the internal links it holds. */
export type LoadedContent = {
  [K in ContentKind]: { kind: K; compiled: CompiledByKind[K]; source: ContentSource; links: string[] };
}[ContentKind];

/** Reads, validates and compiles one file with its collection's definition (collections.ts). */
/**
 * `metaOnly`: validate the front matter and return the entry's metadata without compiling it (no
 * Markdown, no formulas), for what needs only titles and paths (content:index at 1,000 pages).
 */
export async function loadContentFile<K extends ContentKind>(kind: K, file: string, options: { metaOnly?: boolean } = {}): Promise<LoadedContent> {
  const definition = COLLECTIONS[kind];
  const { sourceFile, data, body } = await readSource(kind, file);
  const links: string[] = [];
  const markdown: ContentSource["markdown"] = [];
  const checks: ContentSource["checks"] = [];
  const runnables: ContentSource["runnables"] = [];
  const tools: CompileTools = {
    markdown: (text, where) => {
      markdown.push({ where, text });
      return html(text, sourceFile, where, links);
    },
    inline: (text, where) =>
      compileInline(text).catch((error: Error) => Promise.reject(new ContentError(`${sourceFile} (${where}): ${error.message}`))),
    body: async () => {
      if (!body.trim()) throw new ContentError(`${sourceFile}: corps vide (le texte de la page suit le front matter)`);
      markdown.push({ where: "corps", text: body });
      const compiled = await compileMarkdown(body).catch((error: Error) => Promise.reject(new ContentError(`${sourceFile}: ${error.message}`)));
      links.push(...compiled.links);
      return compiled;
    },
    check: (where, code) => {
      if (code) checks.push({ where, code });
    },
    runnable: (where, runner) => runnables.push({ where, runner }),
  };
  const parsed = parseWith(definition.schema, data, sourceFile);
  // The registry pairs each schema with its compile step; TypeScript cannot follow K through the union.
  const compile = definition.compile as (data: unknown, tools: CompileTools) => Promise<object>;
  const compiled = { ...(options.metaOnly ? (parsed as object) : await compile(parsed, tools)), sourceFile };
  const meta = compiled as unknown as Omit<ContentMeta, "kind" | "sourceFile"> & { section?: ContentMeta["section"] };
  const { id, path: pagePath, title, description, search, activity } = meta;
  return {
    kind,
    compiled: compiled as unknown as CompiledByKind[K],
    source: { meta: { kind, id, path: pagePath, title, description, section: meta.section ?? "open", search, activity, sourceFile }, markdown, checks, runnables },
    links,
  } as LoadedContent;
}



export async function contentFiles(): Promise<{ kind: ContentKind; file: string }[]> {
  const found: { kind: ContentKind; file: string }[] = [];
  for (const [kind, { folder, extension }] of Object.entries(COLLECTIONS) as [ContentKind, (typeof COLLECTIONS)[ContentKind]][]) {
    const dir = path.join(contentRoot, folder);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) if (entry.isFile() && entry.name.endsWith(extension)) found.push({ kind, file: path.join(dir, entry.name) });
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The metadata of every file among `files` whose front matter is valid, the others left out: the pages
 * a partial content:check's links may point at. A draft elsewhere in content/ (several chapters are
 * written at once) must not hide the rest of the site.
 */
export async function loadValidMeta(files: { kind: ContentKind; file: string }[]): Promise<LoadedContent[]> {
  const loaded = await Promise.all(files.map(({ kind, file }) => loadContentFile(kind, file, { metaOnly: true }).catch(() => undefined)));
  return loaded.filter((entry) => entry !== undefined);
}

export function kindOfFile(file: string): ContentKind | undefined {
  const relative = path.relative(contentRoot, path.resolve(file));
  return (Object.entries(COLLECTIONS) as [ContentKind, (typeof COLLECTIONS)[ContentKind]][]).find(
    ([, { folder, extension }]) => relative.startsWith(`${folder}${path.sep}`) && relative.endsWith(extension),
  )?.[0];
}

export async function loadAllContent(options: { metaOnly?: boolean } = {}): Promise<LoadedContent[]> {
  return Promise.all((await contentFiles()).map(({ kind, file }) => loadContentFile(kind, file, options)));
}
