// Shared by the browser and the server: no zod here, it would weigh on every page.
/** Activity types a page may record for the signed-in user (login and logout are recorded by the server itself). */
export const CLIENT_ACTIVITY_TYPES = [
  "search",
  "generator",
  "method",
  "school",
  "coaching",
  "interview",
  "submission",
  "quiz",
  "exercise",
  "flashcards",
] as const;

/** What a page sends to POST /api/activity (validated by `activityInputSchema`). */
export interface ClientActivity {
  activityType: (typeof CLIENT_ACTIVITY_TYPES)[number];
  generatorType?: string | null;
  inputData?: unknown;
  outputData?: unknown;
  metadata?: unknown;
}

export interface HistoryEntry {
  id: number;
  activityType: string;
  generatorType: string | null;
  inputData: unknown;
  outputData: unknown;
  metadata: unknown;
  createdAt: string;
}

export const ACTIVITY_MESSAGES = {
  saveFailed: { title: "Erreur", description: "Impossible de sauvegarder l'activité" },
  readFailed: { title: "Erreur", description: "Impossible de récupérer l'historique" },
} as const;
