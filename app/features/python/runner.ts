import { type FromWorker, RUN_MESSAGES, type RunResult, type RunSpec, needsScientificPython } from "./python";

/**
 * Runs Python programs in a worker (python.worker.ts), one at a time, with a time limit. Where the page
 * is cross-origin isolated, the limit interrupts Python through a shared buffer and the interpreter
 * stays loaded; elsewhere (or when the interrupt goes unanswered) the worker is ended and a new one
 * starts on the next run. Imported on the first « Exécuter » only: the page's first load does not carry it.
 */
export type RunOutcome =
  { status: "done"; result: RunResult } | { status: "timeout"; message: string; stdout: string } | { status: "failed"; message: string };

/** How long an interrupted program may take to stop before its worker is ended. */
const INTERRUPT_GRACE_MS = 1_500;

type Runtime = "core" | "scientific";
const workers: Partial<Record<Runtime, Worker>> = {};
let sequence = 0;

function startWorker(runtime: Runtime): Worker {
  // Each worker is written out so that the bundler finds and builds both.
  workers[runtime] ??=
    runtime === "core"
      ? new Worker(new URL("./python.worker.ts", import.meta.url), { type: "module" })
      : new Worker(new URL("./python-numpy.worker.ts", import.meta.url));
  return workers[runtime];
}

function endWorkerOf(runtime: Runtime) {
  workers[runtime]?.terminate();
  delete workers[runtime];
}

export function runPython(
  source: string,
  spec: RunSpec,
  events: { onReady?: () => void; onOutput?: (text: string) => void } = {},
  /** Where the scientific worker loads Pyodide from (the root's public configuration). */
  scientificBase?: string,
): Promise<RunOutcome> {
  const runtime: Runtime = needsScientificPython(
    source,
    spec.reference,
    ...spec.tests.map((test) => (test as { assert?: string }).assert ?? ""),
  )
    ? "scientific"
    : "core";
  const current = startWorker(runtime);
  const endWorker = () => endWorkerOf(runtime);
  const id = ++sequence;
  const interrupt = globalThis.crossOriginIsolated ? new SharedArrayBuffer(4) : undefined;
  let stdout = "";
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: RunOutcome) => {
      clearTimeout(timer);
      current.removeEventListener("message", listen);
      current.removeEventListener("error", crashed);
      resolve(outcome);
    };
    const stop = () => {
      const timedOut: RunOutcome = { status: "timeout", message: RUN_MESSAGES.timeout(spec.timeout), stdout };
      if (!interrupt) {
        endWorker();
        finish(timedOut);
        return;
      }
      Atomics.store(new Int32Array(interrupt), 0, 2); // SIGINT: Python raises KeyboardInterrupt
      timer = setTimeout(() => {
        endWorker();
        finish(timedOut);
      }, INTERRUPT_GRACE_MS);
    };
    const listen = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.id !== id) return;
      if (message.type === "ready") {
        // The clock starts once Python is loaded: the first load is not the program's time.
        events.onReady?.();
        timer = setTimeout(stop, spec.timeout * 1_000);
      } else if (message.type === "output") {
        stdout += message.text;
        events.onOutput?.(message.text);
      } else if (message.type === "result") finish({ status: "done", result: message.result });
      else if (message.type === "interrupted") finish({ status: "timeout", message: RUN_MESSAGES.timeout(spec.timeout), stdout });
      else {
        if (message.message === "load") endWorker();
        finish({ status: "failed", message: message.message === "load" ? RUN_MESSAGES.loadFailed : message.message });
      }
    };
    const crashed = () => {
      endWorker();
      finish({ status: "failed", message: RUN_MESSAGES.loadFailed });
    };
    current.addEventListener("message", listen);
    current.addEventListener("error", crashed);
    current.postMessage({
      type: "run",
      id,
      source,
      spec: JSON.stringify(spec),
      interrupt,
      base: runtime === "scientific" ? scientificBase : undefined,
    });
  });
}
