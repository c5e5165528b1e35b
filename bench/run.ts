// `npm run bench`: builds, starts the production server on the embedded database, measures bundles,
// HTTP throughput, Lighthouse and the database, then writes bench/results/latest.{json,md} and prints
// the summary with the budgets. Always exits 0 once it has measured: it is a report, not a gate.
// BENCH_QUICK=1 (short smoke run), BENCH_DATABASE_URL (also PostgreSQL), BENCH_ONLY=bundles,http,
// lighthouse,python,database,content,gradebook (a subset; content builds a copy with 1,000 pages, content-scale.ts;
// gradebook times the teacher's gradebook of 45 × 40 and its export, gradebook.ts, and needs no build),
// BENCH_SKIP_BUILD=1 (reuse build/). Quick and partial runs write to bench/results/tmp/ so that they
// never replace the full results.
import { execFileSync, spawnSync } from "node:child_process";
import { scrypt } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import prettier from "prettier";
import { parse as parseYaml } from "yaml";
import { firstLoadBundles } from "./bundle";
import type { BundleFigure } from "./bundle";
import { runContentScale } from "./content-scale";
import { benchPglite, benchPostgres, tmpDatabaseRoot } from "./database";
import type { DatabaseFigure, DatabaseSettings } from "./database";
import { runHttpMeasures } from "./http";
import type { HttpSettings } from "./http";
import { gradebookPglite, gradebookPostgres } from "./gradebook";
import type { GradebookFigure, GradebookSettings } from "./gradebook";
import { runLighthouse } from "./lighthouse";
import { runPythonBench } from "./python";
import { evaluateBudgets, renderMarkdown } from "./report";
import type { BenchResults, DocumentFigure } from "./report";
import { createThrowawayDatabase } from "../tests/support/database";
import { ROOT, TMP_DIR, registerThroughForm, signInThroughForm, startBenchServer } from "./server";
import type { BenchServer, BenchUser } from "./server";

const PARTS = ["bundles", "http", "lighthouse", "python", "database", "content", "gradebook"] as const;
type Part = (typeof PARTS)[number];

const quick = process.env.BENCH_QUICK === "1";
const only = process.env.BENCH_ONLY?.split(",").map((part) => part.trim()) as Part[] | undefined;
const parts = PARTS.filter((part) => !only || only.includes(part));
const partial = parts.length < PARTS.length;

const httpSettings: HttpSettings = quick
  ? { connections: 50, durationSeconds: 2, warmupSeconds: 1 }
  : { connections: 50, durationSeconds: 10, warmupSeconds: 3 };
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (quick ? 1 : 3));
const databaseSettings: DatabaseSettings = quick
  ? { historyRows: 100_000, users: 100, reads: 300, warmupReads: 50, updates: 500, concurrency: 10 }
  : { historyRows: 1_000_000, users: 1000, reads: 2000, warmupReads: 200, updates: 5000, concurrency: 10 };
const gradebookSettings: GradebookSettings = quick ? { runs: 10, warmupRuns: 3 } : { runs: 30, warmupRuns: 5 };

const log = (line: string) => console.log(line);

function build() {
  if (process.env.BENCH_SKIP_BUILD === "1") return log("Build skipped (BENCH_SKIP_BUILD=1): using build/ as it is.");
  log("Building the production server (react-router build)…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error("The build failed.");
  }
}

function commit(): BenchResults["commit"] {
  try {
    const sha = execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
    return { sha, dirty };
  } catch {
    return null;
  }
}

/** The first question of the free quiz and one of its options, from the content file. */
function quizTarget(): { path: string; questionId: string; answer: string } {
  const quiz = parseYaml(readFileSync(path.join(ROOT, "content/quizzes/chapitres-libres-suites-quiz.yaml"), "utf8")) as {
    path: string;
    questions: { id: string; options?: { id: string }[] }[];
  };
  const [question] = quiz.questions;
  return { path: quiz.path, questionId: question.id, answer: JSON.stringify(question.options?.[0]?.id ?? "vrai") };
}

async function measureDocuments(server: BenchServer, bundles: BundleFigure[], cookie: string): Promise<DocumentFigure[]> {
  const documents: DocumentFigure[] = [];
  for (const bundle of bundles) {
    if (!bundle.path) continue;
    const response = await fetch(`${server.url}${bundle.path}`, {
      headers: { "accept-encoding": "identity", ...(bundle.signedIn ? { cookie } : {}) },
      redirect: "manual",
    });
    const html = Buffer.from(await response.arrayBuffer());
    const inlineScripts = [...html.toString("utf8").matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
      (sum, [, body]) => sum + Buffer.byteLength(body),
      0,
    );
    documents.push({
      kind: bundle.kind,
      path: bundle.path,
      signedIn: bundle.signedIn,
      status: response.status,
      raw: html.length,
      gzip: gzipSync(html, { level: 9 }).length,
      inlineScripts,
    });
  }
  return documents;
}

