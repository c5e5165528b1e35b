import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions.server";
import { acquireDataDirLock } from "./pglite-lock.server";

/**
 * Backup and restore of the embedded database (`npm run admin -- backup|restore <file>`): PGlite's own
 * dump of its data folder, a gzipped tar. The server must be stopped (the folder's lock says so).
 * PostgreSQL is backed up with pg_dump and pg_restore (README, « Backup and restore »).
 */

export async function backupPglite(dataDir: string, file: string): Promise<number> {
  const folder = path.join(dataDir, "pglite");
  if (!existsSync(folder)) throw new Error(`No embedded database in ${folder}.`);
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(folder, { extensions: pgliteExtensions });
    try {
      const archive = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
      writeFileSync(file, archive);
      return archive.length;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Restores `file` as the embedded database of `dataDir`. A database already there is kept aside as
 * `pglite.before-restore-<date>`, never deleted. Returns that folder's path, or undefined.
 */
export async function restorePglite(dataDir: string, file: string): Promise<string | undefined> {
  const archive = readFileSync(file);
  mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  try {
    const folder = path.join(dataDir, "pglite");
    let keptAside: string | undefined;
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      keptAside = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(folder, keptAside);
    }
    const client = await PGlite.create(folder, { loadDataDir: new Blob([archive]), extensions: pgliteExtensions });
    try {
      await client.query("select 1");
    } finally {
      await client.close();
    }
    return keptAside;
  } finally {
    release();
  }
}
