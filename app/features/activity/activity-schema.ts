import { z } from "zod";
import { CLIENT_ACTIVITY_TYPES } from "./activity";
import type { ClientActivity } from "./activity";

const json = z.unknown().refine((value) => value === undefined || JSON.stringify(value).length <= 10_000, "Données trop volumineuses.");

export const activityInputSchema: z.ZodType<ClientActivity> = z.object({
  activityType: z.enum(CLIENT_ACTIVITY_TYPES),
  generatorType: z.string().max(60).nullish(),
  inputData: json.optional(),
  outputData: json.optional(),
  metadata: json.optional(),
});
