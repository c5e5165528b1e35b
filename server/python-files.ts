import { createRequire } from "node:module";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import express from "express";
import type { CatalogEntry } from "../app/catalog/types";
import { FULL_PYODIDE_PREFIX } from "../app/features/python/distribution.server";
import { NUMPY_PYODIDE_BASE, PYODIDE_BASE } from "../app/features/python/python";

/**
 * Python in the browser (issue #16), on the server's side:
 * - Pyodide's files, from the `pyodide` package under PYODIDE_BASE and from `@pyodide/pyodide` (numpy and
 *   matplotlib, docs/decisions/0008) under NUMPY_PYODIDE_BASE; the paths hold the versions: cached for good;
 * - the headers that let a page run Python: cross-origin isolation (COOP and COEP, so the time limit can
 *   interrupt Python through a shared buffer) on the pages that run it, and on the workers and Pyodide's
 *   files; in the CSP, `'wasm-unsafe-eval'` only for the workers' own scripts, and `'unsafe-eval'` only
 *   for the numpy worker's (securityHeaders asks `scriptPermissions`), never in a page's.
 */
const CORE_WORKER = /^\/assets\/python\.worker-[\w-]+\.js$|\/python\.worker\.ts$/;
const NUMPY_WORKER = /^\/assets\/python-numpy\.worker-[\w-]+\.js$|\/python-numpy\.worker\.ts$/;

const packageDirectory = (name: string) => path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

/** What a response's script-src adds to 'self' and the nonce, by path. */
export function scriptPermissions(pathname: string): string {
  if (NUMPY_WORKER.test(pathname) || pathname.startsWith(NUMPY_PYODIDE_BASE) || pathname.startsWith(FULL_PYODIDE_PREFIX))
    return "'unsafe-eval' 'wasm-unsafe-eval'";
  if (CORE_WORKER.test(pathname) || pathname.startsWith(PYODIDE_BASE)) return "'wasm-unsafe-eval'";
  return "";
}

/** Pages that run Python: the exercise sets and courses of the Python section, and the sandbox. */
export function runsPython(entry: Pick<CatalogEntry, "section" | "kind"> | undefined): boolean {
  return entry?.section === "python" && (entry.kind === "exercises" || entry.kind === "course" || entry.kind === "sandbox");
}

export function pythonIsolation(findEntry: (pathname: string) => CatalogEntry | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (scriptPermissions(pathname) || runsPython(findEntry(pathname.replace(/\.data$/, "")))) {
      res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
      res.setHeader("Cross-Origin-Embedder-Policy", "require-corp");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    }
    next();
  };
}

const staticFiles = (directory: string) =>
  express.static(directory, { immutable: true, maxAge: "1y", index: false, redirect: false, fallthrough: false });

export function pyodideFiles() {
  return staticFiles(packageDirectory("pyodide"));
}

/** The operator's full distribution (PYODIDE_DIST_DIR), checked at start: distribution.server.ts. */
export function operatorPyodideFiles(directory: string) {
  return staticFiles(directory);
}

export function numpyPyodideFiles() {
  return staticFiles(path.join(packageDirectory("@pyodide/pyodide"), "dist"));
}
