/// <reference lib="webworker" />
import harnessSource from "./harness.py?raw";
import { NUMPY_PYODIDE_BASE } from "./python";
import { type Pyodide, serveRuns } from "./worker-loop";

/**
 * The worker of programs that use numpy or matplotlib (docs/decisions/0008): Pyodide 0.17.1 from our own
 * server, in a classic worker (that Pyodide loads its packages with importScripts) served with a CSP of
 * its own that allows `'unsafe-eval'` (server/python-files.ts). The packages a run imports are loaded
 * before it starts; figures are drawn with matplotlib's Agg backend and sent as PNG images.
 */
declare function loadPyodide(options: { indexURL: string }): Promise<Pyodide>;

serveRuns(
  async (base = NUMPY_PYODIDE_BASE) => {
    // The page says where from: 0.17.1, or the operator's full distribution (PYODIDE_DIST_DIR).
    (self as unknown as DedicatedWorkerGlobalScope).importScripts(`${base}pyodide.js`);
    const instance = await loadPyodide({ indexURL: base });
    // Figures are drawn off screen and sent as images: plt.show() has nothing to open, and need not say so.
    instance.runPython(
      'import os, warnings\nos.environ["MPLBACKEND"] = "Agg"\nwarnings.filterwarnings("ignore", message="Matplotlib is currently using agg")',
    );
    instance.runPython(harnessSource);
    return instance;
  },
  async (python, source, spec) => {
    const parsed = JSON.parse(spec) as { reference?: string; tests?: { assert?: string }[] };
    await python.loadPackagesFromImports(
      [source, parsed.reference ?? "", ...(parsed.tests ?? []).map((test) => test.assert ?? "")].join("\n"),
    );
  },
);
