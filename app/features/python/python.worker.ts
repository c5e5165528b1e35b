/// <reference lib="webworker" />
import harnessSource from "./harness.py?raw";
import { PYODIDE_BASE } from "./python";
import { type Pyodide, serveRuns } from "./worker-loop";

/**
 * The Python interpreter of the page, in a worker: it cannot reach the page's DOM, storage or cookies.
 * Pyodide (core, current CPython) comes from our own server, loaded on the first run. Programs that use
 * numpy or matplotlib go to python-numpy.worker.ts instead.
 */
serveRuns(async () => {
  const { loadPyodide } = (await import(/* @vite-ignore */ `${PYODIDE_BASE}pyodide.mjs`)) as {
    loadPyodide(options: { indexURL: string }): Promise<Pyodide>;
  };
  const instance = await loadPyodide({ indexURL: PYODIDE_BASE });
  instance.runPython(harnessSource);
  return instance;
});
