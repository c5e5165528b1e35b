import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { loadPyodide } from "pyodide";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "./python";

/**
 * The harness on Pyodide in Node (the browser's interpreter, without the browser): what a student sees
 * for a right program, a wrong one, an error, an endless output; and the time limit's interrupt, through
 * a worker thread and a shared buffer as in the page.
 */
const harness = readFileSync(path.join(import.meta.dirname, "harness.py"), "utf8");
type Python = Awaited<ReturnType<typeof loadPyodide>>;
let python: Python;
let run: (source: string, spec: string) => string;

beforeAll(async () => {
  python = await loadPyodide();
  python.runPython(harness);
  run = python.globals.get("run") as typeof run;
}, 60_000);

const spec = (tests: unknown[], extra: object = {}) =>
  JSON.stringify({ inputs: [], tests, reference: "def f(n):\n    return n * n\n", ...extra });
const execute = (source: string, tests: unknown[], extra?: object) => JSON.parse(run(source, spec(tests, extra))) as RunResult;

describe("the exercise harness on Pyodide", () => {
  it("passes a right program and explains each failed test of a wrong one in French", () => {
    const tests = [
      { call: "f", args: [5], expected: 25 },
      { random: "f", draw: "random.randint(0, 50)" },
      { source: { requires: ["return"], forbids: ["25"], label: "f renvoie son résultat" } },
      { output: "25" },
    ];
    expect(execute("def f(n):\n    return n * n\nprint(f(5))\n", tests)).toMatchObject({ passed: true, error: null, stdout: "25\n" });
    const wrong = execute("def f(n):\n    return 2 * n\nprint(f(5))\n", tests);
    expect(wrong.passed).toBe(false);
    expect(wrong.tests.map((test) => test.message)).toEqual([
      "Test 1\u00a0: pour n = 5, attendu 25, obtenu 10",
      expect.stringMatching(/^Test 2\u00a0: pour n = \d+, attendu \d+, obtenu \d+$/),
      "Test 3\u00a0: f renvoie son résultat",
      "Test 4\u00a0: ligne 1 de l'affichage\u00a0: attendu «\u00a025\u00a0», obtenu «\u00a010\u00a0»",
    ]);
  });

  it("names syntax errors and exceptions with their line, in French", () => {
    expect(execute("def f(n)\n    return n\n", [{ call: "f", args: [1] }]).error).toMatch(/^Erreur de syntaxe ligne 1\u00a0: /);
    expect(execute("x = 1\ny = [0][3]\n", []).error).toBe("Indice hors limites (IndexError) ligne 2\u00a0: list index out of range");
    expect(execute("print(inconnue)\n", []).error).toMatch(/^Nom inconnu \(NameError\) ligne 1\u00a0: /);
  });

  it("feeds input() from the exercise, and stops a program that prints without end", () => {
    const asked = execute("n = int(input('n = '))\nprint(n + 1)\n", [{ output: "n = 4\n5" }], { inputs: ["4"] });
    expect(asked).toMatchObject({ passed: true, stdout: "n = 4\n5\n" });
    expect(execute("input()\ninput()\n", [], { inputs: ["1"] }).error).toBe(
      "Le programme demande plus de valeurs avec input() que l'exercice n'en fournit.",
    );
    const flood = execute("while True:\n    print('encore')\n", []);
    expect(flood.error).toBe("Affichage trop long (plus de 500 lignes ou 20000 caractères)\u00a0: le programme a été arrêté.");
    expect(flood.stdout.split("\n").length).toBeLessThanOrEqual(502);
  });

  it("is interrupted by the time limit through a shared buffer, and runs the next program", async () => {
    const interrupt = new SharedArrayBuffer(4);
    const worker = new Worker(
      `
      const { parentPort, workerData } = require("node:worker_threads");
      (async () => {
        const { loadPyodide } = await import("pyodide");
        const python = await loadPyodide({ indexURL: workerData.indexURL });
        python.runPython(workerData.harness);
        python.setInterruptBuffer(new Int32Array(workerData.interrupt));
        parentPort.postMessage("ready");
        parentPort.on("message", (source) => {
          Atomics.store(new Int32Array(workerData.interrupt), 0, 0);
          try {
            parentPort.postMessage(python.globals.get("run")(source, JSON.stringify({ tests: [] })));
          } catch (error) {
            parentPort.postMessage(String(error).includes("KeyboardInterrupt") ? "interrupted" : String(error));
          }
        });
      })();
      `,
      {
        eval: true,
        workerData: { harness, interrupt, indexURL: `${path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json"))}/` },
      },
    );
    const next = () => new Promise<string>((resolve) => worker.once("message", resolve));
    expect(await next()).toBe("ready");
    worker.postMessage("while True:\n    pass\n");
    setTimeout(() => Atomics.store(new Int32Array(interrupt), 0, 2), 300);
    expect(await next()).toBe("interrupted");
    worker.postMessage("print(6 * 7)\n");
    expect(JSON.parse(await next())).toMatchObject({ stdout: "42\n", error: null });
    await worker.terminate();
  }, 60_000);
});
