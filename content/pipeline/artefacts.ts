import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
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
/** The compiled store the development server reads, and the one a build copies from. */
export const STORE_DIR = path.join(CACHE_DIR, "store");

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
  /** Companions: the course they belong to, and how many exercises, questions or cards they hold. */
  course?: string;
  items?: number;
  /** Whether the compiled entry holds formulas (the page preloads the math font). */
  hasMath: boolean;
}

export interface ContentIndex {
  entries: ContentIndexEntry[];
}

/** The code that shapes compiled output: when it changes, every cached artefact is stale. */
const PIPELINE_FILES = ["schema.ts", "unique.ts", "pipeline/load.ts", "pipeline/markdown.ts", "math-font.ts", "pipeline/figures.ts", "pipeline/run_python.py"];

function pipelineVersion(): string {
  const hash = createHash("sha256");
  for (const file of PIPELINE_FILES) hash.update(readFileSync(path.join(contentRoot, file)));
  for (const pkg of ["temml", "remark-math", "remark-gfm", "remark-directive"]) {
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

/** The number of exercises, questions or cards of a companion page (chapter progress on the hubs). */
function companionItems(compiled: Record<string, unknown>): number | undefined {
  const list = [compiled.exercises, compiled.questions, compiled.cards].find(Array.isArray);
  return list?.length;
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
      : { course: pick("course"), items: companionItems(compiled) }),
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

export interface CompileJob {
  kind: ContentKind;
  file: string;
  key: string;
  compiledDir: string;
}

/** Compiles one file into the cache (its artefact and its index entry); also the pool's task (compile-worker.mjs). */
export async function compileToCache({ kind, file, key, compiledDir }: CompileJob): Promise<ContentIndexEntry> {
  const loaded = await loadContentFile(kind, file);
  const text = JSON.stringify(loaded.compiled);
  const entry = indexEntry(kind, loaded.compiled as unknown as Record<string, unknown>, text);
  writeAtomically(path.join(compiledDir, `${key}.json`), text);
  writeAtomically(path.join(compiledDir, `${key}.entry.json`), JSON.stringify(entry));
  return entry;
}

/** Below this many files to compile, starting workers costs more than it saves. */
const POOL_THRESHOLD = 24;

/**
 * Compiles the files the cache does not have, on one worker thread per core when there are many (a cold
 * build of 1,000 pages), in this thread otherwise (an edit). Entries by cache key.
 */
async function compileMany(jobs: CompileJob[]): Promise<Map<string, ContentIndexEntry>> {
  const threads = Math.min(availableParallelism(), Math.ceil(jobs.length / POOL_THRESHOLD));
  if (threads <= 1) {
    const entries = await Promise.all(jobs.map(async (job) => [job.key, await compileToCache(job)] as const));
    return new Map(entries);
  }
  const { Tinypool } = await import("tinypool");
  const pool = new Tinypool({ filename: pathToFileURL(path.join(contentRoot, "pipeline/compile-worker.mjs")).href, minThreads: threads, maxThreads: threads });
  try {
    const entries = await Promise.all(
      jobs.map(async (job) => {
        const entry = (await pool.run(job).catch((error: Error) => Promise.reject(new ContentError(error.message)))) as ContentIndexEntry;
        return [job.key, entry] as const;
      }),
    );
    return new Map(entries);
  } finally {
    await pool.destroy();
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
  const planned = files.map(({ kind, file }) => {
    const key = cacheKey(version, kind, file);
    const artefact = path.join(compiledDir, `${key}.json`);
    const cachedEntry = existsSync(artefact) ? readJson<ContentIndexEntry>(path.join(compiledDir, `${key}.entry.json`)) : undefined;
    return { kind, file, key, artefact, cachedEntry };
  });
  const misses = planned.filter((item) => !item.cachedEntry).map(({ kind, file, key }) => ({ kind, file, key, compiledDir }));
  const compiledEntries = await compileMany(misses);
  const results = planned.map(({ key, artefact, cachedEntry }) => {
    const entry = cachedEntry ?? compiledEntries.get(key)!;
    return { key, artefact, entry, fresh: !cachedEntry };
  });
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

/**
 * Puts a copy of the compiled store in `to`: hard links where the file system allows (a build at 1,000
 * pages copies no bytes; the store replaces a file by renaming a new one, so the links stay a snapshot),
 * copies elsewhere.
 */
export function mirrorStore(from: string, to: string) {
  rmSync(to, { recursive: true, force: true });
  for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  }
}

/**
 * The ids whose index entry differs between two indexes (added, removed or changed: title, path, links,
 * track…). Empty when only the entries' bodies changed, which is what `npm run build:content` may ship
 * without rebuilding the catalogue compiled into the server.
 */
export function changedIndexEntries(next: ContentIndexEntry[], previous: ContentIndexEntry[]): string[] {
  const before = new Map(previous.map((entry) => [entry.id, JSON.stringify(entry)]));
  const after = new Set(next.map((entry) => entry.id));
  return [
    ...next.filter((entry) => before.get(entry.id) !== JSON.stringify(entry)).map((entry) => entry.id),
    ...previous.filter((entry) => !after.has(entry.id)).map((entry) => entry.id),
  ];
}
