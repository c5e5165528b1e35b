import type { BundleFigure } from "./bundle";
import { CONTENT_LIMITS, type ContentScaleFigures } from "./content-scale";
import type { DatabaseFigure } from "./database";
import type { GradebookFigure } from "./gradebook";
import type { PythonFigure } from "./python";
import type { HttpFigure, HttpSettings } from "./http";
import type { LighthouseFigure } from "./lighthouse";

export interface DocumentFigure {
  kind: string;
  path: string;
  signedIn: boolean;
  status: number;
  raw: number;
  gzip: number;
  /** Bytes inside inline <script> elements: mostly the loader data React hydrates from. */
  inlineScripts: number;
}

export interface BenchResults {
  schema: 1;
  date: string;
  quick: boolean;
  parts: string[];
  machine: { cpus: number; cpuModel: string; memoryGb: number; loadAverage: number[]; os: string; node: string };
  commit: { sha: string; dirty: boolean } | null;
  versions: { lighthouse: string | null; chromium: string | null; autocannon: string };
  bundles?: BundleFigure[];
  documents?: DocumentFigure[];
  /** On PGlite (the embedded database), and on PostgreSQL when BENCH_DATABASE_URL is set. */
  http?: HttpResults;
  httpPostgres?: HttpResults;
  lighthouse?: { runs: number; figures: LighthouseFigure[] };
  database?: DatabaseFigure[];
  contentScale?: ContentScaleFigures;
  /** The teacher's gradebook (issue #13): on PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set. */
  gradebook?: GradebookFigure[];
  /** Python in the browser (issue #16): first and next run, bytes of the first run. */
  python?: PythonFigure[];
  budgets: Budget[];
  warnings: string[];
}

export interface HttpResults {
  settings: HttpSettings;
  figures: HttpFigure[];
  /** Password hashes per second the machine computes: the ceiling of sign-ins per second. */
  scryptPerSecond?: number;
}

export interface Budget {
  id: string;
  label: string;
  figure: string;
  limit: string;
  pass: boolean | null;
  /** Why it failed and what it would take (filled for failures). */
  why?: string;
}

/** Page kinds whose first-load JS has a budget ("content pages"). */
export const CONTENT_KINDS = ["course", "exercises", "quiz", "flashcards"];
export const LIMITS = {
  firstLoadJsGzip: 120 * 1024,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  anonymousRatio: 0.5,
  /** A signed-in small page (/compte), as a ratio to the static asset: PostgreSQL and PGlite. */
  signedInRatio: { postgres: 0.1, pglite: 0.05 },
  /** A signed-in maths chapter on PostgreSQL. */
  signedInMathsRatio: 0.05,
  signInPerSecond: 30,
  signInP99Ms: 3000,
  historyP99Ms: 10,
  /**
   * The gradebook of 45 students × 40 assignments, load and export, median: the server's share of the
   * page before React renders its 1,800 cells, so that the whole response stays well under half a second.
   */
  gradebookMedianMs: 150,
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? mb(bytes) : kb(bytes));
const num = (value: number, digits = 0) => value.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value: number) => `${num(value, value < 10 ? 2 : 0)} ms`;
const pct = (ratio: number | null) => (ratio === null ? "—" : `${num(ratio * 100)} %`);

function lighthouseWhy(figure: LighthouseFigure, document: DocumentFigure | undefined): string {
  const parts = [
    `LCP ${ms(figure.lcpMs)}, TBT ${ms(figure.tbtMs)}`,
    figure.domElements ? `${num(figure.domElements)} DOM elements` : "",
    figure.mainThread.length ? `main thread: ${figure.mainThread.map((item) => `${item.group} ${ms(item.ms)}`).join(", ")}` : "",
    document
      ? `document ${size(document.raw)} (${size(document.gzip)} gzip), of which ${size(document.inlineScripts)} in inline scripts (the loader data React hydrates from)`
      : "",
  ].filter(Boolean);
  const issues = figure.issues.map((issue) => `${issue.id}${issue.displayValue ? ` (${issue.displayValue})` : ""}`).join(", ");
  return `${parts.join("; ")}. Audits losing points: ${issues || "none singled out"}.`;
}

