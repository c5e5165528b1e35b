import { z } from "zod";
import { REVIEW_OFFERS, type ReviewOffer, type ReviewStatus, SUBJECTS, type Subject } from "./requests";

/**
 * Reviews (issue #14): what the browser and the server share — the form schemas and their French
 * messages, the public filters, and the formatting of ratings, names and dates.
 */

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REJECTION_REASON_MIN = 5;
export const REJECTION_REASON_MAX = 500;
export const REVIEWS_PER_PAGE = 20;
/** Reviews on the home page, and the length of their excerpt. */
export const HOME_REVIEW_COUNT = 3;
export const HOME_EXCERPT_LENGTH = 240;
/** The highest page number read from a query string (more is read as the last page). */
const MAX_PAGE = 10_000;

export const REVIEW_MESSAGES = {
  rating: "Choisissez une note de 1 à 5 étoiles.",
  subject: "Choisissez la matière dans la liste.",
  offer: "Choisissez l'offre dans la liste.",
  textMissing: "Écrivez votre avis.",
  textShort: `Votre avis est trop court (${REVIEW_TEXT_MIN} caractères au moins).`,
  textLong: "Votre avis est trop long (2\u00a0000 caractères au plus).",
  checkFields: "Vérifiez les champs indiqués.",
  created: "Merci pour votre avis",
  createdDescription: "L'équipe le relit avant de le publier.",
  updated: "Avis modifié",
  updatedDescription: "Il repasse en relecture avant d'être publié.",
  unchanged: "Votre avis n'a pas changé.",
  deleted: "Avis supprimé",
  nothingToDelete: "Vous n'avez pas d'avis à supprimer.",
  unknownAction: "Action inconnue.",
} as const;

export const MODERATION_MESSAGES = {
  reasonMissing: "Indiquez la raison du refus\u00a0: l'auteur la lira.",
  reasonShort: `La raison est trop courte (${REJECTION_REASON_MIN} caractères au moins).`,
  reasonLong: `La raison est trop longue (${REJECTION_REASON_MAX} caractères au plus).`,
  approved: "Avis publié",
  approvedDescription: "Il est visible sur la page des avis et sur la page d'accueil.",
  rejected: "Avis refusé",
  rejectedDescription: "Son auteur voit la raison et peut le modifier.",
  unpublished: "Avis retiré du site",
  unpublishedDescription: "Il repasse en attente de relecture.",
  notFound: "Cet avis n'existe plus\u00a0: son auteur l'a peut-être supprimé.",
  changed: "Cet avis a été modifié ou modéré entre-temps\u00a0: relisez-le avant de décider.",
  unknownAction: "Action inconnue.",
} as const;

export type ReviewFormValues = { rating: string; subject: string; offer: string; text: string };

const subjectKeys = Object.keys(SUBJECTS) as [Subject, ...Subject[]];
const offerKeys = Object.keys(REVIEW_OFFERS) as [ReviewOffer, ...ReviewOffer[]];

/** A text as the user meant it: Windows line breaks count as one character, outer blanks go. */
const normalizedText = (value: string) => value.replace(/\r\n?/g, "\n").trim();

/** The review form: 1–5 stars, a subject, an offer and 20–2 000 characters of text. */
export const reviewSchema = z.object({
  rating: z.enum(["1", "2", "3", "4", "5"], { error: REVIEW_MESSAGES.rating }).transform(Number),
  subject: z.enum(subjectKeys, { error: REVIEW_MESSAGES.subject }),
  offer: z.enum(offerKeys, { error: REVIEW_MESSAGES.offer }),
  text: z
    .string({ error: REVIEW_MESSAGES.textMissing })
    .overwrite(normalizedText)
    .min(1, REVIEW_MESSAGES.textMissing)
    .min(REVIEW_TEXT_MIN, REVIEW_MESSAGES.textShort)
    .max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.textLong),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

/** The reason of a refusal, shown to the review's author. */
export const rejectionReasonSchema = z
  .string({ error: MODERATION_MESSAGES.reasonMissing })
  .overwrite(normalizedText)
  .min(1, MODERATION_MESSAGES.reasonMissing)
  .min(REJECTION_REASON_MIN, MODERATION_MESSAGES.reasonShort)
  .max(REJECTION_REASON_MAX, MODERATION_MESSAGES.reasonLong);

/** One moderation decision, as the admin page posts it; `version` is the review's updatedAt as the admin read it. */
export const moderationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: z.uuid(), version: z.iso.datetime() }),
  z.object({ intent: z.literal("unpublish"), id: z.uuid(), version: z.iso.datetime() }),
  z.object({ intent: z.literal("reject"), id: z.uuid(), version: z.iso.datetime(), reason: rejectionReasonSchema }),
]);
export type ModerationInput = z.infer<typeof moderationSchema>;

