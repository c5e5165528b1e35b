import { z } from "zod";
import type { Subject } from "../learning/subjects";

/** What the teacher space and the student side share about classes: labels, codes and form schemas. */

export const CLASS_LEVELS = { ecg1: "ECG 1re année", ecg2: "ECG 2e année" } as const;
export type ClassLevel = keyof typeof CLASS_LEVELS;

/** The subjects a class can be for, with the progress subject the dashboard tracks for it (if any). */
export const CLASS_SUBJECTS = {
  "maths-approfondies": { label: "Maths approfondies", progress: "Mathématiques" },
  "maths-appliquees": { label: "Maths appliquées", progress: "Mathématiques" },
  informatique: { label: "Informatique (Python)", progress: "Python" },
  esh: { label: "ESH", progress: null },
  hggmc: { label: "HGGMC", progress: null },
  "culture-generale": { label: "Culture générale", progress: null },
  anglais: { label: "Anglais", progress: "Anglais" },
  espagnol: { label: "Espagnol", progress: null },
  allemand: { label: "Allemand", progress: null },
} as const satisfies Record<string, { label: string; progress: Subject | null }>;
export type ClassSubject = keyof typeof CLASS_SUBJECTS;

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_LENGTH = 8;

/** "abcd efgh", "ABCD-EFGH" → "ABCDEFGH": what students type is compared this way. */
export function normalizeJoinCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** "ABCDEFGH" → "ABCD-EFGH", as the code is shown. */
export function formatJoinCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The school year a date falls in (from 1 August): 2026-11-23 → "2026-2027". */
export function schoolYearOf(date: Date): string {
  const [year, month] = date.toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" }).split("-").map(Number);
  const start = month >= 8 ? year : year - 1;
  return `${start}-${start + 1}`;
}

/** A class as its student sees it (the dashboard's « Mes classes »). */
export interface StudentClass {
  id: string;
  name: string;
  level: ClassLevel;
  subject: ClassSubject;
  schoolYear: string;
  teacherName: string;
  joinedAt: Date;
  grantsMaths: boolean;
  colleCoefficient: number;
}

export const CLASS_MESSAGES = {
  created: "Classe créée",
  updated: "Classe mise à jour",
  codeRotated: "Nouveau code d'accès créé\u00a0: l'ancien ne fonctionne plus.",
  joinEnabled: "Les élèves peuvent rejoindre la classe avec son code.",
  joinDisabled: "Le code d'accès est désactivé\u00a0: plus personne ne peut rejoindre la classe.",
  memberRemoved: "Élève retiré de la classe",
  deleted: (name: string) => `La classe «\u00a0${name}\u00a0» est supprimée.`,
  deleteNotConfirmed: "Cochez la case pour confirmer la suppression.",
  memberNotFound: "Cet élève ne fait pas partie de la classe.",
  joined: (name: string) => `Vous avez rejoint la classe «\u00a0${name}\u00a0».`,
  alreadyMember: (name: string) => `Vous faites déjà partie de la classe «\u00a0${name}\u00a0».`,
  unknownCode: "Ce code ne correspond à aucune classe ouverte. Vérifiez-le auprès de votre professeur.",
  ownClass: "C'est l'une de vos classes\u00a0: vous ne pouvez pas la rejoindre comme élève.",
  left: (name: string) => `Vous avez quitté la classe «\u00a0${name}\u00a0».`,
  checkFields: "Vérifiez les champs indiqués.",
} as const;

const name = z.string().trim().min(1, "Donnez un nom à la classe.").max(80, "Le nom est trop long (80 caractères au plus).");

export const classSchema = z.object({
  name,
  level: z.enum(Object.keys(CLASS_LEVELS) as [ClassLevel, ...ClassLevel[]], { error: "Choisissez l'année." }),
  subject: z.enum(Object.keys(CLASS_SUBJECTS) as [ClassSubject, ...ClassSubject[]], { error: "Choisissez la matière." }),
  schoolYear: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{4}$/, "L'année scolaire s'écrit comme 2026-2027.")
    .refine((value) => Number(value.slice(5)) === Number(value.slice(0, 4)) + 1, "L'année scolaire s'écrit comme 2026-2027."),
  grantsMaths: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});
export type ClassInput = z.infer<typeof classSchema>;

export const joinCodeSchema = z.object({
  code: z
    .string()
    .transform(normalizeJoinCode)
    .pipe(z.string().length(JOIN_CODE_LENGTH, `Le code d'accès comporte ${JOIN_CODE_LENGTH} caractères (par exemple ABCD-EF23).`)),
});
