import { z } from "zod";
import { GRADE_STATUSES, type GradeStatus, type Mark, PERIOD_KEYS, type Period, formatPoints, markField } from "../grades/marks";

/**
 * What the colles pages share (issue #13, DESIGN §7): trinômes formed from a class's students, the
 * colloscope (week, day, time, room, colleur, group, period) and the colle marks out of 20.
 */

export const WEEKDAYS = { 1: "lundi", 2: "mardi", 3: "mercredi", 4: "jeudi", 5: "vendredi", 6: "samedi" } as const;
export type Weekday = keyof typeof WEEKDAYS;
export const WEEKDAY_KEYS = Object.keys(WEEKDAYS).map(Number) as Weekday[];

/** A colle is marked out of 20. */
export const COLLE_MAX_POINTS = 20;
export const COLLE_NAME_MAX = 80;
export const COLLE_ROOM_MAX = 40;
export const COLLE_COMMENT_MAX = 1000;
/** The largest group a form may create (a class rarely holds more than 50 students). */
const GROUP_MEMBERS_MAX = 60;

/** « de Bruno », « d'Adam », « d'Élise »: French elision before a vowel or a mute h is not guessed. */
export function ofName(name: string): string {
  return /^[aeiouyàâäéèêëîïôöùûüÿœæ]/i.test(name) ? `d'${name}` : `de ${name}`;
}

export const COLLE_MESSAGES = {
  checkFields: "Vérifiez les champs indiqués.",
  unknownAction: "Action inconnue.",
  groupCreated: (name: string) => `Groupe «\u00a0${name}\u00a0» créé`,
  groupRenamed: (name: string) => `Groupe renommé en «\u00a0${name}\u00a0»`,
  groupDeleted: (name: string) => `Le groupe «\u00a0${name}\u00a0» est supprimé.`,
  groupNotFound: "Ce groupe n'existe pas dans cette classe.",
  groupNameTaken: "Un groupe de la classe porte déjà ce nom.",
  groupHasSlots: "Ce groupe a des colles au colloscope\u00a0: supprimez d'abord ces lignes (et leurs notes).",
  groupsFormed: (groups: number, students: number) =>
    `${groups} groupe${groups > 1 ? "s" : ""} formé${groups > 1 ? "s" : ""} avec ${students} élève${students > 1 ? "s" : ""}.`,
  nobodyToGroup: "Tous les élèves de la classe sont déjà dans un groupe.",
  alreadyInGroup: (student: string, group: string) =>
    `${student} est déjà dans le groupe «\u00a0${group}\u00a0»\u00a0: un élève n'appartient qu'à un groupe par classe. Déplacez-le depuis la liste des élèves.`,
  notAStudent: "Cet élève ne fait pas partie de la classe.",
  studentMoved: (student: string, group: string | null) =>
    group ? `${student} est maintenant dans le groupe «\u00a0${group}\u00a0».` : `${student} n'est plus dans aucun groupe.`,
  slotAdded: "Colle ajoutée au colloscope",
  slotDeleted: "Ligne du colloscope supprimée",
  slotNotFound: "Cette ligne n'existe plus dans le colloscope.",
  colleurUnknown: "Aucun compte Tremplin n'a cette adresse e-mail.",
  colleurNotProf: "Ce compte n'est pas un compte professeur\u00a0: seul un professeur peut être colleur.",
  coefficientSaved: "Coefficient des colles enregistré",
  marksSaved: "Notes de colle enregistrées",
  marksLine: (student: string, error: string) => `Ligne ${ofName(student)}\u00a0: ${error}`,
  notCounted: "Les colles ne comptent pas dans la moyenne",
} as const;

