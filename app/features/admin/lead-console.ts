import { z } from "zod";
import { CONTACT_SUBJECTS, LEAD_KINDS, LEAD_STATUSES, SUBJECTS, type LeadKind, type LeadStatus } from "../requests/requests";

/**
 * The filters of /admin/leads, read from the query string; anything unknown is dropped, not an error.
 * `matiere` is a coaching subject (parent requests) or a contact subject.
 */
export const leadFiltersSchema = z.object({
  type: z
    .enum(Object.keys(LEAD_KINDS) as [LeadKind, ...LeadKind[]])
    .optional()
    .catch(undefined),
  statut: z
    .enum(Object.keys(LEAD_STATUSES) as [LeadStatus, ...LeadStatus[]])
    .optional()
    .catch(undefined),
  matiere: z
    .string()
    .max(40)
    .refine((value) => value in SUBJECTS || value in CONTACT_SUBJECTS)
    .optional()
    .catch(undefined),
  du: z.iso.date().optional().catch(undefined),
  au: z.iso.date().optional().catch(undefined),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

export const LEAD_MESSAGES = {
  statusChanged: (label: string) => `Statut\u00a0: ${label}`,
  assigned: (name: string | null) => (name ? `Confiée à ${name}` : "Plus personne n'en est chargé"),
  noteAdded: "Note ajoutée",
  replySent: (email: string) => `Réponse envoyée à ${email}`,
  replyFailed: "La réponse n'a pas pu être envoyée\u00a0: réessayez, rien n'est perdu.",
  unknownAction: "Action inconnue.",
  checkFields: "Vérifiez les champs indiqués.",
} as const;

export const leadStatusSchema = z.enum(Object.keys(LEAD_STATUSES) as [LeadStatus, ...LeadStatus[]], {
  error: "Choisissez un statut de la liste.",
});

export const leadNoteSchema = z.string().trim().min(1, "Écrivez la note.").max(5000, "La note est trop longue (5 000 caractères au plus).");

export const leadReplySchema = z.object({
  subject: z.string().trim().min(3, "Donnez un objet à la réponse.").max(200, "L'objet est trop long (200 caractères au plus)."),
  body: z.string().trim().min(10, "La réponse est trop courte (10 caractères au moins).").max(10_000, "La réponse est trop longue."),
});

/** How each kind of history line reads in the console. */
export const LEAD_EVENT_LABELS = {
  note: "Note interne",
  reply: "Réponse envoyée",
  status: "Statut",
  assign: "Responsable",
  created: "Reçue",
} as const;
