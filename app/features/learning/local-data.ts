import { LOCAL_DATA_EVENT, isRecord, readStoredEntry, storageKey } from "./local-data-keys";
import type { LocalDataEventDetail, UserKey } from "./local-data-keys";
import type { Subject } from "./subjects";
import { subjectOf } from "./subjects";

/**
 * Browser study data (platform-core §3–4), one entry per user key, a guest key for visitors.
 * Every function is pure apart from the `storage` it is given (localStorage by default) and takes
 * `now` as a parameter, so the rules are tested without a browser.
 */
export interface FlashcardToReview {
  id: string;
  language: string;
  markedAt: string;
  lastReviewed?: string;
  reviewCount: number;
}

/** Generated content: a generated id, its generation date and the generator's own fields. */
export type GeneratedContent = { id: string; generatedAt: string } & Record<string, unknown>;

export interface StudyProgress {
  totalFlashcardsStudied: number;
  totalContentGenerated: number;
  studyStreak: number;
  /** ISO date of the last study or generation, null before the first one. */
  lastActivity: string | null;
  subjectsStudied: string[];
}

export interface Preferences {
  defaultLanguage: string;
  studyReminders: boolean;
  darkMode: boolean;
  /**
   * Not in the specification: set when the user explicitly picks a theme (the header toggle). The spec's
   * `darkMode: false` default would otherwise force the light theme on everyone, while the product must
   * follow the system preference until a choice is made. Without this flag, darkMode is ignored.
   */
  themeChosen?: boolean;
}

export interface LocalUserData {
  flashcardsToReview: FlashcardToReview[];
  generatedContent: GeneratedContent[];
  progress: StudyProgress;
  preferences: Preferences;
}

export const DEFAULT_LOCAL_DATA: LocalUserData = Object.freeze({
  flashcardsToReview: [],
  generatedContent: [],
  progress: { totalFlashcardsStudied: 0, totalContentGenerated: 0, studyStreak: 0, lastActivity: null, subjectsStudied: [] },
  preferences: { defaultLanguage: "fr", studyReminders: true, darkMode: false },
});

function defaults(): LocalUserData {
  return structuredClone(DEFAULT_LOCAL_DATA) as LocalUserData;
}

