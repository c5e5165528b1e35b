import { z } from "zod";
import { normalizePhone } from "../accounts/phone";
import { CONTACT_SUBJECTS, type ContactSubject, LEVELS, type Level, PUBLIC_FORM_MESSAGES, SUBJECTS, type Subject } from "./requests";

/**
 * The two lead forms (issue #14): the contact form (/contact) and the coaching request of a family
 * (/parent-form). Bounds, choices, zod schemas and their French messages, shared by the pages and the
 * server (leads.server.ts).
 */

export const LEAD_LIMITS = {
  name: 80,
  email: 254,
  phone: 30,
  messageMin: 10,
  message: 5000,
  studentFirstName: 60,
  school: 120,
  needsMin: 10,
  needs: 3000,
  availability: 500,
  teacherId: 64,
} as const;

/** Who fills the coaching request. */
export const PARENT_RELATIONS = {
  parent: "Parent de l'élève",
  eleve: "L'élève lui-même",
  autre: "Autre proche (famille, tuteur…)",
} as const;
export type ParentRelation = keyof typeof PARENT_RELATIONS;

export const LESSON_FORMATS = {
  "en-ligne": "En ligne",
  domicile: "À domicile",
  stage: "Stage pendant les vacances",
} as const;
export type LessonFormat = keyof typeof LESSON_FORMATS;

/** What the family wants next: a call from the team, or a teacher of /nos-profs. */
export const FOLLOW_UP_PREFERENCES = {
  rappel: "Être rappelé par l'équipe",
  professeur: "Choisir un professeur",
} as const;
export type FollowUpPreference = keyof typeof FOLLOW_UP_PREFERENCES;

export const LEAD_MESSAGES = {
  checkFields: "Vérifiez les champs indiqués.",
  name: "Indiquez votre nom.",
  nameTooLong: "Le nom est trop long (80 caractères au plus).",
  email: "Indiquez votre adresse e-mail.",
  emailInvalid: "Adresse e-mail invalide.",
  phoneMissing: "Indiquez un numéro de téléphone pour que nous puissions vous rappeler.",
  phoneInvalid: "Numéro de téléphone invalide (exemple\u00a0: 06 12 34 56 78, ou +32 470 12 34 56 depuis l'étranger).",
  contactSubject: "Choisissez l'objet de votre message.",
  messageMissing: "Écrivez votre message.",
  messageTooShort: "Votre message est trop court (10 caractères au moins).",
  messageTooLong: "Votre message est trop long (5\u00a0000 caractères au plus).",
  relation: "Indiquez qui remplit cette demande.",
  studentFirstName: "Indiquez le prénom de l'élève.",
  studentFirstNameTooLong: "Le prénom de l'élève est trop long (60 caractères au plus).",
  level: "Choisissez le niveau de l'élève.",
  schoolTooLong: "Le nom de l'établissement est trop long (120 caractères au plus).",
  subjects: "Choisissez au moins une matière.",
  unknownChoice: "Choisissez dans la liste proposée.",
  needsMissing: "Décrivez les besoins de l'élève.",
  needsTooShort: "Décrivez les besoins de l'élève en 10 caractères au moins.",
  needsTooLong: "Ce texte est trop long (3\u00a0000 caractères au plus).",
  format: "Choisissez le format de l'accompagnement.",
  availabilityTooLong: "Ce texte est trop long (500 caractères au plus).",
  preference: "Indiquez si vous préférez être rappelé ou choisir un professeur.",
  teacher: "Choisissez un professeur dans la liste.",
  teacherUnavailable:
    "Ce professeur n'est plus proposé sur Tremplin\u00a0: choisissez-en un autre dans la liste, ou demandez à être rappelé.",
  consent: PUBLIC_FORM_MESSAGES.consent,
  contactSent: "Message envoyé",
  parentSent: "Demande envoyée",
} as const;

const CONTACT_SUBJECT_KEYS = Object.keys(CONTACT_SUBJECTS) as [ContactSubject, ...ContactSubject[]];
const LEVEL_KEYS = Object.keys(LEVELS) as [Level, ...Level[]];
const SUBJECT_KEYS = Object.keys(SUBJECTS) as [Subject, ...Subject[]];
const RELATION_KEYS = Object.keys(PARENT_RELATIONS) as [ParentRelation, ...ParentRelation[]];
const FORMAT_KEYS = Object.keys(LESSON_FORMATS) as [LessonFormat, ...LessonFormat[]];
const PREFERENCE_KEYS = Object.keys(FOLLOW_UP_PREFERENCES) as [FollowUpPreference, ...FollowUpPreference[]];

