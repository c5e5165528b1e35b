import { z } from "zod";
import { normalizePhone } from "../accounts/phone";
import { formatFileSize } from "../assignments/assignments";
import { APPLICATION_STATUSES, LEVELS, PUBLIC_FORM_MESSAGES, SUBJECTS, type ApplicationStatus, type Level, type Subject } from "./requests";

/**
 * The teacher application (/professeur), the public teacher profile (/professeur-dashboard) and the
 * admin's decision (/admin/candidatures): bounds, schemas and French messages, shared by the pages and
 * the server.
 */
export const APPLICATION_LIMITS = {
  name: 60,
  email: 254,
  phone: 30,
  diplomas: 2000,
  experience: 3000,
  availability: 1000,
  motivationMin: 50,
  motivation: 3000,
  displayNameMin: 2,
  displayName: 80,
  bio: 1200,
  decisionMin: 10,
  decision: 2000,
} as const;

export const APPLICATION_MESSAGES = {
  checkFields: "Vérifiez les champs indiqués.",
  firstName: "Indiquez votre prénom.",
  firstNameTooLong: "Le prénom est trop long (60 caractères au plus).",
  lastName: "Indiquez votre nom.",
  lastNameTooLong: "Le nom est trop long (60 caractères au plus).",
  email: "Indiquez votre adresse e-mail.",
  emailInvalid: "Adresse e-mail invalide.",
  phone: "Indiquez votre numéro de téléphone.",
  phoneInvalid: "Numéro de téléphone invalide (exemple\u00a0: 06 12 34 56 78).",
  subjects: "Choisissez au moins une matière.",
  levels: "Choisissez au moins un niveau.",
  unknownChoice: "Choisissez dans la liste proposée.",
  diplomas: "Indiquez vos diplômes ou votre formation en cours.",
  diplomasTooLong: "Ce texte est trop long (2\u00a0000 caractères au plus).",
  experienceTooLong: "Ce texte est trop long (3\u00a0000 caractères au plus).",
  availabilityTooLong: "Ce texte est trop long (1\u00a0000 caractères au plus).",
  motivationTooShort: "Présentez votre motivation en 50 caractères au moins.",
  motivationTooLong: "Ce texte est trop long (3\u00a0000 caractères au plus).",
  consent: PUBLIC_FORM_MESSAGES.consent,
  cvMissing: "Joignez votre CV au format PDF.",
  cvNotPdf: (name: string) => `«\u00a0${name}\u00a0» n'est pas un PDF (d'après son contenu)\u00a0: joignez votre CV au format PDF.`,
  cvTooLarge: (limit: number) => `Votre CV dépasse ${formatFileSize(limit)}\u00a0: envoyez un PDF plus léger.`,
  pendingExists: "Vous avez déjà une candidature en attente\u00a0: l'équipe vous répondra par e-mail.",
  alreadyTeacher: "Votre compte est déjà un compte professeur\u00a0: complétez votre profil dans votre espace professeur.",
  sent: "Candidature envoyée",
  // Public profile (/professeur-dashboard).
  displayName: "Indiquez le nom affiché (2 caractères au moins).",
  displayNameTooLong: "Le nom affiché est trop long (80 caractères au plus).",
  bioTooLong: "La présentation est trop longue (1\u00a0200 caractères au plus).",
  bioToPublish: "Écrivez votre présentation avant d'afficher votre profil.",
  profileSaved: "Profil enregistré",
  profilePublished: "Profil enregistré et affiché sur la page Nos professeurs",
  notTeacher: "Le profil public est réservé aux professeurs de Tremplin.",
  // Decisions (/admin/candidatures).
  decisionTooShort: "Le message est trop court (10 caractères au moins).",
  decisionTooLong: "Le message est trop long (2\u00a0000 caractères au plus).",
  alreadyDecided: "Cette candidature a déjà reçu une réponse.",
  noAccount: (email: string) =>
    `Aucun compte n'utilise l'adresse ${email}\u00a0: demandez au candidat de créer son compte Tremplin avec cette adresse, puis acceptez sa candidature.`,
  accepted: (name: string) => `Candidature de ${name} acceptée\u00a0: son compte a maintenant accès à l'espace professeur.`,
  declined: (name: string) => `Candidature de ${name} refusée\u00a0: le message lui a été envoyé.`,
  unknownAction: "Action inconnue.",
} as const;

