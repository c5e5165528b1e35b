// The content pipeline at 1,000 pages (issue #11): a copy of the project in a temporary folder, with the
// real content plus a synthetic corpus made from its own chapters, never written to content/. Measures
// the full build (cold compile cache), the build after editing one file, the server's start and memory,
// and content:check of the real content. Part "content" of `npm run bench`.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { productionNodeFlags, startServer } from "../tests/support/server";
import { ROOT } from "./server";

export interface ContentScaleFigures {
  pages: number;
  fullBuildSeconds: number;
  incrementalBuildSeconds: number;
  viteRebuildSeconds: number;
  serverStartSeconds: number;
  rssAfterStartMb: number;
  rssAfterReadingMb: number;
  database: "pglite" | "postgres";
  contentCheckSeconds: number;
}

export const CONTENT_LIMITS = {
  fullBuildSeconds: 120,
  incrementalBuildSeconds: 5,
  serverStartSeconds: 3,
  rssAfterStartMb: 350,
  rssAfterReadingMb: 500,
  contentCheckSeconds: 120,
} as const;

/** The chapters copied: each brings its course and its companions (exercises, quiz, flashcards when it has them). */
const TEMPLATES = [
  "chapitres-libres-suites",
  "chapitres-libres-series",
  "chapitres-libres-integrales-impropres",
  "maths-elements-de-logique",
];

function templateFiles(chapter: string): Record<string, string> {
  const course = chapter.startsWith("chapitres-libres") ? `courses/${chapter}-cours.md` : `courses/${chapter}.md`;
  const candidates = [
    course,
    `exercises/${chapter}-exercices.yaml`,
    `quizzes/${chapter}-quiz.yaml`,
    `flashcards/${chapter}-flashcards.yaml`,
  ];
  return Object.fromEntries(
    candidates
      .filter((file) => existsSync(path.join(ROOT, "content", file)))
      .map((file) => [file, readFileSync(path.join(ROOT, "content", file), "utf8")]),
  );
}

/** Copy number `n` of a chapter: new ids (references follow), paths under /synthetique, open section, own track. */
function copyChapter(files: Record<string, string>, chapter: string, n: number): Record<string, string> {
  const copy = `${chapter}-copie-${n}`;
  const out: Record<string, string> = {};
  for (const [file, text] of Object.entries(files)) {
    const renamed = text
      .replace(new RegExp(`\\b${chapter}(?=(-cours|-exercices|-quiz|-flashcards)?\\b)`, "g"), copy)
      .replace(
        /^path: .*$/m,
        (_line) =>
          `path: /synthetique/${path
            .basename(file)
            .replace(/\.(md|yaml)$/, "")
            .replace(chapter, copy)}`,
      )
      .replace(/^section: .*$/m, "section: open")
      .replace(/^track: .*$/m, `track: synthetique-${n}-${chapter}`)
      .replace(/^title: (.*)$/m, (_line, title: string) => `title: ${JSON.stringify(`${title.replace(/^"|"$/g, "")} (copie ${n})`)}`);
    out[file.replace(chapter, copy)] = renamed;
  }
  return out;
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

function rssMb(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
}

export async function runContentScale(options: {
  targetPages?: number;
  databaseUrl?: string;
  log: (line: string) => void;
}): Promise<ContentScaleFigures> {
  const { log } = options;
  const work = mkdtempSync(path.join(tmpdir(), "tremplin-content-scale-"));
  const cacheDir = path.join(work, "compile-cache");
  try {
    // The project's tracked files (content included), with node_modules linked.
    const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
    for (const file of tracked) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      cpSync(path.join(ROOT, file), path.join(work, file));
    }
    symlinkSync(path.join(ROOT, "node_modules"), path.join(work, "node_modules"), "dir");

    const realPages = tracked.filter((file) =>
      /^content\/(pages|courses|exercises|quizzes|flashcards|reference|vocabulary)\/[^/]+\.(md|yaml)$/.test(file),
    ).length;
    const target = options.targetPages ?? 1000;
    let pages = realPages;
    const templates = TEMPLATES.map((chapter) => ({ chapter, files: templateFiles(chapter) }));
    for (let n = 1; pages < target; n++) {
      for (const { chapter, files } of templates) {
        if (pages >= target) break;
        const copy = copyChapter(files, chapter, n);
        for (const [file, text] of Object.entries(copy)) writeFileSync(path.join(work, "content", file), text);
        pages += Object.keys(copy).length;
      }
    }
    log(`Content at scale: ${pages} pages (${realPages} real, ${pages - realPages} copies), in ${work}`);
    const env = { CONTENT_CACHE_DIR: cacheDir };
    run("npx", ["tsx", "scripts/content-index.ts"], work, env);

    let start = process.hrtime.bigint();
    run("npx", ["react-router", "build"], work, env);
    const fullBuildSeconds = seconds(start);
    log(`  full build (cold compile cache): ${fullBuildSeconds.toFixed(1)} s`);

    // An edit of a chapter's body: `npm run build:content` recompiles that file and refreshes build/content.
    appendFileSync(path.join(work, "content/courses/chapitres-libres-suites-copie-1-cours.md"), "\nUne phrase ajoutée pour la mesure.\n");
    start = process.hrtime.bigint();
    run("npx", ["tsx", "scripts/build-content.ts"], work, env);
    const incrementalBuildSeconds = seconds(start);
    log(`  build:content after editing one file: ${incrementalBuildSeconds.toFixed(1)} s`);
    // The whole build after a second edit, for comparison: one file compiled, then the two Vite builds.
    appendFileSync(path.join(work, "content/courses/chapitres-libres-suites-copie-1-cours.md"), "\nUne autre phrase.\n");
    start = process.hrtime.bigint();
    run("npx", ["react-router", "build"], work, env);
    const viteRebuildSeconds = seconds(start);
    log(`  npm run build after editing one file: ${viteRebuildSeconds.toFixed(1)} s`);

    start = process.hrtime.bigint();
    const server = await startServer(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}, {
      cwd: work,
      nodeFlags: productionNodeFlags(),
    });
    const serverStartSeconds = seconds(start);
    try {
      const pid = server.process.pid!;
      const rssAfterStartMb = rssMb(pid);
      const index = JSON.parse(readFileSync(path.join(work, "build/content/index.json"), "utf8")) as { entries: { path: string }[] };
      for (const { path: pagePath } of index.entries) await (await fetch(`${server.url}${pagePath}`, { redirect: "manual" })).arrayBuffer();
      const rssAfterReadingMb = rssMb(pid);
      log(
        `  server: started in ${serverStartSeconds.toFixed(2)} s, RSS ${rssAfterStartMb.toFixed(0)} MB, ${rssAfterReadingMb.toFixed(0)} MB after every page once`,
      );
      start = process.hrtime.bigint();
      run("npx", ["tsx", "scripts/content-check.ts"], ROOT);
      const contentCheckSeconds = seconds(start);
      log(`  content:check of the real content: ${contentCheckSeconds.toFixed(1)} s`);
      return {
        pages,
        fullBuildSeconds,
        incrementalBuildSeconds,
        viteRebuildSeconds,
        serverStartSeconds,
        rssAfterStartMb,
        rssAfterReadingMb,
        database: options.databaseUrl ? "postgres" : "pglite",
        contentCheckSeconds,
      };
    } finally {
      await server.stop();
    }
  } finally {
    if (process.env.BENCH_KEEP_WORKDIR) log(`  kept ${work} (BENCH_KEEP_WORKDIR)`);
    else rmSync(work, { recursive: true, force: true });
  }
}
