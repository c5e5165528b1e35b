/// <reference lib="webworker" />
import harnessSource from "./harness.py?raw";
import { type FromWorker, PYODIDE_BASE, type ToWorker } from "./python";

/**
 * The Python interpreter of the page, in a worker: it cannot reach the page's DOM, storage or cookies.
 * Pyodide comes from our own server (PYODIDE_BASE), loaded on the first run. Each run executes the
 * student's program in a fresh namespace through the harness (harness.py), which also runs the tests.
 */
interface Pyodide {
  runPython(code: string): unknown;
  globals: { get(name: string): (...args: unknown[]) => string };
  setInterruptBuffer(buffer: Int32Array): void;
  loadPackagesFromImports(code: string): Promise<void>;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
let pyodide: Promise<Pyodide> | undefined;

async function boot(): Promise<Pyodide> {
  const { loadPyodide } = (await import(/* @vite-ignore */ `${PYODIDE_BASE}pyodide.mjs`)) as {
    loadPyodide(options: { indexURL: string }): Promise<Pyodide>;
  };
  const instance = await loadPyodide({ indexURL: PYODIDE_BASE });
  instance.runPython(harnessSource);
  return instance;
}

function send(message: FromWorker) {
  scope.postMessage(message);
}

scope.onmessage = async (event: MessageEvent<ToWorker>) => {
  const { id, source, spec, interrupt } = event.data;
  let python: Pyodide;
  try {
    python = await (pyodide ??= boot());
  } catch {
    pyodide = undefined;
    send({ type: "failed", id, message: "load" });
    return;
  }
  send({ type: "ready", id });
  if (interrupt) {
    const buffer = new Int32Array(interrupt);
    Atomics.store(buffer, 0, 0);
    python.setInterruptBuffer(buffer);
  }
  try {
    const run = python.globals.get("run");
    const result = JSON.parse(run(source, spec, (text: string) => send({ type: "output", id, text })));
    send({ type: "result", id, result });
  } catch (error) {
    // KeyboardInterrupt: the page asked to stop (time limit). Anything else is a harness failure.
    if (String(error).includes("KeyboardInterrupt")) send({ type: "interrupted", id });
    else send({ type: "failed", id, message: String(error).slice(0, 500) });
  }
};
