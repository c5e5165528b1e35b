import { z } from "zod";

export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
export type Toast = z.infer<typeof toastSchema>;
