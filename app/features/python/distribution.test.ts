import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkDistribution } from "./distribution.server";

/** An operator's Pyodide distribution (PYODIDE_DIST_DIR) is checked against its lock file before it is served. */
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function distribution(files: Record<string, string>, lock: object): string {
  const folder = mkdtempSync(path.join(tmpdir(), "pyodide-dist-"));
  folders.push(folder);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(folder, name), content);
  writeFileSync(path.join(folder, "pyodide-lock.json"), JSON.stringify(lock));
  return folder;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const CORE = { "pyodide.js": "// loader", "pyodide.asm.wasm": "wasm" };

describe("an operator's Pyodide distribution", () => {
  it("is served under its version once every package file present matches the lock file", () => {
    const folder = distribution(
      { ...CORE, "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl": "numpy" },
      {
        info: { version: "0.27.7" },
        packages: {
          numpy: { file_name: "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl", sha256: sha256("numpy") },
          // Left out of a partial mirror: not checked, not served.
          scipy: { file_name: "scipy-1.14.1-cp312-cp312-pyodide_2024_0_wasm32.whl", sha256: sha256("scipy") },
        },
      },
    );
    expect(checkDistribution(folder)).toEqual({ directory: folder, version: "0.27.7", base: "/pyodide-full/0.27.7/", checkedFiles: 1 });
  });

  it("is refused when a package file differs from the lock file, or when the core is missing", () => {
    const tampered = distribution(
      { ...CORE, "numpy.whl": "numpy modifié" },
      { info: { version: "0.27.7" }, packages: { numpy: { file_name: "numpy.whl", sha256: sha256("numpy") } } },
    );
    expect(() => checkDistribution(tampered)).toThrow(
      "PYODIDE_DIST_DIR: numpy.whl (package numpy) does not match the SHA-256 of pyodide-lock.json.",
    );
    const incomplete = distribution({ "pyodide.js": "// loader" }, { info: { version: "0.27.7" }, packages: {} });
    expect(() => checkDistribution(incomplete)).toThrow(`PYODIDE_DIST_DIR: pyodide.asm.wasm is missing from ${incomplete}.`);
    const unversioned = distribution(CORE, { packages: {} });
    expect(() => checkDistribution(unversioned)).toThrow("gives no version");
  });
});
