import { createRequire } from "node:module";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import express from "express";
import type { CatalogEntry } from "../app/catalog/types";
import { PYODIDE_BASE } from "../app/features/python/python";

/**
 * Python in the browser (issue #16), on the server's side:
 * - Pyodide's files, from the `pyodide` package, under PYODIDE_BASE (the path holds the version: cached for good);
 * - the headers that let a page run Python: cross-origin isolation (COOP and COEP, so the time limit can
 *   interrupt Python through a shared buffer) on the pages that run it, and on the worker and Pyodide's
 *   files; `'wasm-unsafe-eval'` only in the CSP of the worker's own script (securityHeaders asks
 *   `compilesWasm`), never in a page's.
 */
const WORKER_SCRIPT = /^\/assets\/python\.worker-[\w-]+\.js$|\/python\.worker\.ts$/;

export function pyodideDirectory(): string {
  return path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json"));
}

/** Requests whose response may compile WebAssembly: the worker script and Pyodide's own module. */
export function compilesWasm(pathname: string): boolean {
  return WORKER_SCRIPT.test(pathname) || pathname.startsWith(PYODIDE_BASE);
}

/** Pages that run Python: the exercise sets and courses of the Python section. */
export function runsPython(entry: Pick<CatalogEntry, "section" | "kind"> | undefined): boolean {
  return entry?.section === "python" && (entry.kind === "exercises" || entry.kind === "course");
}

export function pythonIsolation(findEntry: (pathname: string) => CatalogEntry | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (compilesWasm(pathname) || runsPython(findEntry(pathname.replace(/\.data$/, "")))) {
      res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
      res.setHeader("Cross-Origin-Embedder-Policy", "require-corp");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    }
    next();
  };
}

export function pyodideFiles() {
  return express.static(pyodideDirectory(), { immutable: true, maxAge: "1y", index: false, redirect: false, fallthrough: false });
}
