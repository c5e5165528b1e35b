import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { getConfig } from "../../config.server";
import { NUMPY_PYODIDE_BASE } from "./python";

/**
 * A full Pyodide distribution hosted by the operator (PYODIDE_DIST_DIR, issue #16): a release archive of
 * Pyodide unpacked on the server. When it is set, the programs that use numpy or matplotlib run on it
 * instead of the 0.17.1 package. It is checked once, at start: its `pyodide-lock.json` names every
 * package file with its SHA-256, and every file present must match; a distribution that does not is
 * refused (the server does not start) rather than served.
 */
export const FULL_PYODIDE_PREFIX = "/pyodide-full/";

export interface OperatorDistribution {
  directory: string;
  version: string;
  /** The URL path it is served under. */
  base: string;
  checkedFiles: number;
}

interface PyodideLock {
  info?: { version?: string };
  packages?: Record<string, { file_name?: string; sha256?: string }>;
}

export function checkDistribution(directory: string): OperatorDistribution {
  const lockFile = path.join(directory, "pyodide-lock.json");
  if (!existsSync(lockFile)) throw new Error(`PYODIDE_DIST_DIR: ${lockFile} is missing (a Pyodide distribution holds it).`);
  const lock = JSON.parse(readFileSync(lockFile, "utf8")) as PyodideLock;
  const version = lock.info?.version;
  if (!version || !/^[\w.+-]+$/.test(version)) throw new Error(`PYODIDE_DIST_DIR: ${lockFile} gives no version.`);
  for (const required of ["pyodide.js", "pyodide.asm.wasm"])
    if (!existsSync(path.join(directory, required))) throw new Error(`PYODIDE_DIST_DIR: ${required} is missing from ${directory}.`);
  let checkedFiles = 0;
  for (const [name, entry] of Object.entries(lock.packages ?? {})) {
    if (!entry.file_name || !entry.sha256) continue;
    const file = path.join(directory, path.basename(entry.file_name));
    // A partial mirror may leave packages out; a file that is there must be the one the lock names.
    if (!existsSync(file)) continue;
    const digest = createHash("sha256").update(readFileSync(file)).digest("hex");
    if (digest !== entry.sha256.toLowerCase())
      throw new Error(`PYODIDE_DIST_DIR: ${entry.file_name} (package ${name}) does not match the SHA-256 of pyodide-lock.json.`);
    checkedFiles += 1;
  }
  return { directory, version, base: `${FULL_PYODIDE_PREFIX}${version}/`, checkedFiles };
}

let checked: OperatorDistribution | null | undefined;

/** The operator's distribution, checked on first use (at start); null when none is configured. */
export function operatorDistribution(): OperatorDistribution | null {
  if (checked === undefined) {
    const directory = getConfig().pyodideDistDir;
    checked = directory ? checkDistribution(path.resolve(directory)) : null;
  }
  return checked;
}

export function scientificPythonBase(): string {
  return operatorDistribution()?.base ?? NUMPY_PYODIDE_BASE;
}
