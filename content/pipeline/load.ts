import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { type CompiledPage, pageFrontMatterSchema } from "../schema.ts";
import { compileMarkdown } from "./markdown.ts";

export const contentRoot = path.resolve(import.meta.dirname, "..");

export class ContentError extends Error {}

export function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ContentError(`${file}: front matter manquant (bloc --- … --- en tête de fichier)`);
  return { data: parseYaml(match[1]), body: match[2] };
}

async function markdownFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(".md")).map((entry) => path.join(folder, entry.name)).sort();
}

export async function compilePage(file: string): Promise<CompiledPage> {
  const relative = path.relative(contentRoot, file);
  const { data, body } = splitFrontMatter(await readFile(file, "utf8"), relative);
  const frontMatter = pageFrontMatterSchema.safeParse(data);
  if (!frontMatter.success) {
    throw new ContentError(`${relative}: ${frontMatter.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  try {
    const compiled = await compileMarkdown(body);
    return { ...frontMatter.data, ...compiled, sourceFile: relative };
  } catch (error) {
    throw new ContentError(`${relative}: ${(error as Error).message}`);
  }
}

/** Compiles every Markdown page of content/pages. */
export async function compileAllPages(): Promise<CompiledPage[]> {
  const files = await markdownFiles(path.join(contentRoot, "pages"));
  return Promise.all(files.map(compilePage));
}

export async function buildContentStore() {
  const pages = await compileAllPages();
  const ids = new Set<string>();
  for (const page of pages) {
    if (ids.has(page.id)) throw new ContentError(`${page.sourceFile}: id « ${page.id} » déjà utilisé`);
    ids.add(page.id);
  }
  return { pages: Object.fromEntries(pages.map((page) => [page.id, page])) };
}
export type ContentStore = Awaited<ReturnType<typeof buildContentStore>>;
