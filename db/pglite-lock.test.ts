import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, acquireDataDirLock } from "./pglite-lock.server";

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tremplin-lock-"));
  folders.push(dir);
  return dir;
};
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("PGlite folder lock", () => {
  it("refuses a folder held by another live process, with a clear message", async () => {
    const dir = tempDir();
    // Another process holds the lock while it lives.
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    writeFileSync(path.join(dir, "tremplin.lock"), String(holder.pid));
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`is already open in process ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it("replaces a stale lock left by a dead process and releases it", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.once("exit", resolve));
    writeFileSync(path.join(dir, "tremplin.lock"), String(dead.pid));
    const release = acquireDataDirLock(dir);
    release();
    const again = acquireDataDirLock(dir);
    again();
  });
});