/** A maths chapter (section maths): the signed-in measure on PostgreSQL reads it with a grant. */
const MATHS_CHAPTER = "/formation/maths-elements-de-logique";

function staticAssetOf(bundles: BundleFigure[]): string {
  const staticAsset = bundles.find((bundle) => bundle.css?.files.length)?.css?.files[0]?.url;
  if (!staticAsset) throw new Error("No stylesheet in the manifest to use as the static asset.");
  return staticAsset;
}

/** The bench user (signed in: its cookie) and `count` accounts for the sign-in measure, through the forms. */
async function seedUsers(server: BenchServer, count: number) {
  log("Seeding the test users through the sign-up form…");
  const stamp = Date.now().toString(36);
  const password = "Lanterne-violette-93-pelican";
  const user: BenchUser = { firstName: "Bench", email: `bench.${stamp}@example.com`, password };
  await registerThroughForm(server, user);
  const cookie = await signInThroughForm(server, user);
  const signInUsers: BenchUser[] = [];
  for (let i = 0; i < count; i++) {
    const account = { firstName: `Bench${i}`, email: `bench.${stamp}.${i}@example.com`, password };
    await registerThroughForm(server, account);
    signInUsers.push(account);
  }
  return { user, cookie, signInUsers };
}

/**
 * How many password hashes per second this machine computes with the parameters of the stored hashes
 * (scrypt N=16384, r=16, p=1, 64 bytes; better-auth's), as many at once as libuv's thread pool runs:
 * the ceiling of sign-ins per second, whatever the rest of the path costs.
 */
