import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../tests/support/chromium";

/**
 * Python in the browser (issue #16, docs/decisions/0008): for a pure-Python exercise (the Pyodide core) and
 * a numpy exercise (Pyodide 0.17.1), the first run of a fresh browser (the interpreter and its packages
 * downloaded and started), the next run on the same page, and the bytes the first run downloaded.
 */
export interface PythonFigure {
  runtime: "core" | "numpy";
  page: string;
  coldMs: number;
  warmMs: number;
  coldBytes: number;
}

const TARGETS = [
  { runtime: "core", page: "/formation/python-fondamentaux-exercices" },
  { runtime: "numpy", page: "/formation/python-matrices-exercices" },
] as const;

export async function runPythonBench(baseUrl: string, cookie: string, log: (line: string) => void): Promise<PythonFigure[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const figures: PythonFigure[] = [];
  try {
    for (const target of TARGETS) {
      // A fresh context: nothing in the browser's cache, as for a student's first run.
      const context = await browser.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Cookie: cookie } });
      const page = await context.newPage();
      await page.goto(target.page);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      let bytes = 0;
      page.on("response", (response) => {
        void response.body().then(
          (body) => (bytes += body.length),
          () => {},
        );
      });
      const exercise = page.locator("article").first();
      const editor = exercise.getByLabel("Votre programme");
      // Each run prints its own mark: the end of a run is its mark in the output, then its tests.
      const run = async (mark: string) => {
        await editor.fill(`${await editor.inputValue()}\nprint("${mark}")\n`);
        const started = performance.now();
        await exercise.getByRole("button", { name: "Exécuter" }).click();
        await exercise.locator("pre").getByText(mark, { exact: false }).waitFor({ timeout: 120_000 });
        await exercise.getByText(/^(Tous les tests sont réussis\.|\d+ tests? réussis? sur \d+\.)$/).waitFor({ timeout: 120_000 });
        return Math.round(performance.now() - started);
      };
      const coldMs = await run("mesure-1");
      const coldBytes = bytes;
      const warmMs = await run("mesure-2");
      figures.push({ runtime: target.runtime, page: target.page, coldMs, warmMs, coldBytes });
      log(`  ${target.runtime}: first run ${coldMs} ms (${(coldBytes / 1e6).toFixed(1)} MB), next run ${warmMs} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