// ── Dates ────────────────────────────────────────────────────────────────────────────────────────

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written 'YYYY-MM-DD' (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether 'YYYY-MM-DD' is a Monday: a colloscope week starts on a Monday. */
export function isMonday(value: string): boolean {
  return isIsoDate(value) && new Date(`${value}T00:00:00Z`).getUTCDay() === 1;
}

/** The Monday of the week a date falls in, in Paris time: 'YYYY-MM-DD'. */
export function mondayOf(date: Date): string {
  const day = new Date(`${date.toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" })}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The date of a colle: its week's Monday plus the weekday. */
export function slotDate(weekStart: string, weekday: number): string {
  const day = new Date(`${weekStart}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + weekday - 1);
  return day.toISOString().slice(0, 10);
}

const longDate = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** '2026-12-07' → « 7 décembre 2026 », '2026-12-01' → « 1er décembre 2026 ». */
export function formatLongDate(value: string): string {
  const text = longDate.format(new Date(`${value}T00:00:00Z`));
  return text.replace(/^1 /, "1er ");
}

/** '2026-12-07' → « semaine du 7 décembre 2026 ». */
export function formatWeek(weekStart: string): string {
  return `semaine du ${formatLongDate(weekStart)}`;
}

/** « lundi 7 décembre 2026 à 17:00 ». */
export function formatSlotWhen(slot: { weekStart: string; weekday: number; startTime: string }): string {
  return `${WEEKDAYS[slot.weekday as Weekday] ?? ""} ${formatLongDate(slotDate(slot.weekStart, slot.weekday))} à ${slot.startTime}`;
}

/** « 17:00 », « 17h », « 17h30 », « 9:30 » → '17:00', '17:00', '17:30', '09:30'; anything else → null. */
export function normalizeTime(input: string): string | null {
  const match = /^(\d{1,2})\s*(?::(\d{2})|[hH]\s*(\d{2})?)$/.exec(input.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? match[3] ?? "0");
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

// ── Trinômes ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Groups of three in the given order: a remainder of one joins the last group (a group of four), a
 * remainder of two makes a group of two. 7 → 3 + 4, 8 → 3 + 3 + 2, 9 → 3 + 3 + 3; 1 → 1, 2 → 2, 4 → 4.
 */
export function formTrinomes<T>(students: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (let index = 0; index < students.length; index += 3) groups.push(students.slice(index, index + 3));
  const last = groups.at(-1);
  if (groups.length > 1 && last && last.length === 1) groups[groups.length - 2].push(...groups.pop()!);
  return groups;
}

/** Sorts students as a class list is read: by name, then e-mail, French collation. */
export function byStudentName<T extends { name: string; email?: string }>(a: T, b: T): number {
  return a.name.localeCompare(b.name, "fr", { sensitivity: "base" }) || (a.email ?? "").localeCompare(b.email ?? "", "fr");
}

/** « Groupe 1 » before « Groupe 2 » before « Groupe 10 ». */
export function byGroupName<T extends { name: string }>(a: T, b: T): number {
  return a.name.localeCompare(b.name, "fr", { numeric: true, sensitivity: "base" });
}

/** `count` names « Groupe N » that the class does not use yet, N counting up from 1. */
export function nextGroupNames(existing: readonly string[], count: number): string[] {
  const taken = new Set(existing.map((name) => name.trim().toLowerCase()));
  const names: string[] = [];
  for (let n = 1; names.length < count; n++) if (!taken.has(`groupe ${n}`)) names.push(`Groupe ${n}`);
  return names;
}

// ── Marks ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The colle mean of each period, out of 20: « Non rendu » counts 0, the other statuses are left out.
 * A period without a counted mark has no mean.
 */
export function colleMeans(marks: readonly { period: Period; points: number | null; status: GradeStatus | null }[]) {
  const sums = new Map<Period, { total: number; count: number }>();
  for (const mark of marks) {
    const points = mark.status ? (GRADE_STATUSES[mark.status].countsAsZero ? 0 : null) : mark.points;
    if (points === null) continue;
    const sum = sums.get(mark.period) ?? { total: 0, count: 0 };
    sums.set(mark.period, { total: sum.total + points, count: sum.count + 1 });
  }
  const means: Partial<Record<Period, { mean: number; count: number }>> = {};
  for (const [period, { total, count }] of sums) means[period] = { mean: total / count, count };
  return means;
}

/** 12.3456 → « 12,35 ». */
export const formatMean = (mean: number) => formatPoints(mean);

// ── Form schemas ─────────────────────────────────────────────────────────────────────────────────

const groupName = z
  .string()
  .trim()
  .min(1, "Donnez un nom au groupe.")
  .max(COLLE_NAME_MAX, `Le nom est trop long (${COLLE_NAME_MAX} caractères au plus).`);
const id = z.string().max(100, "Identifiant invalide.");
const uuid = (message: string) => z.string().trim().pipe(z.uuid(message));

export const groupSchema = z.object({
  name: groupName,
  members: z.array(id).max(GROUP_MEMBERS_MAX, `Un groupe compte au plus ${GROUP_MEMBERS_MAX} élèves.`).default([]),
});

export const renameGroupSchema = z.object({ groupId: uuid(COLLE_MESSAGES.groupNotFound), name: groupName });

export const groupIdSchema = z.object({ groupId: uuid(COLLE_MESSAGES.groupNotFound) });

/** Moving a student: to a group of the class, or out of every group (an empty group). */
export const moveStudentSchema = z.object({
  studentId: id.min(1, COLLE_MESSAGES.notAStudent),
  groupId: z.union([z.literal(""), uuid(COLLE_MESSAGES.groupNotFound)]),
});

export const TIME_MESSAGE = "L'heure s'écrit comme 17:00.";
export const MONDAY_MESSAGE = "Une semaine de colles commence un lundi\u00a0: choisissez le lundi de la semaine.";

export const slotSchema = z.object({
  weekStart: z
    .string()
    .trim()
    .refine(isIsoDate, { message: "Choisissez la date du lundi de la semaine (par exemple 2026-12-07).", abort: true })
    .refine(isMonday, MONDAY_MESSAGE),
  weekday: z.coerce
    .number({ error: "Choisissez le jour." })
    .int("Choisissez le jour.")
    .min(1, "Choisissez le jour.")
    .max(6, "Choisissez le jour."),
  startTime: z
    .string()
    .max(10, TIME_MESSAGE)
    .transform((value, context) => {
      const time = normalizeTime(value);
      if (time === null) {
        context.addIssue({ code: "custom", message: TIME_MESSAGE });
        return z.NEVER;
      }
      return time;
    }),
  room: z.string().trim().max(COLLE_ROOM_MAX, `La salle s'écrit en ${COLLE_ROOM_MAX} caractères au plus.`).default(""),
  colleurEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Cette adresse e-mail est trop longue.")
    .pipe(z.email("Donnez l'adresse e-mail du colleur (par exemple prenom.nom@example.com).")),
  groupId: uuid("Choisissez un groupe."),
  period: z.enum(PERIOD_KEYS, { error: "Choisissez la période." }),
});
export type SlotInput = z.infer<typeof slotSchema>;

export const slotIdSchema = z.object({ slotId: uuid(COLLE_MESSAGES.slotNotFound) });

const COEFFICIENT_MESSAGE = "Le coefficient est un nombre de 0 à 99, par exemple 1 ou 0,5.";

/** The colle coefficient as typed: « 1 », « 0,5 », « 2.25 »; 0 = colles not counted. */
export const coefficientSchema = z.object({
  coefficient: z
    .string()
    .trim()
    .max(10, COEFFICIENT_MESSAGE)
    .regex(/^\d{1,2}([.,]\d{1,2})?$/, COEFFICIENT_MESSAGE)
    .transform((value) => Number(value.replace(",", ".")))
    .pipe(z.number().min(0, COEFFICIENT_MESSAGE).max(99, COEFFICIENT_MESSAGE)),
});

/** One line of the marking form: a mark out of 20 (or a status) and a comment. */
export const colleMarkLineSchema = z.object({
  mark: markField(COLLE_MAX_POINTS),
  comment: z.string().trim().max(COLLE_COMMENT_MAX, `Le commentaire est trop long (${COLLE_COMMENT_MAX} caractères au plus).`),
});
export type ColleMarkLine = { studentId: string; mark: Mark; comment: string };

/** The form fields of a student's line in the marking form. */
export const markFieldName = (studentId: string) => `note-${studentId}`;
export const commentFieldName = (studentId: string) => `commentaire-${studentId}`;