/** A text as the user meant it: Windows line breaks count as one character, outer blanks go. */
const normalizedText = (value: string) => value.replace(/\r\n?/g, "\n").trim();
/** A one-line value (a name): inner runs of blanks and line breaks become one space. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

function singleLine(max: number, missing: string, tooLong: string) {
  return z.string({ error: missing }).transform(oneLine).pipe(z.string().min(1, missing).max(max, tooLong));
}

function optionalLine(max: number, tooLong: string) {
  return z.string().default("").transform(oneLine).pipe(z.string().max(max, tooLong));
}

function longText(min: number, max: number, missing: string, tooShort: string, tooLong: string) {
  return z.string({ error: missing }).transform(normalizedText).pipe(z.string().min(1, missing).min(min, tooShort).max(max, tooLong));
}

const email = z
  .string({ error: LEAD_MESSAGES.email })
  .trim()
  .toLowerCase()
  .min(1, LEAD_MESSAGES.email)
  .max(LEAD_LIMITS.email, LEAD_MESSAGES.emailInvalid)
  .pipe(z.email(LEAD_MESSAGES.emailInvalid));

/** A French or international number, in E.164 (+33612345678); null when it does not parse. */
function phoneOrNull(value: string): string | null {
  return value.length <= LEAD_LIMITS.phone ? normalizePhone(value) : null;
}

/** A phone number, required: kept in E.164. */
function requiredPhone(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .transform((value, ctx) => {
      const normalized = phoneOrNull(value);
      if (!normalized) {
        ctx.addIssue({ code: "custom", message: LEAD_MESSAGES.phoneInvalid });
        return z.NEVER;
      }
      return normalized;
    });
}

/** A phone number that may be left empty (null); when given, kept in E.164. */
const optionalPhone = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const trimmed = value.trim();
    if (trimmed === "") return null;
    const normalized = phoneOrNull(trimmed);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: LEAD_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return normalized;
  });

/** One of a list's keys; anything else (nothing chosen, a forged value) gets `message`. */
function oneOf<K extends string>(keys: readonly [K, ...K[]], message: string) {
  return z.enum(keys, { error: message });
}

const consent = z.literal(true, { error: LEAD_MESSAGES.consent });

// ── Contact ─────────────────────────────────────────────────────────────────────────────────────

export const contactSchema = z.object({
  name: singleLine(LEAD_LIMITS.name, LEAD_MESSAGES.name, LEAD_MESSAGES.nameTooLong),
  email,
  phone: optionalPhone,
  subject: oneOf(CONTACT_SUBJECT_KEYS, LEAD_MESSAGES.contactSubject),
  message: longText(
    LEAD_LIMITS.messageMin,
    LEAD_LIMITS.message,
    LEAD_MESSAGES.messageMissing,
    LEAD_MESSAGES.messageTooShort,
    LEAD_MESSAGES.messageTooLong,
  ),
  consent,
});
export type ContactInput = z.infer<typeof contactSchema>;

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  consent: boolean;
}

// ── Coaching request ────────────────────────────────────────────────────────────────────────────

