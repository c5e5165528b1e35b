import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { containsMath } from "../math-marker.ts";
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

/** CONTENT_CACHE_DIR moves it (the bench measures cold builds of a synthetic corpus with its own). */
export const CACHE_DIR = process.env.CONTENT_CACHE_DIR ?? path.resolve(contentRoot, "../node_modules/.cache/tremplin-content");

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
const PIPELINE_FILES = ["schema.ts", "unique.ts", "pipeline/load.ts", "pipeline/markdown.ts", "math-font.ts"];

function pipelineVersion(): string {
  const hash = createHash("sha256");
  for (const file of PIPELINE_FILES) hash.update(readFileSync(path.join(contentRoot, file)));
  for (const pkg of ["temml", "@daiji256/rehype-mathml", "remark-math", "remark-gfm", "remark-directive"]) {
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

/** The cache key of a file: its kind, name and source, and the pipeline's version. */
function cacheKey(version: string, kind: ContentKind, file: string): string {
  return createHash("sha256").update(version).update(kind).update(path.relative(contentRoot, file)).update(readFileSync(file)).digest("hex");
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
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
 *
 * The cache keeps, per key, the compiled entry and its index entry, so an unchanged file costs a hash
 * and a small read; `outDir/manifest.json` says which key each entry was written from, so only the
 * entries that changed are copied.
 */
export async function compileContentStore(outDir: string, cacheDir = CACHE_DIR): Promise<CompileReport> {
  const version = pipelineVersion();
  const files = await contentFiles();
  const compiledDir = path.join(cacheDir, "compiled");
  const results = await Promise.all(
    files.map(async ({ kind, file }) => {
      const key = cacheKey(version, kind, file);
      const artefact = path.join(compiledDir, `${key}.json`);
      const cachedEntry = existsSync(artefact) ? readJson<ContentIndexEntry>(path.join(compiledDir, `${key}.entry.json`)) : undefined;
      if (cachedEntry) return { key, artefact, entry: cachedEntry, fresh: false };
      const loaded = await loadContentFile(kind, file);
      const text = JSON.stringify(loaded.compiled);
      const entry = indexEntry(kind, loaded.compiled as unknown as Record<string, unknown>, text);
      writeAtomically(artefact, text);
      writeAtomically(path.join(compiledDir, `${key}.entry.json`), JSON.stringify(entry));
      return { key, artefact, entry, fresh: true };
    }),
  );
  const entries = results.map(({ entry }) => entry);
  const [duplicate] = duplicatesBy(entries, (entry) => entry.id);
  if (duplicate) {
    const file = (index: number) => path.relative(contentRoot, files[index].file);
    throw new ContentError(`${file(duplicate.index)}: id « ${duplicate.key} » déjà utilisé par ${file(duplicate.firstIndex)}`);
  }
  const entriesDir = path.join(outDir, "entries");
  mkdirSync(entriesDir, { recursive: true });
  const manifestFile = path.join(outDir, "manifest.json");
  const written = readJson<Record<string, string>>(manifestFile) ?? {};
  const wanted = new Set(entries.map((entry) => `${entry.id}.json`));
  for (const name of readdirSync(entriesDir)) if (!wanted.has(name)) rmSync(path.join(entriesDir, name), { force: true });
  const manifest: Record<string, string> = {};
  for (const { key, artefact, entry } of results) {
    const target = path.join(entriesDir, `${entry.id}.json`);
    if (written[entry.id] !== key || !existsSync(target)) {
      const temporary = `${target}.${process.pid}.tmp`;
      copyFileSync(artefact, temporary);
      renameSync(temporary, target);
    }
    manifest[entry.id] = key;
  }
  writeAtomically(path.join(outDir, "index.json"), JSON.stringify({ entries } satisfies ContentIndex));
  writeAtomically(manifestFile, JSON.stringify(manifest));
  const compiled = results.filter((result) => result.fresh).length;
  return { entries: entries.length, compiled, reused: results.length - compiled };
}
