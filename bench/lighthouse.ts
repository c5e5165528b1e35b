import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { CHROMIUM_FLAGS } from "../tests/support/chromium";

export const LIGHTHOUSE_PAGES = [
  { id: "home", label: "Home", path: "/" },
  { id: "course", label: "Course", path: "/chapitres-libres/suites-cours" },
  { id: "quiz", label: "Quiz", path: "/chapitres-libres/suites-quiz" },
] as const;

export interface AuditNote {
  id: string;
  title: string;
  displayValue: string;
}

export interface LighthouseFigure {
  id: (typeof LIGHTHOUSE_PAGES)[number]["id"];
  label: string;
  path: string;
  runs: number;
  /** Scores 0–100 of the median run (by performance score). */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** All runs' performance scores, to show the spread. */
  performanceRuns: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Lighthouse's own estimate of the machine's speed (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number;
  domElements: number | null;
  /** Scripts Chromium downloaded from the site during the run (sanity check of the manifest figure). */
  scriptsDownloaded: { count: number; raw: number; transferred: number };
  documentBytes: { raw: number; transferred: number } | null;
  mainThread: { group: string; ms: number }[];
  /** Audits that cost points, worst first (performance), or failed (accessibility). */
  issues: AuditNote[];
  a11yFailures: AuditNote[];
}

export function chromiumPath(): string {
  const candidate = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(candidate)) throw new Error("Chromium not found: run `bash scripts/ensure-chromium.sh` or set CHROME_PATH.");
  return candidate;
}

export function chromiumVersion(lhr: LighthouseResult | undefined): string | null {
  return lhr?.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? null;
}

function summarize(page: (typeof LIGHTHOUSE_PAGES)[number], runs: LighthouseResult[]): LighthouseFigure {
  const sorted = [...runs].sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
  const lhr = sorted[Math.floor(sorted.length / 2)];
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  type Item = Record<string, unknown>;
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const requests = items("network-requests");
  const scripts = requests.filter((request) => request.resourceType === "Script" && String(request.url).startsWith(origin));
  const document = requests.find((request) => request.resourceType === "Document");
  const performanceAudits = lhr.categories.performance.auditRefs.map((ref) => ref.id);
  const issues = performanceAudits
    .map((id) => lhr.audits[id])
    .filter(
      (audit) =>
        audit &&
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== "informative" &&
        audit.scoreDisplayMode !== "notApplicable",
    )
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .slice(0, 8)
    .map((audit) => ({ id: audit.id, title: audit.title, displayValue: audit.displayValue ?? "" }));
  const a11yFailures = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score === 0 && audit.scoreDisplayMode === "binary")
    .map((audit) => ({ id: audit.id, title: audit.title, displayValue: audit.displayValue ?? "" }));
  return {
    id: page.id,
    label: page.label,
    path: page.path,
    runs: runs.length,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    performanceRuns: runs.map((run) => Math.round((run.categories.performance.score ?? 0) * 100)),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    fcpMs: numeric("first-contentful-paint"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    domElements: Number.isFinite(numeric("dom-size")) ? numeric("dom-size") : null,
    scriptsDownloaded: {
      count: scripts.length,
      raw: scripts.reduce((sum, request) => sum + Number(request.resourceSize ?? 0), 0),
      transferred: scripts.reduce((sum, request) => sum + Number(request.transferSize ?? 0), 0),
    },
    documentBytes: document ? { raw: Number(document.resourceSize ?? 0), transferred: Number(document.transferSize ?? 0) } : null,
    mainThread: items("mainthread-work-breakdown")
      .slice(0, 4)
      .map((item) => ({ group: String(item.groupLabel ?? item.group), ms: Math.round(Number(item.duration)) })),
    issues,
    a11yFailures,
  };
}

/**
 * Lighthouse's default configuration: mobile form factor, simulated throttling (slow 4G, 4× CPU
 * slowdown), the four categories. Each page runs `runs` times in one Chromium (storage reset
 * between runs); the median run by performance score is kept.
 */
export async function runLighthouse(
  baseUrl: string,
  runs: number,
  reportDir: string,
  log: (line: string) => void,
): Promise<{ figures: LighthouseFigure[]; chromium: string | null; version: string | null }> {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
  const figures: LighthouseFigure[] = [];
  let last: LighthouseResult | undefined;
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const results: LighthouseResult[] = [];
      for (let run = 0; run < runs; run++) {
        log(`  ${page.label} (${page.path}), run ${run + 1}/${runs}…`);
        // An anonymous request first, so that every run sees the page as visitors do: from the HTML cache.
        await (await fetch(`${baseUrl}${page.path}`)).arrayBuffer();
        // Lighthouse now and then fails to record a trace (NO_NAVSTART…): such a run is run again.
        for (let attempt = 1; ; attempt++) {
          const outcome = await lighthouse(`${baseUrl}${page.path}`, { port: chrome.port, logLevel: "error", output: "json" });
          const problem = !outcome ? "no result" : outcome.lhr.runtimeError?.message;
          if (outcome && !problem) {
            results.push(outcome.lhr);
            last = outcome.lhr;
            break;
          }
          if (attempt === 3) throw new Error(`Lighthouse failed 3 times on ${page.path}: ${problem}`);
          log(`    Lighthouse failed (${problem}), running again…`);
        }
      }
      const figure = summarize(page, results);
      figures.push(figure);
      // The median run's full report, for a closer look (not committed).
      const median = results.find((run) => Math.round((run.categories.performance.score ?? 0) * 100) === figure.performance) ?? results[0];
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(path.join(reportDir, `lighthouse-${page.id}.json`), JSON.stringify(median));
    }
  } finally {
    chrome.kill();
  }
  return { figures, chromium: chromiumVersion(last), version: last?.lighthouseVersion ?? null };
}