export const parentSchema = z
  .object({
    name: singleLine(LEAD_LIMITS.name, LEAD_MESSAGES.name, LEAD_MESSAGES.nameTooLong),
    email,
    phone: requiredPhone(LEAD_MESSAGES.phoneMissing),
    relation: oneOf(RELATION_KEYS, LEAD_MESSAGES.relation),
    studentFirstName: singleLine(LEAD_LIMITS.studentFirstName, LEAD_MESSAGES.studentFirstName, LEAD_MESSAGES.studentFirstNameTooLong),
    level: oneOf(LEVEL_KEYS, LEAD_MESSAGES.level),
    school: optionalLine(LEAD_LIMITS.school, LEAD_MESSAGES.schoolTooLong),
    subjects: z
      .array(z.string(), { error: LEAD_MESSAGES.subjects })
      .transform((values, ctx) => {
        if (values.some((value) => !(SUBJECT_KEYS as readonly string[]).includes(value))) {
          ctx.addIssue({ code: "custom", message: LEAD_MESSAGES.unknownChoice });
          return z.NEVER;
        }
        // Each subject once, in the list's order.
        return SUBJECT_KEYS.filter((key) => values.includes(key));
      })
      .refine((values) => values.length > 0, { message: LEAD_MESSAGES.subjects }),
    needs: longText(
      LEAD_LIMITS.needsMin,
      LEAD_LIMITS.needs,
      LEAD_MESSAGES.needsMissing,
      LEAD_MESSAGES.needsTooShort,
      LEAD_MESSAGES.needsTooLong,
    ),
    format: oneOf(FORMAT_KEYS, LEAD_MESSAGES.format),
    availability: z
      .string()
      .default("")
      .transform(normalizedText)
      .pipe(z.string().max(LEAD_LIMITS.availability, LEAD_MESSAGES.availabilityTooLong)),
    preference: oneOf(PREFERENCE_KEYS, LEAD_MESSAGES.preference),
    teacherId: z
      .string()
      .default("")
      .transform((value) => value.trim()),
    consent,
  })
  .superRefine(
    (form, ctx) => {
      if (form.preference !== "professeur" || typeof form.teacherId !== "string") return;
      if (form.teacherId === "") ctx.addIssue({ code: "custom", path: ["teacherId"], message: LEAD_MESSAGES.teacher });
      // An id no account could have: the same answer as a teacher who is not (or no longer) shown.
      else if (!isTeacherIdShape(form.teacherId))
        ctx.addIssue({ code: "custom", path: ["teacherId"], message: LEAD_MESSAGES.teacherUnavailable });
    },
    // Also when other fields are wrong (a missing consent…): every error is shown at once.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  // The teacher counts only when the family chose to pick one.
  .transform(({ teacherId, ...form }) => ({ ...form, teacherId: form.preference === "professeur" ? teacherId : null }));
export type ParentInput = z.infer<typeof parentSchema>;

export interface ParentValues {
  name: string;
  email: string;
  phone: string;
  relation: string;
  studentFirstName: string;
  level: string;
  school: string;
  subjects: string[];
  needs: string;
  format: string;
  availability: string;
  preference: string;
  teacherId: string;
  consent: boolean;
}

/** Whether a value could be an account id (what ?prof= and the teacher select carry). */
export function isTeacherIdShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

// ── Reading the forms ───────────────────────────────────────────────────────────────────────────

/** A field as typed, bounded (a little above its limit, so « too long » is still told) to give it back. */
function typed(formData: FormData, key: string, max: number): string {
  const value = formData.get(key);
  return typeof value === "string" ? value.slice(0, max + 100) : "";
}

/** The checked boxes of a list, bounded in number and length. */
function checked(formData: FormData, key: string): string[] {
  return formData
    .getAll(key)
    .filter((value): value is string => typeof value === "string")
    .slice(0, 40)
    .map((value) => value.slice(0, 40));
}

/** The contact form as sent: what the schema reads, and what the page gives back after an error. */
export function contactValues(formData: FormData): ContactValues {
  return {
    name: typed(formData, "name", LEAD_LIMITS.name),
    email: typed(formData, "email", LEAD_LIMITS.email),
    phone: typed(formData, "phone", LEAD_LIMITS.phone),
    subject: typed(formData, "subject", 40),
    message: typed(formData, "message", LEAD_LIMITS.message),
    consent: formData.get("consent") === "on",
  };
}

/** The coaching request as sent: what the schema reads, and what the page gives back after an error. */
export function parentValues(formData: FormData): ParentValues {
  return {
    name: typed(formData, "name", LEAD_LIMITS.name),
    email: typed(formData, "email", LEAD_LIMITS.email),
    phone: typed(formData, "phone", LEAD_LIMITS.phone),
    relation: typed(formData, "relation", 40),
    studentFirstName: typed(formData, "studentFirstName", LEAD_LIMITS.studentFirstName),
    level: typed(formData, "level", 40),
    school: typed(formData, "school", LEAD_LIMITS.school),
    subjects: checked(formData, "subjects"),
    needs: typed(formData, "needs", LEAD_LIMITS.needs),
    format: typed(formData, "format", 40),
    availability: typed(formData, "availability", LEAD_LIMITS.availability),
    preference: typed(formData, "preference", 40),
    teacherId: typed(formData, "teacherId", LEAD_LIMITS.teacherId),
    consent: formData.get("consent") === "on",
  };
}

/** The subjects' labels: « Mathématiques, Anglais ». */
export function subjectLabels(subjects: readonly Subject[]): string {
  return subjects.map((subject) => SUBJECTS[subject]).join(", ");
}
