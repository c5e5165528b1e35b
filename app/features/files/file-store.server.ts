import { randomUUID } from "node:crypto";
import { inArray, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { getDb } from "../../../db/client.server";
import { storedFiles } from "../../../db/schema";
import { getConfig } from "../../config.server";
import { s3FileStore } from "./s3-file-store.server";

/**
 * Where uploaded files live so that every instance sees them (DESIGN §7): the database by default
 * (stored_files, one row a file), or an S3-compatible bucket when S3_BUCKET is set. Callers keep the
 * key with their own row (submission_files…).
 */
export interface FileStore {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(keys: readonly string[]): Promise<void>;
}

export const databaseFileStore: FileStore = {
  async put(key, content) {
    const db = await getDb();
    await db.insert(storedFiles).values({ key, content });
  },
  async get(key) {
    const db = await getDb();
    const [row] = await db.select({ content: storedFiles.content }).from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
    return row?.content;
  },
  async remove(keys) {
    if (keys.length === 0) return;
    const db = await getDb();
    await db.delete(storedFiles).where(inArray(storedFiles.key, [...keys]));
  },
};

let configured: FileStore | undefined;

export function getFileStore(): FileStore {
  if (!configured) {
    const { s3 } = getConfig();
    configured = s3 ? s3FileStore(s3) : databaseFileStore;
  }
  return configured;
}

/** A key no one can guess, under a folder of its kind (« submissions/… »). */
export function newFileKey(folder: string): string {
  return `${folder}/${randomUUID()}`;
}

/** The file's type as read from its first bytes (its name and the browser's claim are not trusted). */
export async function sniffContentType(content: Buffer): Promise<string | undefined> {
  return (await fileTypeFromBuffer(content))?.mime;
}