function count(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

function isoDate(value: unknown): string | undefined {
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

function normalizeCard(value: unknown): FlashcardToReview | null {
  if (!isRecord(value) || typeof value.id !== "string" || !value.id) return null;
  const card: FlashcardToReview = {
    id: value.id,
    language: typeof value.language === "string" && value.language ? value.language : "fr",
    markedAt: isoDate(value.markedAt) ?? new Date(0).toISOString(),
    reviewCount: count(value.reviewCount, 0),
  };
  const lastReviewed = isoDate(value.lastReviewed);
  if (lastReviewed) card.lastReviewed = lastReviewed;
  return card;
}

/** Each field falls back to its default on its own: a corrupt field never loses the others. */
export function normalizeLocalData(raw: unknown): LocalUserData {
  const base = defaults();
  if (!isRecord(raw)) return base;
  const progress = isRecord(raw.progress) ? raw.progress : {};
  const preferences = isRecord(raw.preferences) ? raw.preferences : {};
  const data: LocalUserData = {
    flashcardsToReview: Array.isArray(raw.flashcardsToReview)
      ? raw.flashcardsToReview.map(normalizeCard).filter((card): card is FlashcardToReview => card !== null)
      : base.flashcardsToReview,
    generatedContent: Array.isArray(raw.generatedContent)
      ? raw.generatedContent.filter(
          (entry): entry is GeneratedContent => isRecord(entry) && typeof entry.id === "string" && typeof entry.generatedAt === "string",
        )
      : base.generatedContent,
    progress: {
      totalFlashcardsStudied: count(progress.totalFlashcardsStudied, 0),
      totalContentGenerated: count(progress.totalContentGenerated, 0),
      studyStreak: count(progress.studyStreak, 0),
      lastActivity: isoDate(progress.lastActivity) ?? null,
      subjectsStudied: Array.isArray(progress.subjectsStudied)
        ? progress.subjectsStudied.filter((subject): subject is string => typeof subject === "string")
        : [],
    },
    preferences: {
      defaultLanguage:
        typeof preferences.defaultLanguage === "string" && preferences.defaultLanguage
          ? preferences.defaultLanguage
          : base.preferences.defaultLanguage,
      studyReminders: typeof preferences.studyReminders === "boolean" ? preferences.studyReminders : base.preferences.studyReminders,
      darkMode: typeof preferences.darkMode === "boolean" ? preferences.darkMode : base.preferences.darkMode,
    },
  };
  if (preferences.themeChosen === true && typeof preferences.darkMode === "boolean") data.preferences.themeChosen = true;
  return data;
}

export function readLocalData(userId: UserKey, storage: Storage = localStorage): LocalUserData {
  try {
    return normalizeLocalData(readStoredEntry(storageKey(userId), storage));
  } catch {
    // Storage unavailable (private mode, blocked cookies): the defaults.
    return defaults();
  }
}

function notify(key: string) {
  if (typeof window === "undefined" || typeof CustomEvent === "undefined") return;
  window.dispatchEvent(new CustomEvent<LocalDataEventDetail>(LOCAL_DATA_EVENT, { detail: { key } }));
}

/** Writes the whole entry (keeping top-level fields other code may have added), then notifies. */
function write(userId: UserKey, data: LocalUserData, storage: Storage): LocalUserData {
  const key = storageKey(userId);
  try {
    storage.setItem(key, JSON.stringify({ ...readStoredEntry(key, storage), ...data }));
    notify(key);
  } catch {
    // Quota exceeded or storage unavailable: the change lives for this page only (nothing to re-read).
  }
  return data;
}

function update(userId: UserKey, storage: Storage, change: (data: LocalUserData) => LocalUserData): LocalUserData {
  return write(userId, change(readLocalData(userId, storage)), storage);
}

const sameCard = (id: string, language: string) => (card: FlashcardToReview) => card.id === id && card.language === language;

/** Marking replaces any entry with the same id and language, sets markedAt to now and reviewCount to 0. */
export function markForReview(
  userId: UserKey,
  id: string,
  language = "fr",
  storage: Storage = localStorage,
  now = new Date(),
): LocalUserData {
  return update(userId, storage, (data) => ({
    ...data,
    flashcardsToReview: [
      ...data.flashcardsToReview.filter((card) => !sameCard(id, language)(card)),
      { id, language, markedAt: now.toISOString(), reviewCount: 0 },
    ],
  }));
}

/** Unmarking removes the entry. */
export function unmarkForReview(userId: UserKey, id: string, language = "fr", storage: Storage = localStorage): LocalUserData {
  return update(userId, storage, (data) => ({
    ...data,
    flashcardsToReview: data.flashcardsToReview.filter((card) => !sameCard(id, language)(card)),
  }));
}

/** Union of review lists by id and language; for the same card the entry of the earlier list wins. */
export function unionReviews(...lists: FlashcardToReview[][]): FlashcardToReview[] {
  const seen = new Map<string, FlashcardToReview>();
  for (const card of lists.flat()) {
    const key = JSON.stringify([card.id, card.language]);
    if (!seen.has(key)) seen.set(key, card);
  }
  return [...seen.values()];
}

/**
 * At sign-in: the guest's marked cards (and any from the server deck) join the user's list, the user's
 * own entries winning for the same card; the guest list is emptied (the guest's other data stays).
 */
export function foldGuestReviews(userId: string, storage: Storage = localStorage, fromServer: FlashcardToReview[] = []): LocalUserData {
  const guest = readLocalData(null, storage);
  const next = update(userId, storage, (data) => ({
    ...data,
    flashcardsToReview: unionReviews(data.flashcardsToReview, guest.flashcardsToReview, fromServer),
  }));
  if (guest.flashcardsToReview.length > 0) write(null, { ...guest, flashcardsToReview: [] }, storage);
  return next;
}

/** After a review of a marked card: lastReviewed is now and reviewCount goes up by one. Unknown cards change nothing. */
export function markReviewed(
  userId: UserKey,
  id: string,
  language = "fr",
  storage: Storage = localStorage,
  now = new Date(),
): LocalUserData {
  return update(userId, storage, (data) => ({
    ...data,
    flashcardsToReview: data.flashcardsToReview.map((card) =>
      sameCard(id, language)(card) ? { ...card, lastReviewed: now.toISOString(), reviewCount: card.reviewCount + 1 } : card,
    ),
  }));
}

/** Adding generated content puts it first, increments totalContentGenerated and updates lastActivity. */
export function addGeneratedContent(
  userId: UserKey,
  content: Record<string, unknown>,
  storage: Storage = localStorage,
  now = new Date(),
  newId: () => string = () => crypto.randomUUID(),
): LocalUserData {
  return update(userId, storage, (data) => ({
    ...data,
    generatedContent: [{ ...content, id: newId(), generatedAt: now.toISOString() }, ...data.generatedContent],
    progress: { ...data.progress, totalContentGenerated: data.progress.totalContentGenerated + 1, lastActivity: now.toISOString() },
  }));
}

function localDay(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/**
 * The streak after an activity at `now`: unchanged on the same local calendar day (at least 1), +1 when
 * the previous activity was on the previous calendar day, otherwise a new streak of 1.
 */
export function nextStreak(streak: number, lastActivity: string | null, now: Date): number {
  if (!lastActivity) return 1;
  const previous = new Date(lastActivity);
  if (localDay(previous) === localDay(now)) return Math.max(streak, 1);
  // Built from the calendar, not by subtracting 24 h, so daylight-saving days count as one day.
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return localDay(previous) === localDay(yesterday) ? streak + 1 : 1;
}

/** A study session: cards studied are added, the subject (if any) is listed once, the streak and lastActivity move. */
export function recordStudy(
  userId: UserKey,
  subject: string | null,
  cardsStudied: number,
  storage: Storage = localStorage,
  now = new Date(),
): LocalUserData {
  return update(userId, storage, (data) => ({
    ...data,
    progress: {
      ...data.progress,
      totalFlashcardsStudied: data.progress.totalFlashcardsStudied + Math.max(0, Math.floor(cardsStudied)),
      subjectsStudied:
        !subject || data.progress.subjectsStudied.includes(subject)
          ? data.progress.subjectsStudied
          : [...data.progress.subjectsStudied, subject],
      studyStreak: nextStreak(data.progress.studyStreak, data.progress.lastActivity, now),
      lastActivity: now.toISOString(),
    },
  }));
}

/** Changes some preferences. Writing darkMode is an explicit theme choice: themeChosen is set with it. */
export function setPreferences(
  userId: UserKey,
  partial: Partial<Omit<Preferences, "themeChosen">>,
  storage: Storage = localStorage,
): LocalUserData {
  return update(userId, storage, (data) => ({
    ...data,
    preferences: { ...data.preferences, ...partial, ...("darkMode" in partial ? { themeChosen: true } : {}) },
  }));
}

/** Clearing user data resets to defaults and removes the stored entry. */
export function clearLocalData(userId: UserKey, storage: Storage = localStorage): LocalUserData {
  const key = storageKey(userId);
  try {
    storage.removeItem(key);
    notify(key);
  } catch {
    // Storage unavailable: nothing stored.
  }
  return defaults();
}

/** Subject of a deck (or of a `{deckId}:{cardId}` card id) for the study statistics; null when it has none. */
export function subjectOfDeck(deckId: string): Subject | null {
  return subjectOf(deckId.split(":")[0]);
}
