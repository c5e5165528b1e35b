import { LOCAL_USER_KEY_PREFIX } from "../accounts/local-state";

/** Browser study data (platform-core §3–4), one entry per user key, a guest key for visitors. */
export interface FlashcardToReview {
  id: string;
  language: string;
  markedAt: string;
  lastReviewed?: string;
  reviewCount: number;
}

export interface LocalUserData {
  flashcardsToReview: FlashcardToReview[];
}

export function storageKey(userId: string | null | undefined): string {
  return `${LOCAL_USER_KEY_PREFIX}${userId ?? "guest"}`;
}

export function readLocalData(userId: string | null | undefined, storage: Storage = localStorage): LocalUserData {
  try {
    const parsed = JSON.parse(storage.getItem(storageKey(userId)) ?? "{}") as Partial<LocalUserData>;
    return { ...parsed, flashcardsToReview: Array.isArray(parsed.flashcardsToReview) ? parsed.flashcardsToReview : [] };
  } catch {
    return { flashcardsToReview: [] };
  }
}

function write(userId: string | null | undefined, data: LocalUserData, storage: Storage) {
  storage.setItem(storageKey(userId), JSON.stringify({ ...JSON.parse(storage.getItem(storageKey(userId)) ?? "{}"), ...data }));
}

/** Marking replaces any entry with the same id and language, sets markedAt to now and reviewCount to 0. */
export function markForReview(
  userId: string | null | undefined,
  id: string,
  language = "fr",
  storage: Storage = localStorage,
  now = new Date(),
): LocalUserData {
  const data = readLocalData(userId, storage);
  const others = data.flashcardsToReview.filter((card) => !(card.id === id && card.language === language));
  const next = { ...data, flashcardsToReview: [...others, { id, language, markedAt: now.toISOString(), reviewCount: 0 }] };
  write(userId, next, storage);
  return next;
}

/** Unmarking removes the entry. */
export function unmarkForReview(
  userId: string | null | undefined,
  id: string,
  language = "fr",
  storage: Storage = localStorage,
): LocalUserData {
  const data = readLocalData(userId, storage);
  const next = { ...data, flashcardsToReview: data.flashcardsToReview.filter((card) => !(card.id === id && card.language === language)) };
  write(userId, next, storage);
  return next;
}
