/**
 * Python in the browser (issue #16): shared by the page, the worker and the server. Pyodide's files are
 * served by our own server from the `pyodide` package, under a path that holds its version (cached for
 * good: a new version is a new path).
 */
export const PYODIDE_VERSION = "314.0.7";
export const PYODIDE_BASE = `/pyodide/${PYODIDE_VERSION}/`;

/**
 * numpy and matplotlib (docs/decisions/0008): the only distribution on the npm registry that has them is
 * `@pyodide/pyodide` 0.17.1 (CPython 3.8, numpy 1.17, matplotlib 3.3). Programs that import them run there,
 * in a worker of their own whose CSP alone allows `'unsafe-eval'`; every other program runs on the core.
 */
export const NUMPY_PYODIDE_VERSION = "0.17.1";
export const NUMPY_PYODIDE_BASE = `/pyodide-numpy/${NUMPY_PYODIDE_VERSION}/`;
const SCIENTIFIC_IMPORT = /^\s*(?:import|from)\s+(?:numpy|matplotlib|scipy)\b/m;

/** Whether a run needs the scientific distribution: the student's program, the reference or a test imports it. */
export function needsScientificPython(...sources: string[]): boolean {
  return sources.some((source) => SCIENTIFIC_IMPORT.test(source));
}

export interface RunSpec {
  inputs: string[];
  timeout: number;
  tests: unknown[];
  reference: string;
}

export interface TestResult {
  ok: boolean;
  message: string;
}

export interface RunResult {
  stdout: string;
  error: string | null;
  tests: TestResult[];
  passed: boolean;
  images: string[];
}

export const RUN_MESSAGES = {
  timeout: (seconds: number) =>
    `Le programme a dépassé le temps limite de ${seconds}\u00a0s et a été arrêté. Une boucle qui ne s'arrête jamais\u202f?`,
  loadFailed: "Python n'a pas pu être chargé. Vérifiez votre connexion et réessayez.",
  specFailed: "Les tests de l'exercice n'ont pas pu être chargés. Réessayez.",
  loading: "Chargement de Python (la première fois seulement)…",
  running: "Exécution…",
} as const;

/** Messages between the page and the worker. */
export type ToWorker = { type: "run"; id: number; source: string; spec: string; interrupt?: SharedArrayBuffer; base?: string };
export type FromWorker =
  | { type: "ready"; id: number }
  | { type: "output"; id: number; text: string }
  | { type: "result"; id: number; result: RunResult }
  | { type: "interrupted"; id: number }
  | { type: "failed"; id: number; message: string };