async function scryptCeiling(seconds = 3): Promise<number> {
  const hash = () =>
    new Promise<void>((resolve, reject) =>
      scrypt(
        "Lanterne-violette-93-pelican",
        "0123456789abcdef0123456789abcdef",
        64,
        { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < deadline) {
        await hash();
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

async function main() {
  const started = Date.now();
  const warnings: string[] = [];
  const loadAverage = os.loadavg();
  const cpus = os.cpus();
  if (loadAverage[0] > cpus.length * 0.5)
    warnings.push(
      `the machine was already busy at start (load average ${loadAverage[0].toFixed(2)} on ${cpus.length} CPUs): figures are noisy.`,
    );
  if (quick) warnings.push("quick run (BENCH_QUICK=1): short durations and a smaller history table; not comparable with a full run.");

  const results: Omit<BenchResults, "budgets"> = {
    schema: 1,
    date: new Date().toISOString(),
    quick,
    parts: [...parts],
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? "unknown",
      memoryGb: os.totalmem() / 1024 ** 3,
      loadAverage,
      os: `${os.type()} ${os.release()}`,
      node: process.version,
    },
    commit: commit(),
    versions: {
      lighthouse: null,
      chromium: null,
      autocannon: JSON.parse(readFileSync(path.join(ROOT, "node_modules/autocannon/package.json"), "utf8")).version,
    },
    warnings,
  };

  // Measured first, on a machine doing nothing else yet: the ceiling both sign-in measures refer to.
  const scryptPerSecond = parts.includes("http") ? await scryptCeiling() : undefined;
  // database and gradebook run in the bench process, content builds and starts its own copy: none needs this server.
  if (parts.some((part) => part !== "database" && part !== "content" && part !== "gradebook")) {
    build();
    log("Starting the production server (embedded PGlite, fresh data folder, TRUST_PROXY=true)…");
    const server = await startBenchServer({ TRUST_PROXY: "true" });
    try {
      const bundles = firstLoadBundles(path.join(server.buildDir, "client"));
      if (parts.includes("bundles")) results.bundles = bundles;

      const { cookie, signInUsers } = await seedUsers(server, parts.includes("http") ? httpSettings.connections : 0);

      if (parts.includes("bundles")) results.documents = await measureDocuments(server, bundles, cookie);

      if (parts.includes("http")) {
        log("HTTP throughput (autocannon)…");
        results.http = {
          settings: httpSettings,
          figures: await runHttpMeasures(
            { server, staticAsset: staticAssetOf(bundles), cookie, signInUsers, quiz: quizTarget() },
            httpSettings,
            log,
          ),
          scryptPerSecond,
        };
      }

      if (parts.includes("lighthouse")) {
        log(`Lighthouse (${lighthouseRuns} run(s) per page)…`);
        try {
          const lighthouse = await runLighthouse(server.url, lighthouseRuns, TMP_DIR, log);
          results.lighthouse = { runs: lighthouseRuns, figures: lighthouse.figures };
          results.versions.lighthouse = lighthouse.version;
          results.versions.chromium = lighthouse.chromium;
        } catch (error) {
          // The other parts are still worth their report.
          warnings.push(`Lighthouse could not run: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (parts.includes("python")) {
        log("Python in the browser (first and next run)…");
        try {
          results.python = await runPythonBench(server.url, cookie, log);
        } catch (error) {
          warnings.push(`Python could not be measured: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      await server.stop();
    }
  }

  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (parts.includes("http") && postgresUrl) {
    log("HTTP throughput on PostgreSQL (BENCH_DATABASE_URL, a throwaway database)…");
    const database = await createThrowawayDatabase(postgresUrl);
    const server = await startBenchServer({ TRUST_PROXY: "true", DATABASE_URL: database.url });
    try {
      const { user, cookie, signInUsers } = await seedUsers(server, httpSettings.connections);
      // The maths right, as an admin grants it (npm run admin -- grant).
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`insert into access_grants (user_id, section, source) select id, 'maths', 'admin' from "user" where email = $1`, [
        user.email,
      ]);
      await client.end();
      const bundles = firstLoadBundles(path.join(server.buildDir, "client"));
      results.httpPostgres = {
        settings: httpSettings,
        figures: await runHttpMeasures(
          { server, staticAsset: staticAssetOf(bundles), cookie, signInUsers, quiz: quizTarget(), mathsChapter: MATHS_CHAPTER },
          httpSettings,
          log,
        ),
        scryptPerSecond,
      };
    } finally {
      await server.stop();
      await database.drop();
    }
  } else if (parts.includes("http")) {
    warnings.push("BENCH_DATABASE_URL is not set: HTTP throughput was measured on PGlite only.");
  }

  if (parts.includes("database")) {
    const figures: DatabaseFigure[] = [];
    log("Database on PGlite…");
    figures.push(await benchPglite(databaseSettings, tmpDatabaseRoot(), log));
    if (postgresUrl) {
      log("Database on PostgreSQL (BENCH_DATABASE_URL)…");
      figures.push(await benchPostgres(postgresUrl, databaseSettings, log));
    } else {
      warnings.push("BENCH_DATABASE_URL is not set: the database part ran on PGlite only.");
    }
    results.database = figures;
  }

  if (parts.includes("content")) {
    log("Content at 1,000 pages (a copy of the project with a synthetic corpus)…");
    results.contentScale = await runContentScale({ targetPages: quick ? 200 : 1000, databaseUrl: process.env.BENCH_DATABASE_URL, log });
  }

  if (parts.includes("gradebook")) {
    const figures: GradebookFigure[] = [];
    log("Gradebook, 45 students × 40 assignments, on PGlite…");
    figures.push(await gradebookPglite(gradebookSettings, tmpDatabaseRoot(), log));
    if (postgresUrl) {
      log("Gradebook on PostgreSQL (BENCH_DATABASE_URL)…");
      figures.push(await gradebookPostgres(postgresUrl, gradebookSettings, log));
    } else {
      warnings.push("BENCH_DATABASE_URL is not set: the gradebook part ran on PGlite only.");
    }
    results.gradebook = figures;
  }

  const full: BenchResults = { ...results, budgets: evaluateBudgets(results) };
  const outputDir = quick || partial ? TMP_DIR : path.join(ROOT, "bench/results");
  mkdirSync(outputDir, { recursive: true });
  const markdown = renderMarkdown(full);
  // Formatted as `npm run format` would, so that formatting the repository leaves the results alone.
  const jsonFile = path.join(outputDir, "latest.json");
  const prettierOptions = await prettier.resolveConfig(jsonFile);
  writeFileSync(jsonFile, await prettier.format(JSON.stringify(full), { ...prettierOptions, parser: "json" }));
  writeFileSync(path.join(outputDir, "latest.md"), markdown);
  log("");
  log(markdown);
  const failed = full.budgets.filter((budget) => budget.pass === false).length;
  log(
    `${full.budgets.length - failed} budget(s) PASS, ${failed} FAIL. Written to ${path.relative(ROOT, outputDir)}/latest.{json,md} in ${Math.round((Date.now() - started) / 1000)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof Error ? (error.stack ?? error.message) : `Bench failed: ${String((error as { message?: unknown })?.message ?? error)}`,
  );
  process.exit(1);
});
