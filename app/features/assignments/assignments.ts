import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { PERIOD_KEYS, type Period } from "../grades/marks";

/** What the teacher's and the student's sides share about assignments: kinds, the form, Paris dates. */

export const ASSIGNMENT_KINDS = {
  ds: "DS",
  dm: "DM",
  colle: "Colle",
  interrogation: "Interrogation",
  "concours-blanc": "Concours blanc",
  "en-ligne": "Travail en ligne",
} as const;
export type AssignmentKind = keyof typeof ASSIGNMENT_KINDS;

/** The catalogue pages an assignment can link to, grouped as the form shows them. */
export const LINKABLE_KINDS = { quiz: "Quiz", exercises: "Exercices", course: "Cours" } as const;
export type LinkableKind = keyof typeof LINKABLE_KINDS;

export const PARIS = "Europe/Paris";

/** « 2026-12-07T18:00 » (what a datetime-local field sends), read as Paris time: the instant it names. */
export function parisDateTime(local: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const date = new TZDate(year, month - 1, day, hour, minute, PARIS);
  // 31 February rolls over into March: refuse instead.
  if (date.getDate() !== day) return undefined;
  return new Date(date.getTime());
}

/** The instant as a datetime-local value in Paris time (the due-date field's value). */
export function toParisLocalInput(date: Date): string {
  const paris = new TZDate(date.getTime(), PARIS);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${paris.getFullYear()}-${pad(paris.getMonth() + 1)}-${pad(paris.getDate())}T${pad(paris.getHours())}:${pad(paris.getMinutes())}`;
}

/** « lundi 7 décembre 2026 à 18:00 », in Paris time. */
export function formatParisDateTime(date: Date | string): string {
  const value = new Date(date);
  const day = value.toLocaleDateString("fr-FR", { timeZone: PARIS, weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const time = value.toLocaleTimeString("fr-FR", { timeZone: PARIS, hour: "2-digit", minute: "2-digit" });
  return `${day} à ${time}`;
}

/** « dans 3 jours », « dans 5 heures », « en retard de 2 jours »: the time left before `due`, in words. */
export function timeLeft(due: Date | string, now: Date = new Date()): string {
  const ms = new Date(due).getTime() - now.getTime();
  const late = ms < 0;
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const words =
    days >= 1
      ? `${days} jour${days > 1 ? "s" : ""}`
      : hours >= 1
        ? `${hours} heure${hours > 1 ? "s" : ""}`
        : `${Math.max(minutes, 1)} minute${minutes > 1 ? "s" : ""}`;
  return late ? `en retard de ${words}` : `dans ${words}`;
}

export const ASSIGNMENT_MESSAGES = {
  created: "Devoir créé (brouillon)",
  saved: "Devoir enregistré",
  published: "Devoir publié\u00a0: les élèves de la classe le voient.",
  unpublished: "Devoir repassé en brouillon\u00a0: les élèves ne le voient plus.",
  deleted: (title: string) => `Le devoir «\u00a0${title}\u00a0» est supprimé.`,
  deleteNotConfirmed: "Cochez la case pour confirmer la suppression.",
  checkFields: "Vérifiez les champs indiqués.",
  unknownAction: "Action inconnue.",
  submitted: "Votre travail est rendu.",
  submittedLate: "Votre travail est rendu, après la date limite\u00a0: il est signalé en retard.",
  closed: "La date limite est passée\u00a0: le travail rendu ne peut plus être remplacé.",
  emptySubmission: "Écrivez une réponse ou joignez au moins un fichier.",
  fileRemoved: "Fichier retiré",
} as const;

const decimal = (message: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(",", "."))
    .pipe(z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, message))
    .transform(Number);

/** The assignment form, as typed by the teacher (FormData values). */
export const assignmentSchema = z.object({
  title: z.string().trim().min(1, "Donnez un titre au devoir.").max(120, "Le titre est trop long (120 caractères au plus)."),
  kind: z.enum(Object.keys(ASSIGNMENT_KINDS) as [AssignmentKind, ...AssignmentKind[]], { error: "Choisissez le type de devoir." }),
  instructions: z.string().max(20_000, "La consigne est trop longue (20 000 caractères au plus).").default(""),
  linkedPath: z
    .string()
    .trim()
    .max(200, "Choisissez un contenu de la liste.")
    .transform((value) => value || null),
  dueAt: z.string().transform((value, context) => {
    const date = parisDateTime(value.trim());
    if (!date) {
      context.addIssue({ code: "custom", message: "Indiquez la date et l'heure limites (heure de Paris)." });
      return z.NEVER;
    }
    return date;
  }),
  maxPoints: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "Le barème est un nombre entier de 1 à 100.")
    .transform(Number)
    .pipe(z.number().min(1, "Le barème est un nombre entier de 1 à 100.").max(100, "Le barème est un nombre entier de 1 à 100.")),
  rescaleTo20: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
  coefficient: decimal("Le coefficient est un nombre de 0 à 99 (par exemple 2 ou 0,5)."),
  period: z.enum(PERIOD_KEYS, { error: "Choisissez la période." }),
});
export type AssignmentInput = z.infer<typeof assignmentSchema>;

/** An assignment as both sides read it (dates as strings once they travel to the browser). */
export interface AssignmentSummary {
  id: string;
  classId: string;
  title: string;
  kind: AssignmentKind;
  dueAt: Date;
  maxPoints: number;
  rescaleTo20: boolean;
  coefficient: number;
  period: Period;
  status: "draft" | "published";
  gradesPublishedAt: Date | null;
}

/** Files a student may hand in: read from their first bytes, never from their name. */
export const SUBMISSION_FILE_TYPES = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
} as const;
export type SubmissionFileType = keyof typeof SUBMISSION_FILE_TYPES;
export const MAX_FILES_PER_SUBMISSION = 10;

export const submissionTextSchema = z.string().max(50_000, "La réponse est trop longue (50 000 caractères au plus).");

/** « 1,2 Mo », « 350 Ko ». */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")}\u00a0Mo`;
  return `${Math.max(1, Math.round(bytes / 1024))}\u00a0Ko`;
}