const SUBJECT_KEYS = Object.keys(SUBJECTS) as [Subject, ...Subject[]];
const LEVEL_KEYS = Object.keys(LEVELS) as [Level, ...Level[]];
const STATUS_KEYS = Object.keys(APPLICATION_STATUSES) as [ApplicationStatus, ...ApplicationStatus[]];

/** A text of at most `max` characters (trimmed); `min` > 0 makes it required with `required` as message. */
function boundedText(max: number, tooLong: string, min = 0, tooShort = "") {
  const text = z.string({ error: tooShort || tooLong }).trim();
  return (min > 0 ? text.min(min, tooShort) : text).max(max, tooLong);
}

/** Checked boxes of a list: known keys only, at least one, each kept once, in the list's order. */
function choices<K extends string>(keys: readonly [K, ...K[]], empty: string) {
  return z
    .array(z.string(), { error: empty })
    .transform((values, ctx) => {
      if (values.some((value) => !(keys as readonly string[]).includes(value))) {
        ctx.addIssue({ code: "custom", message: APPLICATION_MESSAGES.unknownChoice });
        return z.NEVER;
      }
      return keys.filter((key) => values.includes(key));
    })
    .refine((values) => values.length > 0, { message: empty });
}

const email = z
  .string({ error: APPLICATION_MESSAGES.email })
  .trim()
  .toLowerCase()
  .min(1, APPLICATION_MESSAGES.email)
  .max(APPLICATION_LIMITS.email, APPLICATION_MESSAGES.emailInvalid)
  .pipe(z.email(APPLICATION_MESSAGES.emailInvalid));

const phone = z
  .string({ error: APPLICATION_MESSAGES.phone })
  .trim()
  .min(1, APPLICATION_MESSAGES.phone)
  .max(APPLICATION_LIMITS.phone, APPLICATION_MESSAGES.phoneInvalid)
  .transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: APPLICATION_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return normalized;
  });

export const applicationSchema = z.object({
  firstName: boundedText(APPLICATION_LIMITS.name, APPLICATION_MESSAGES.firstNameTooLong, 1, APPLICATION_MESSAGES.firstName),
  lastName: boundedText(APPLICATION_LIMITS.name, APPLICATION_MESSAGES.lastNameTooLong, 1, APPLICATION_MESSAGES.lastName),
  email,
  phone,
  subjects: choices(SUBJECT_KEYS, APPLICATION_MESSAGES.subjects),
  levels: choices(LEVEL_KEYS, APPLICATION_MESSAGES.levels),
  diplomas: boundedText(APPLICATION_LIMITS.diplomas, APPLICATION_MESSAGES.diplomasTooLong, 1, APPLICATION_MESSAGES.diplomas),
  experience: boundedText(APPLICATION_LIMITS.experience, APPLICATION_MESSAGES.experienceTooLong).default(""),
  availability: boundedText(APPLICATION_LIMITS.availability, APPLICATION_MESSAGES.availabilityTooLong).default(""),
  motivation: boundedText(
    APPLICATION_LIMITS.motivation,
    APPLICATION_MESSAGES.motivationTooLong,
    APPLICATION_LIMITS.motivationMin,
    APPLICATION_MESSAGES.motivationTooShort,
  ),
  consent: z.literal("on", { error: APPLICATION_MESSAGES.consent }),
});
export type ApplicationInput = z.infer<typeof applicationSchema>;

/** What the application form sent, as the schema reads it (the checkboxes as lists). */
export function applicationInput(formData: FormData): Record<string, unknown> {
  const text = (key: string) => {
    const value = formData.get(key);
    return typeof value === "string" ? value : undefined;
  };
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone"),
    subjects: listOf(formData, "subjects"),
    levels: listOf(formData, "levels"),
    diplomas: text("diplomas"),
    experience: text("experience"),
    availability: text("availability"),
    motivation: text("motivation"),
    consent: text("consent"),
  };
}

function listOf(formData: FormData, key: string): string[] {
  return formData
    .getAll(key)
    .filter((value): value is string => typeof value === "string")
    .slice(0, 40)
    .map((value) => value.slice(0, 40));
}

export interface ApplicationValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subjects: string[];
  levels: string[];
  diplomas: string;
  experience: string;
  availability: string;
  motivation: string;
  consent: boolean;
}

