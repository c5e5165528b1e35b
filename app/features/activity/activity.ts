import { z } from "zod";

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

const json = z.unknown().refine((value) => value === undefined || JSON.stringify(value).length <= 10_000, "Données trop volumineuses.");

export const activityInputSchema = z.object({
  activityType: z.enum(CLIENT_ACTIVITY_TYPES),
  generatorType: z.string().max(60).nullish(),
  inputData: json.optional(),
  outputData: json.optional(),
  metadata: json.optional(),
});
export type ClientActivity = z.infer<typeof activityInputSchema>;

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
