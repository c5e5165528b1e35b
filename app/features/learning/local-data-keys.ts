import { LOCAL_USER_KEY_PREFIX } from "../accounts/local-state";

/**
 * Where the browser study data of local-data.ts is stored, and how to read an entry as it is. Kept apart
 * from local-data.ts so the theme (on every page) reads its preference without loading the whole model.
 */
export type UserKey = string | null | undefined;

/** Window event sent after each write, so mounted components can read the data again. */
export const LOCAL_DATA_EVENT = "tremplin-local-data";
export interface LocalDataEventDetail {
  key: string;
}

export function storageKey(userId: UserKey): string {
  return `${LOCAL_USER_KEY_PREFIX}${userId ?? "guest"}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The stored entry as an object; {} when it is missing or corrupt. Throws only when storage is unavailable. */
export function readStoredEntry(key: string, storage: Storage): Record<string, unknown> {
  const stored = storage.getItem(key);
  try {
    const parsed: unknown = JSON.parse(stored ?? "{}");
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