/** One-line summary of an EXPLAIN: its node types, outermost first. */
export function planSummary(plan: string[]): string {
  return plan
    .map((line) => /^\s*(?:->\s*)?([A-Z][A-Za-z -]+?)(?:\s+using\s+(\S+))?(?:\s+on\s+(\S+))?\s+\(cost/.exec(line))
    .filter((match) => match !== null)
    .map(([, node, index, table]) => (index || table ? `${node} ${index ?? table}` : node))
    .join(" ← ");
}

function historyWhy(figure: DatabaseFigure): string {
  const sorts = figure.historyPlan.some((line) => /\bSort\b/.test(line));
  const fixed = figure.historyReadIndexOrder;
  return (
    (sorts
      ? `The query orders by \`created_at DESC, id DESC\` (NULLS FIRST, PostgreSQL's default for DESC) while the index stores \`created_at DESC NULLS LAST, id DESC NULLS LAST\` (drizzle-kit's \`.desc()\`): the index only finds the user's ${num(figure.targetUserRows)} rows, which are all read and sorted (plan: ${planSummary(figure.historyPlan)}). `
      : `Plan: ${planSummary(figure.historyPlan)}. `) +
    `Ordered as the index is, the same read takes p50 ${ms(fixed.p50Ms)}, p99 ${ms(fixed.p99Ms)} (plan: ${planSummary(fixed.plan)}). ` +
    "Fix: declare the index columns `.desc().nullsFirst()` in db/schema.ts and generate the migration (or order by `desc nulls last` in readHistory)."
  );
}

const latency = (figure: HttpFigure) => `p50 ${ms(figure.latencyMs.p50)}, p99 ${ms(figure.latencyMs.p99)}`;

/** The throughput budgets of issues #6 and #12 on one database driver. */
function httpBudgets(driver: "pglite" | "postgres", http: HttpResults): Budget[] {
  const on = driver === "pglite" ? "PGlite" : "PostgreSQL";
  const suffix = driver === "pglite" ? "" : `-${driver}`;
  const budgets: Budget[] = [];
  const ratioBudget = (figure: HttpFigure, id: string, limit: number, why: string) => {
    const pass = figure.ratioToStatic === null ? null : figure.ratioToStatic >= limit;
    budgets.push({
      id: `${id}${suffix}`,
      label: `Throughput, ${figure.label.toLowerCase()} / static-asset throughput (${on})`,
      figure: `${pct(figure.ratioToStatic)} (${num(figure.expectedPerSecond)} req/s, ${latency(figure)})`,
      limit: `≥ ${pct(limit)}`,
      pass,
      ...(pass === false ? { why } : {}),
    });
  };
  const rendered =
    "A signed-in page is personal: it is rendered by React on every request, where an anonymous page comes from the HTML cache. " +
    "CPU profile of `/compte` (PostgreSQL, 50 connections, load generator and database on the same 2 cores): React's render and React Router's request handling (route matching over the ~1,000-route catalogue, the partial manifest, the turbo-stream of loader data) take about 40 % of the server's CPU, garbage collection 10 %, compression 5 %, the session and page queries most of the rest. " +
    "The session lookup is one query and the page's output goes out in one chunk per event-loop turn (it was 3 queries and one compressor flush per 2 KB: 48 req/s before, on PostgreSQL). " +
    "What it would take: one Node process per core (several instances on one PostgreSQL, README), or rendering the page shell once and only the personal part per request.";
  for (const figure of http.figures) {
    if (figure.id === "home" || figure.id === "course") {
      ratioBudget(
        figure,
        `anonymous-throughput-${figure.id}`,
        LIMITS.anonymousRatio,
        figure.cache !== "HIT"
          ? "The page is not served from the HTML cache (X-Cache is not HIT): see server/html-cache.ts."
          : `Served from the cache, the page is still slower than the static asset: ${latency(figure)}.`,
      );
    }
    if (figure.id === "protected") ratioBudget(figure, "signed-in-throughput", LIMITS.signedInRatio[driver], rendered);
    if (figure.id === "protectedMaths") ratioBudget(figure, "signed-in-maths-throughput", LIMITS.signedInMathsRatio, rendered);
    if (figure.id === "signIn") {
      const ceiling = http.scryptPerSecond;
      const cause =
        `Every sign-in checks a password with scrypt (N=16384, r=16, p=1: better-auth's parameters, which existing accounts are stored with), in Node's native crypto on libuv's thread pool. ` +
        (ceiling
          ? `This machine computes ${num(ceiling)} such hashes per second with all its cores busy on nothing else: that is the ceiling of sign-ins per second here, and the sign-in path reaches ${pct(figure.expectedPerSecond / ceiling)} of it. `
          : "") +
        "What it would take: more cores (the figure grows with them: the hashes run in parallel), or cheaper parameters, which would weaken every stored password.";
      const ratePass = figure.expectedPerSecond >= LIMITS.signInPerSecond;
      budgets.push({
        id: `sign-in-throughput${suffix}`,
        label: `Sign-in throughput, 50 connections (${on})`,
        figure: `${num(figure.expectedPerSecond)} req/s (${latency(figure)})`,
        limit: `≥ ${LIMITS.signInPerSecond} req/s`,
        pass: ratePass,
        ...(ratePass ? {} : { why: cause }),
      });
      const p99Pass = figure.latencyMs.p99 <= LIMITS.signInP99Ms;
      budgets.push({
        id: `sign-in-p99${suffix}`,
        label: `Sign-in latency p99, 50 connections (${on})`,
        figure: ms(figure.latencyMs.p99),
        limit: `≤ ${ms(LIMITS.signInP99Ms)}`,
        pass: p99Pass,
        ...(p99Pass ? {} : { why: `50 sign-ins at once queue for the password hash: ${cause}` }),
      });
    }
  }
  return budgets;
}

/** Evaluates the budgets of issue #6 on whatever parts ran. */
export function evaluateBudgets(results: Omit<BenchResults, "budgets">): Budget[] {
  const budgets: Budget[] = [];
  for (const bundle of results.bundles ?? []) {
    if (!CONTENT_KINDS.includes(bundle.kind)) continue;
    const pass = bundle.js ? bundle.js.gzip <= LIMITS.firstLoadJsGzip : null;
    budgets.push({
      id: `first-load-js-${bundle.kind}`,
      label: `First-load JS, ${bundle.label.toLowerCase()} (${bundle.path ?? "—"})`,
      figure: bundle.js ? `${kb(bundle.js.gzip)} gzip` : (bundle.note ?? "not measured"),
      limit: `≤ ${kb(LIMITS.firstLoadJsGzip)} gzip`,
      pass,
      ...(pass === false
        ? {
            why: `${kb(bundle.js!.gzip - LIMITS.firstLoadJsGzip)} over. Largest files (gzip): ${bundle
              .js!.files.slice(0, 8)
              .map((file) => `${file.url.replace("/assets/", "")} ${kb(file.gzip)}`)
              .join(
                ", ",
              )}; ${bundle.js!.files.length - 8} more for ${kb(bundle.js!.files.slice(8).reduce((sum, file) => sum + file.gzip, 0))}.`,
          }
        : {}),
    });
  }
  for (const figure of results.lighthouse?.figures ?? []) {
    const document = results.documents?.find((doc) => doc.path === figure.path);
    const perfPass = figure.performance >= LIMITS.lighthousePerformance;
    budgets.push({
      id: `lighthouse-performance-${figure.id}`,
      label: `Lighthouse performance, ${figure.label.toLowerCase()} (${figure.path})`,
      figure: `${figure.performance} (runs: ${figure.performanceRuns.join(", ")})`,
      limit: `≥ ${LIMITS.lighthousePerformance}`,
      pass: perfPass,
      ...(perfPass ? {} : { why: lighthouseWhy(figure, document) }),
    });
    const a11yPass = figure.accessibility >= LIMITS.lighthouseAccessibility;
    budgets.push({
      id: `lighthouse-accessibility-${figure.id}`,
      label: `Lighthouse accessibility, ${figure.label.toLowerCase()} (${figure.path})`,
      figure: String(figure.accessibility),
      limit: `= ${LIMITS.lighthouseAccessibility}`,
      pass: a11yPass,
      ...(a11yPass ? {} : { why: `Failed audits: ${figure.a11yFailures.map((audit) => audit.id).join(", ")}.` }),
    });
  }
  for (const [driver, http] of [
    ["pglite", results.http],
    ["postgres", results.httpPostgres],
  ] as const) {
    if (http) budgets.push(...httpBudgets(driver, http));
  }
  for (const figure of results.database ?? []) {
    const pass = figure.historyRead.p99Ms <= LIMITS.historyP99Ms;
    budgets.push({
      id: `history-p99-${figure.driver}`,
      label: `History read (100 newest of ${num(figure.historyRows)} rows), p99, ${figure.driver === "pglite" ? "PGlite" : "PostgreSQL"}`,
      figure: ms(figure.historyRead.p99Ms),
      limit: `≤ ${ms(LIMITS.historyP99Ms)}`,
      pass,
      ...(pass ? {} : { why: historyWhy(figure) }),
    });
  }
  for (const figure of results.gradebook ?? []) {
    const on = figure.driver === "pglite" ? "PGlite" : "PostgreSQL";
    for (const [measure, label, timing] of [
      ["load", "load (classGradebook)", figure.load],
      ["export", "CSV export (classGradebook + gradebookCsv)", figure.export],
    ] as const) {
      const pass = timing.medianMs <= LIMITS.gradebookMedianMs;
      budgets.push({
        id: `gradebook-${measure}-${figure.driver}`,
        label: `Gradebook ${figure.students} × ${figure.assignments}, ${label}, median, ${on}`,
        figure: `${ms(timing.medianMs)} (p95 ${ms(timing.p95Ms)})`,
        limit: `≤ ${ms(LIMITS.gradebookMedianMs)}`,
        pass,
        ...(pass
          ? {}
          : {
              why: `Three queries (the assignments, the students, then one row per mark: ${num(figure.marks)} rows), the colle marks, and the averages computed in JavaScript (summarizeGradebook). On PGlite every row returned costs a few microseconds to leave the embedded database, whatever the plan; check the machine's load, then the EXPLAIN of the marks query in loadGradebook.`,
            }),
      });
    }
  }
  const scale = results.contentScale;
  if (scale) {
    const at = `${num(scale.pages)} pages`;
    const limitsOf: [keyof typeof CONTENT_LIMITS, string, (value: number) => string][] = [
      ["fullBuildSeconds", `Full build, ${at}, cold compile cache`, (value) => `${num(value, 1)} s`],
      ["incrementalBuildSeconds", `Rebuild after editing one content file (npm run build:content), ${at}`, (value) => `${num(value, 1)} s`],
      ["serverStartSeconds", `Server start, ${at} (${scale.database})`, (value) => `${num(value, 2)} s`],
      ["rssAfterStartMb", `Server RSS after start, ${at} (${scale.database})`, (value) => `${num(value)} MB`],
      ["rssAfterReadingMb", `Server RSS after reading every page once (${scale.database})`, (value) => `${num(value)} MB`],
      ["contentCheckSeconds", "content:check of the real content, Python included", (value) => `${num(value, 1)} s`],
    ];
    for (const [key, label, format] of limitsOf) {
      const pass = scale[key] <= CONTENT_LIMITS[key];
      budgets.push({ id: `content-${key}`, label, figure: format(scale[key]), limit: `≤ ${format(CONTENT_LIMITS[key])}`, pass });
    }
  }
  return budgets;
}

function table(head: string[], rows: string[][]): string {
  const align = head.map((_, index) => (index === 0 ? "---" : "---:"));
  return [`| ${head.join(" | ")} |`, `| ${align.join(" | ")} |`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

function renderHttp(on: string, { settings, figures, scryptPerSecond }: HttpResults): string[] {
  const out: string[] = [];
  out.push("", `## HTTP throughput (autocannon), ${on}`, "");
  out.push(
    `${settings.connections} connections, ${settings.durationSeconds} s measured after a ${settings.warmupSeconds} s warm-up, with a browser's headers (\`Accept-Encoding: gzip, deflate, br, zstd\`). ` +
      "req/s: responses with the expected status per second (mean of the one-second samples); ratio: to the static asset's req/s." +
      (scryptPerSecond ? ` Password hashes this machine computes per second (the ceiling of sign-ins): ${num(scryptPerSecond)}.` : ""),
    "",
  );
  out.push(
    table(
      ["Measure", "Request", "req/s", "ratio", "p50", "p99", "responses", "X-Cache"],
      figures.map((figure) => [
        figure.label,
        `\`${figure.request}\``,
        num(figure.expectedPerSecond),
        pct(figure.ratioToStatic),
        ms(figure.latencyMs.p50),
        ms(figure.latencyMs.p99),
        Object.entries(figure.statusCounts)
          .map(([status, count]) => `${status} × ${num(count)}`)
          .join(", ") + (figure.errors ? `, errors × ${figure.errors}` : ""),
        figure.cache ?? "—",
      ]),
    ),
  );
  const notes = figures.filter((figure) => figure.note);
  if (notes.length) out.push("", ...notes.map((figure) => `- ${figure.label}: ${figure.note}.`));
  return out;
}

export function renderMarkdown(results: BenchResults): string {
  const out: string[] = [];
  const { machine } = results;
  out.push(`# Bench results${results.quick ? " (quick run: BENCH_QUICK)" : ""}`);
  out.push("");
  out.push(
    `${results.date} — commit ${results.commit ? `${results.commit.sha.slice(0, 10)}${results.commit.dirty ? " + uncommitted changes" : ""}` : "unknown"} — ` +
      `${machine.cpus} CPUs (${machine.cpuModel}), ${num(machine.memoryGb)} GB, ${machine.os}, Node ${machine.node}, load average at start ${machine.loadAverage.map((load) => num(load, 2)).join(" / ")}.`,
  );
  out.push("");
  out.push(
    "Absolute figures depend on the machine and its load; every throughput is also given as its ratio to the static-asset throughput of the same run.",
  );
  for (const warning of results.warnings) out.push("", `> **Warning:** ${warning}`);

  if (results.bundles) {
    out.push("", "## First-load JS and CSS", "");
    out.push(
      "From React Router's client manifest: client entry + root route + page route module and their static imports; gzip level 9 file by file, summed. HTML: the document as served (signed in for pages that need it).",
      "",
    );
    out.push(
      table(
        ["Page", "Path", "JS files", "JS raw", "JS gzip", "CSS raw", "CSS gzip", "HTML raw", "HTML gzip", "of which inline scripts"],
        results.bundles.map((bundle) => {
          const document = results.documents?.find((doc) => doc.kind === bundle.kind);
          return [
            bundle.label,
            bundle.path ? `\`${bundle.path}\`${bundle.signedIn ? " (signed in)" : ""}` : "—",
            bundle.js ? String(bundle.js.files.length) : "—",
            bundle.js ? kb(bundle.js.raw) : (bundle.note ?? "—"),
            bundle.js ? kb(bundle.js.gzip) : "—",
            bundle.css ? kb(bundle.css.raw) : "—",
            bundle.css ? kb(bundle.css.gzip) : "—",
            ...(document?.status === 200
              ? [size(document.raw), size(document.gzip), size(document.inlineScripts)]
              : [document ? `HTTP ${document.status}` : "—", "—", "—"]),
          ];
        }),
      ),
    );
  }

  for (const [on, http] of [
    ["PGlite", results.http],
    ["PostgreSQL", results.httpPostgres],
  ] as const) {
    if (http) out.push(...renderHttp(on, http));
  }

  if (results.lighthouse) {
    out.push("", `## Lighthouse ${results.versions.lighthouse ?? ""} mobile (simulated throttling)`, "");
    out.push(
      `${results.versions.chromium ?? "Chromium"} (Debian), median of ${results.lighthouse.runs} run(s) per page by performance score (all runs in brackets). Anonymous visitor.`,
      "",
    );
    out.push(
      table(
        [
          "Page",
          "Performance",
          "Accessibility",
          "Best practices",
          "SEO",
          "LCP",
          "TBT",
          "CLS",
          "DOM elements",
          "JS downloaded (raw)",
          "benchmarkIndex",
        ],
        results.lighthouse.figures.map((figure) => [
          `${figure.label} \`${figure.path}\``,
          `${figure.performance} (${figure.performanceRuns.join(", ")})`,
          String(figure.accessibility),
          String(figure.bestPractices),
          String(figure.seo),
          ms(figure.lcpMs),
          ms(figure.tbtMs),
          num(figure.cls, 3),
          figure.domElements === null ? "—" : num(figure.domElements),
          `${figure.scriptsDownloaded.count} files, ${kb(figure.scriptsDownloaded.raw)}`,
          num(figure.benchmarkIndex),
        ]),
      ),
    );
  }

  if (results.database) {
    out.push("", "## Database", "");
    out.push(
      table(
        [
          "Driver",
          "History rows",
          "of the user read",
          "readHistory p50",
          "p99",
          "nulls last p50",
          "p99",
          "Progress updates/s",
          "Update p99",
          "Seeding",
        ],
        results.database.map((figure) => [
          figure.driver === "pglite" ? "PGlite" : "PostgreSQL",
          num(figure.historyRows),
          num(figure.targetUserRows),
          ms(figure.historyRead.p50Ms),
          ms(figure.historyRead.p99Ms),
          ms(figure.historyReadIndexOrder.p50Ms),
          ms(figure.historyReadIndexOrder.p99Ms),
          `${num(figure.progressUpdates.perSecond)} (concurrency ${figure.progressUpdates.concurrency})`,
          ms(figure.progressUpdates.p99Ms),
          `${num(figure.seedSeconds, 1)} s`,
        ]),
      ),
    );
    out.push(
      "",
      "readHistory: the application's query (100 newest rows of one user); nulls last: the same rows ordered `desc nulls last`, how the index was declared before migration 0005 (a sort instead of an index scan), kept for comparison. Progress: the application's `recordActivity` (one atomic upsert), each call a new (user, activity) pair.",
      "",
      ...results.database.map(
        (figure) =>
          `- ${figure.driver === "pglite" ? "PGlite" : "PostgreSQL"}: readHistory plan \`${planSummary(figure.historyPlan)}\`; nulls-last plan \`${planSummary(figure.historyReadIndexOrder.plan)}\`${figure.note ? `; ${figure.note}` : ""}.`,
      ),
    );
  }

  if (results.gradebook) {
    const [first] = results.gradebook;
    out.push("", "## Gradebook", "");
    out.push(
      `One class of ${first ? `${first.students} students × ${first.assignments} assignments (${num(first.marks)} marks; the other cells empty)` : "—"}, through the server functions the routes call, in the bench process: load is \`classGradebook\` (the data of \`/prof/courses/:id/grades\`), export is \`classGradebook\` + \`gradebookCsv\` (\`/prof/courses/:id/grades/export\`). Timed one after the other after a warm-up.`,
      "",
    );
    out.push(
      table(
        ["Database", "Measure", "Runs", "Median", "p95", "CSV"],
        results.gradebook.flatMap((figure) => {
          const on = figure.driver === "pglite" ? "PGlite" : "PostgreSQL";
          return [
            [on, "Load", String(figure.load.runs), ms(figure.load.medianMs), ms(figure.load.p95Ms), "—"],
            [on, "CSV export", String(figure.export.runs), ms(figure.export.medianMs), ms(figure.export.p95Ms), kb(figure.export.csvBytes)],
          ];
        }),
      ),
    );
    out.push(
      "",
      ...results.gradebook.map(
        (figure) =>
          `- ${figure.driver === "pglite" ? "PGlite" : "PostgreSQL"}: seeded in ${num(figure.seedSeconds, 2)} s${figure.note ? `; ${figure.note}` : ""}.`,
      ),
    );
  }

  if (results.python) {
    out.push("", "## Python in the browser", "");
    out.push(
      "The first exercise of a set, in a fresh Chromium context (nothing cached), signed in: the first run downloads and starts the interpreter (and numpy), the next run reuses it. Each figure is from clicking « Exécuter » to the tests' verdict (docs/decisions/0008).",
      "",
    );
    out.push(
      table(
        ["Interpreter", "Page", "First run", "Downloaded by the first run", "Next run"],
        results.python.map((figure) => [
          figure.runtime === "core" ? "Pyodide core (pure Python)" : "Pyodide 0.17.1 (numpy)",
          `\`${figure.page}\``,
          ms(figure.coldMs),
          `${num(figure.coldBytes / 1e6, 1)} MB`,
          ms(figure.warmMs),
        ]),
      ),
    );
  }

  out.push("", "## Budgets", "");
  out.push(
    table(
      ["Budget", "Figure", "Limit", "Result"],
      results.budgets.map((budget) => [
        budget.label,
        budget.figure,
        budget.limit,
        budget.pass === null ? "not measured" : budget.pass ? "PASS" : "**FAIL**",
      ]),
    ),
  );
  const failed = results.budgets.filter((budget) => budget.pass === false);
  if (failed.length) {
    out.push("", "### Budgets not met", "");
    for (const budget of failed) out.push(`- **${budget.label}**: ${budget.why ?? ""}`);
  }
  out.push("");
  return out.join("\n");
}
