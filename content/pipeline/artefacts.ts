import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { containsMath } from "../katex-marker.ts";
import { duplicatesBy } from "../unique.ts";
import { type ContentKind, ContentError, contentFiles, contentRoot, loadContentFile } from "./load.ts";

/**
 * The compiled content, one artefact per content file (issue #11): `<dir>/index.json`, a small index of
 * every entry, and `<dir>/entries/<id>.json`, each entry's compiled form. The server keeps the index in
 * memory and reads entries on demand (features/content/store.server.ts).
 *
 * Compiling is incremental: each file's output is cached under `node_modules/.cache/tremplin-content`,
 * keyed by a hash of its source and of the pipeline's own code, so a rebuild after one edit compiles
 * that file only.
 */

export const CACHE_DIR = path.resolve(contentRoot, "../node_modules/.cache/tremplin-content");

/** What the server needs of every entry without reading it: listings, navigation, links, access. */
export interface ContentIndexEntry {
  id: string;
  kind: ContentKind;
  path: string;
  title: string;
  description: string;
  section: "python" | "maths" | "open";
  /** Courses: the track, the place in it, and the companions. */
  track?: string;
  order?: number;
  exercises?: string;
  quiz?: string;
  flashcards?: string;
  /** Companions: the course they belong to. */
  course?: string;
  /** Whether the compiled entry holds KaTeX output (the page preloads the math fonts). */
  hasMath: boolean;
}

export interface ContentIndex {
  entries: ContentIndexEntry[];
}

/** The code that shapes compiled output: when it changes, every cached artefact is stale. */
const PIPELINE_FILES = ["schema.ts", "unique.ts", "pipeline/load.ts", "pipeline/markdown.ts"];

function pipelineVersion(): string {
  const hash = createHash("sha256");
  for (const file of PIPELINE_FILES) hash.update(readFileSync(path.join(contentRoot, file)));
  for (const pkg of ["katex", "rehype-katex", "remark-math", "remark-gfm", "remark-directive"]) {
    try {
      hash.update(readFileSync(path.resolve(contentRoot, `../node_modules/${pkg}/package.json`)));
    } catch {
      // a package absent from this install: its version does not take part
    }
  }
  return hash.digest("hex");
}

function writeAtomically(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

function indexEntry(kind: ContentKind, compiled: Record<string, unknown>, text: string): ContentIndexEntry {
  const pick = <T>(key: string) => compiled[key] as T | undefined;
  return {
    id: compiled.id as string,
    kind,
    path: compiled.path as string,
    title: compiled.title as string,
    description: compiled.description as string,
    section: (pick<ContentIndexEntry["section"]>("section") ?? "open") as ContentIndexEntry["section"],
    // A course names its companions by id (an exercise set's own `exercises` is its list of exercises).
    ...(kind === "course"
      ? { track: pick("track"), order: pick("order"), exercises: pick("exercises"), quiz: pick("quiz"), flashcards: pick("flashcards") }
      : { course: pick("course") }),
    hasMath: containsMath(text),
  };
}

/** One file compiled, or read back from the cache when neither it nor the pipeline changed. */
function compiledFile(cacheDir: string, version: string, kind: ContentKind, file: string) {
  const source = readFileSync(file);
  const key = createHash("sha256").update(version).update(kind).update(path.relative(contentRoot, file)).update(source).digest("hex");
  const cached = path.join(cacheDir, "compiled", `${key}.json`);
  try {
    return { text: readFileSync(cached, "utf8"), fresh: false };
  } catch {
    return { cached, fresh: true };
  }
}

export interface CompileReport {
  entries: number;
  compiled: number;
  reused: number;
}

/**
 * Compiles every content file into `outDir` (index and entries), reusing cached artefacts; entries of
 * files that no longer exist are removed. Throws ContentError on invalid content.
 */
export async function compileContentStore(outDir: string, cacheDir = CACHE_DIR): Promise<CompileReport> {
  const version = pipelineVersion();
  const files = await contentFiles();
  const results = await Promise.all(
    files.map(async ({ kind, file }) => {
      const found = compiledFile(cacheDir, version, kind, file);
      if (!found.fresh) return { kind, text: found.text!, fresh: false };
      const loaded = await loadContentFile(kind, file);
      const text = JSON.stringify(loaded.compiled);
      writeAtomically(found.cached!, text);
      return { kind, text, fresh: true };
    }),
  );
  const entries = results.map(({ kind, text }) => indexEntry(kind, JSON.parse(text) as Record<string, unknown>, text));
  const [duplicate] = duplicatesBy(entries, (entry) => entry.id);
  if (duplicate) {
    const file = (index: number) => path.relative(contentRoot, files[index].file);
    throw new ContentError(`${file(duplicate.index)}: id « ${duplicate.key} » déjà utilisé par ${file(duplicate.firstIndex)}`);
  }
  const entriesDir = path.join(outDir, "entries");
  mkdirSync(entriesDir, { recursive: true });
  const wanted = new Set(entries.map((entry) => `${entry.id}.json`));
  for (const name of readdirSync(entriesDir)) if (!wanted.has(name)) rmSync(path.join(entriesDir, name), { force: true });
  results.forEach(({ text }, index) => {
    const target = path.join(entriesDir, `${entries[index].id}.json`);
    let current: string | undefined;
    try {
      current = readFileSync(target, "utf8");
    } catch {
      current = undefined;
    }
    if (current !== text) writeAtomically(target, text);
  });
  writeAtomically(path.join(outDir, "index.json"), JSON.stringify({ entries } satisfies ContentIndex));
  const compiled = results.filter((result) => result.fresh).length;
  return { entries: entries.length, compiled, reused: results.length - compiled };
}