/** A text field of a form, bounded: a File or a missing field reads as "". */
export function formText(formData: FormData, name: string, max: number): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** What the review form sent, bounded, to validate and to give back to the form when it is refused. */
export function reviewFormValues(formData: FormData): ReviewFormValues {
  return {
    rating: formText(formData, "rating", 2),
    subject: formText(formData, "subject", 40),
    offer: formText(formData, "offer", 40),
    // Twice the limit: a text that is too long is kept in the form, and told so.
    text: formText(formData, "text", REVIEW_TEXT_MAX * 2),
  };
}

const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

/** Filters of /avis from its query string; anything unknown is dropped, never an error. */
export const publicReviewQuerySchema = z.object({
  matiere: z.enum(subjectKeys).optional().catch(undefined),
  offre: z.enum(offerKeys).optional().catch(undefined),
  page: pageNumber,
});
export type PublicReviewQuery = z.infer<typeof publicReviewQuerySchema>;

/** Filters of /admin/avis: the status of the reviews listed below the pending ones. */
export const adminReviewQuerySchema = z.object({
  statut: z.enum(["published", "rejected"] as const satisfies readonly ReviewStatus[]).catch("published"),
  page: pageNumber,
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;

export function readQuery<T>(schema: z.ZodType<T>, search: URLSearchParams): T {
  const raw: Record<string, string> = {};
  for (const key of ["matiere", "offre", "statut", "page"]) {
    const value = search.get(key);
    if (value !== null) raw[key] = value.slice(0, 40);
  }
  return schema.parse(raw);
}

/** A query string of these filters (empty ones left out), with its leading `?` when not empty. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

// ── Formatting ──────────────────────────────────────────────────────────────────────────────────

/** The mean of `count` ratings summing to `sum`, to one decimal, half up (4.25 → 4.3); null without ratings. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}

/** An average as French text, one decimal: 4.5 → « 4,5 », 5 → « 5,0 ». */
export function formatAverage(value: number): string {
  return value.toFixed(1).replace(".", ",");
}

/** The accessible text of a rating: « 4 sur 5 ». */
export function ratingLabel(rating: number | string): string {
  return `${rating} sur 5`;
}

/** « 1 avis », « 12 avis » (the word does not change), thousands grouped the French way. */
export function reviewCountLabel(count: number): string {
  return `${new Intl.NumberFormat("fr-FR").format(count).replace(/\u202f/g, "\u00a0")} avis`;
}

/**
 * The name a published review shows: the first word of the account's name and the initial of its last
 * word (« Marie Dupont » → « Marie D. »); never the e-mail address.
 */
export function publicAuthorName(accountName: string): string {
  const words = accountName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "Anonyme";
  const first = words[0];
  if (words.length === 1) return first;
  const initial = [...words[words.length - 1]][0]?.toLocaleUpperCase("fr-FR") ?? "";
  return `${first} ${initial}.`;
}

/** The start of a text, cut on a word near `max` characters, with an ellipsis when something was cut. */
export function excerpt(text: string, max = HOME_EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  const head = lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${head.replace(/[\s.,;:!?…'’(-]+$/u, "")}…`;
}

const frenchDate = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" });

/** A date in French, Paris time: « 3 mars 2026 ». */
export function formatReviewDate(date: Date): string {
  return frenchDate.format(date);
}

// ── Structured data ─────────────────────────────────────────────────────────────────────────────

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as \u escapes, so that no text can
 * close the script element or open a comment in it; U+2028 and U+2029 as well.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** schema.org Organization « Tremplin » with the aggregate of all published reviews; null without any. */
export function organizationRatingJsonLd({ siteUrl, count, sum }: { siteUrl: string; count: number; sum: number }): string | null {
  const average = averageRating(sum, count);
  if (average === null) return null;
  return serializeJsonLd({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Tremplin",
    url: siteUrl,
    aggregateRating: { "@type": "AggregateRating", ratingValue: average, reviewCount: count, bestRating: 5, worstRating: 1 },
  });
}

/** How many pending reviews the moderation page lists at once, oldest first. */
export const PENDING_LIMIT = 100;
