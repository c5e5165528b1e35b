import { z } from "zod";

/**
 * What every mark shares, for assignments and colles alike (issue #13, DESIGN §7): the statuses that
 * stand instead of a mark, the periods, and marks as French teachers type them (« 12,5 »).
 */

/** A status replaces a mark. Only « Non rendu » counts, as 0; the others leave the mark out of the averages. */
export const GRADE_STATUSES = {
  abs: { label: "Abs", long: "Absent", countsAsZero: false },
  "abs-excuse": { label: "Abs excusé", long: "Absence excusée", countsAsZero: false },
  disp: { label: "Disp", long: "Dispensé", countsAsZero: false },
  "non-rendu": { label: "Non rendu", long: "Non rendu (compte 0)", countsAsZero: true },
  "non-note": { label: "Non noté", long: "Non noté", countsAsZero: false },
} as const;
export type GradeStatus = keyof typeof GRADE_STATUSES;
export const GRADE_STATUS_KEYS = Object.keys(GRADE_STATUSES) as [GradeStatus, ...GradeStatus[]];

export const PERIODS = {
  t1: "1er trimestre",
  t2: "2e trimestre",
  t3: "3e trimestre",
  s1: "1er semestre",
  s2: "2e semestre",
} as const;
export type Period = keyof typeof PERIODS;
export const PERIOD_KEYS = Object.keys(PERIODS) as [Period, ...Period[]];

/** A mark as stored: points, or a status, or nothing yet. */
export interface Mark {
  points: number | null;
  status: GradeStatus | null;
}

export const MARK_MESSAGES = {
  notANumber: "Une note s'écrit comme 12 ou 12,5, ou bien Abs, Abs excusé, Disp, Non rendu ou Non noté.",
  outOfRange: (max: number) => `La note doit être comprise entre 0 et ${formatPoints(max)}.`,
  tooPrecise: "Une note a au plus deux décimales.",
} as const;

/** 12.5 → « 12,5 »; 14 → « 14 »; at most two decimals. */
export function formatPoints(points: number): string {
  return (Math.round(points * 100) / 100).toString().replace(".", ",");
}

/** How a mark is shown in the gradebook and typed back: « 12,5 », « Abs », or empty. */
export function formatMark(mark: Mark): string {
  if (mark.status) return GRADE_STATUSES[mark.status].label;
  return mark.points === null ? "" : formatPoints(mark.points);
}

const statusByText = new Map<string, GradeStatus>(
  Object.entries(GRADE_STATUSES).flatMap(([key, value]) => [
    [normalize(value.label), key as GradeStatus],
    [normalize(key), key as GradeStatus],
    [normalize(value.long), key as GradeStatus],
  ]),
);

function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[\s._-]+/g, " ")
    .trim();
}

/**
 * What a teacher typed in a mark cell, out of `max`: « 12,5 », « 12.5 », « 12 », « abs », « Abs excusé »,
 * « NR »… An empty cell is no mark. The error is the French message to show next to the cell.
 */
export function parseMark(input: string, max: number): { ok: true; mark: Mark } | { ok: false; error: string } {
  const text = input.trim();
  if (text === "") return { ok: true, mark: { points: null, status: null } };
  const status = statusByText.get(normalize(text)) ?? (normalize(text) === "nr" ? "non-rendu" : undefined);
  if (status) return { ok: true, mark: { points: null, status } };
  if (!/^\d{1,3}([.,]\d+)?$/.test(text)) return { ok: false, error: MARK_MESSAGES.notANumber };
  if (/[.,]\d{3,}$/.test(text)) return { ok: false, error: MARK_MESSAGES.tooPrecise };
  const points = Number(text.replace(",", "."));
  if (points < 0 || points > max) return { ok: false, error: MARK_MESSAGES.outOfRange(max) };
  return { ok: true, mark: { points, status: null } };
}

/** A mark typed in a form, checked against `max`. */
export const markField = (max: number) =>
  z
    .string()
    .max(40, MARK_MESSAGES.notANumber)
    .transform((value, context) => {
      const parsed = parseMark(value, max);
      if (!parsed.ok) {
        context.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.mark;
    });
