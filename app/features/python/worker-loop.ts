/// <reference lib="webworker" />
import type { FromWorker, ToWorker } from "./python";

/**
 * The message loop both Python workers share: boot Pyodide on the first run (again after a failed boot),
 * prepare the run (packages), then run the student's program and the tests through the harness's `run`,
 * its output sent as it is written. A KeyboardInterrupt is the page's time limit.
 */
export interface Pyodide {
  runPython(code: string): unknown;
  globals: { get(name: string): (...args: unknown[]) => string };
  setInterruptBuffer?(buffer: Int32Array): void;
  loadPackagesFromImports(code: string): Promise<void>;
}

export function serveRuns(
  boot: (base: string | undefined) => Promise<Pyodide>,
  prepare?: (python: Pyodide, source: string, spec: string) => Promise<void>,
) {
  const scope = self as unknown as DedicatedWorkerGlobalScope;
  const send = (message: FromWorker) => scope.postMessage(message);
  let pyodide: Promise<Pyodide> | undefined;
  scope.onmessage = async (event: MessageEvent<ToWorker>) => {
    const { id, source, spec, interrupt, base } = event.data;
    let python: Pyodide;
    try {
      python = await (pyodide ??= boot(base));
      await prepare?.(python, source, spec);
    } catch {
      pyodide = undefined;
      send({ type: "failed", id, message: "load" });
      return;
    }
    send({ type: "ready", id });
    if (interrupt && python.setInterruptBuffer) {
      const buffer = new Int32Array(interrupt);
      Atomics.store(buffer, 0, 0);
      python.setInterruptBuffer(buffer);
    }
    try {
      const run = python.globals.get("run");
      const result = JSON.parse(run(source, spec, (text: string) => send({ type: "output", id, text })));
      send({ type: "result", id, result });
    } catch (error) {
      if (String(error).includes("KeyboardInterrupt")) send({ type: "interrupted", id });
      else send({ type: "failed", id, message: String(error).slice(0, 500) });
    }
  };
}