/** The application form as typed, bounded, to give it back after an error (a file cannot be given back). */
export function typedApplicationValues(formData: FormData): ApplicationValues {
  const text = (key: string, max: number) => String(formData.get(key) ?? "").slice(0, max + 100);
  return {
    firstName: text("firstName", APPLICATION_LIMITS.name),
    lastName: text("lastName", APPLICATION_LIMITS.name),
    email: text("email", APPLICATION_LIMITS.email),
    phone: text("phone", APPLICATION_LIMITS.phone),
    subjects: listOf(formData, "subjects"),
    levels: listOf(formData, "levels"),
    diplomas: text("diplomas", APPLICATION_LIMITS.diplomas),
    experience: text("experience", APPLICATION_LIMITS.experience),
    availability: text("availability", APPLICATION_LIMITS.availability),
    motivation: text("motivation", APPLICATION_LIMITS.motivation),
    consent: formData.get("consent") === "on",
  };
}

// ── Public teacher profile ──────────────────────────────────────────────────────────────────────

export const teacherProfileSchema = z
  .object({
    displayName: boundedText(
      APPLICATION_LIMITS.displayName,
      APPLICATION_MESSAGES.displayNameTooLong,
      APPLICATION_LIMITS.displayNameMin,
      APPLICATION_MESSAGES.displayName,
    ),
    subjects: choices(SUBJECT_KEYS, APPLICATION_MESSAGES.subjects),
    levels: choices(LEVEL_KEYS, APPLICATION_MESSAGES.levels),
    bio: boundedText(APPLICATION_LIMITS.bio, APPLICATION_MESSAGES.bioTooLong).default(""),
    isPublic: z.boolean(),
  })
  .superRefine((profile, ctx) => {
    if (profile.isPublic && profile.bio === "") ctx.addIssue({ code: "custom", path: ["bio"], message: APPLICATION_MESSAGES.bioToPublish });
  });
export type TeacherProfileInput = z.infer<typeof teacherProfileSchema>;

export interface TeacherProfileValues {
  displayName: string;
  subjects: string[];
  levels: string[];
  bio: string;
  isPublic: boolean;
}

/** The profile form as sent: for the schema, and to give back after an error. */
export function teacherProfileValues(formData: FormData): TeacherProfileValues {
  return {
    displayName: String(formData.get("displayName") ?? "").slice(0, APPLICATION_LIMITS.displayName + 100),
    subjects: listOf(formData, "subjects"),
    levels: listOf(formData, "levels"),
    bio: String(formData.get("bio") ?? "").slice(0, APPLICATION_LIMITS.bio + 100),
    isPublic: formData.get("isPublic") === "on",
  };
}

// ── Decisions ───────────────────────────────────────────────────────────────────────────────────

/** The message sent with a refusal, and shown to the applicant on /professeur-dashboard. */
export const declineMessageSchema = boundedText(
  APPLICATION_LIMITS.decision,
  APPLICATION_MESSAGES.decisionTooLong,
  APPLICATION_LIMITS.decisionMin,
  APPLICATION_MESSAGES.decisionTooShort,
);

/** The filter of /admin/candidatures, read from the query string; anything unknown means « all ». */
export const applicationFiltersSchema = z.object({
  statut: z.enum(STATUS_KEYS).optional().catch(undefined),
});
export type ApplicationFilters = z.infer<typeof applicationFiltersSchema>;

// ── Display ─────────────────────────────────────────────────────────────────────────────────────

/** Keys stored comma-separated (subjects, levels) → the known ones, in the list's order. */
export function keysOf<K extends string>(stored: string, labels: Readonly<Record<K, string>>): K[] {
  const kept = new Set(stored.split(","));
  return (Object.keys(labels) as K[]).filter((key) => kept.has(key));
}

/** Stored keys → « Mathématiques, Anglais ». */
export function labelsOf<K extends string>(stored: string, labels: Readonly<Record<K, string>>): string[] {
  return keysOf(stored, labels).map((key) => labels[key]);
}

/** How an accepted teacher is first shown: « Camille D. ». */
export function defaultDisplayName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toLocaleUpperCase("fr-FR");
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** The avatar's letters: « Camille D. » → « CD ». */
export function initialsOf(displayName: string): string {
  const letters = displayName
    .split(/[\s.'-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase("fr-FR"));
  return (letters.length > 1 ? letters[0] + letters[letters.length - 1] : (letters[0] ?? "?")).slice(0, 2);
}

/** « 7 décembre 2026 », in Paris time. */
export function formatApplicationDate(date: Date | string): string {
  return new Date(date).toLocaleDateString("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" });
}
