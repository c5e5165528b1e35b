import { and, asc, count, desc, eq, sql, sum, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "../../../db/client.server";
import { reviews, user as userTable } from "../../../db/schema";
import { getConfig } from "../../config.server";
import { recordAudit } from "../admin/audit.server";
import { broadcast } from "../broadcast/broadcast.server";
import { notifyTeam } from "./public-form.server";
import { REVIEW_OFFERS, REVIEW_STATUSES, type ReviewOffer, type ReviewStatus, SUBJECTS, type Subject } from "./requests";
import {
  type AdminReviewQuery,
  HOME_REVIEW_COUNT,
  type ModerationInput,
  type PublicReviewQuery,
  REVIEWS_PER_PAGE,
  type ReviewInput,
  averageRating,
  excerpt,
  formatReviewDate,
  organizationRatingJsonLd,
  publicAuthorName,
  PENDING_LIMIT,
} from "./review-forms";

/**
 * Reviews (issue #14): one per account, read by the team before publication. Visitors see the published
 * ones on /avis and the latest three on the home page; each author sees their own whatever its status;
 * admins moderate them on /admin/avis. Anything that changes what visitors see is announced on the
 * `public-data` topic, which empties the anonymous HTML cache of every instance (server/app.ts).
 */

export const REVIEWS_CONSOLE_PATH = "/admin/avis";

const subjectLabel = (key: string) => SUBJECTS[key as Subject] ?? key;
const offerLabel = (key: string) => REVIEW_OFFERS[key as ReviewOffer] ?? key;
const statusOf = (value: string) => (value in REVIEW_STATUSES ? (value as ReviewStatus) : "pending");

async function announcePublicChange() {
  await broadcast("public-data");
}

// ── Public side ─────────────────────────────────────────────────────────────────────────────────

export interface PublicReview {
  id: string;
  author: string;
  rating: number;
  subject: string;
  offer: string;
  text: string;
  date: string;
}

function publishedWhere(filters: { matiere?: Subject; offre?: ReviewOffer } = {}): SQL {
  const conditions: SQL[] = [eq(reviews.status, "published")];
  if (filters.matiere) conditions.push(eq(reviews.subject, filters.matiere));
  if (filters.offre) conditions.push(eq(reviews.offer, filters.offre));
  return and(...conditions)!;
}

/** How many published reviews match, and the sum of their ratings. */
async function ratingTotals(where: SQL): Promise<{ count: number; sum: number }> {
  const db = await getDb();
  const [row] = await db
    .select({ count: count(), sum: sum(reviews.rating) })
    .from(reviews)
    .where(where);
  return { count: Number(row?.count ?? 0), sum: Number(row?.sum ?? 0) };
}

const publicColumns = {
  id: reviews.id,
  rating: reviews.rating,
  subject: reviews.subject,
  offer: reviews.offer,
  text: reviews.text,
  publishedAt: reviews.publishedAt,
  accountName: userTable.name,
};

function toPublicReview(row: {
  id: string;
  rating: number;
  subject: string;
  offer: string;
  text: string;
  publishedAt: Date | null;
  accountName: string;
}): PublicReview {
  return {
    id: row.id,
    author: publicAuthorName(row.accountName),
    rating: row.rating,
    subject: subjectLabel(row.subject),
    offer: offerLabel(row.offer),
    text: row.text,
    date: row.publishedAt ? formatReviewDate(row.publishedAt) : "",
  };
}

/**
 * /avis: a page of published reviews (newest first) matching the filters, the count and average of those
 * that match, and the JSON-LD aggregate over every published review (null while there is none).
 */
export async function loadPublicReviews(query: PublicReviewQuery) {
  const db = await getDb();
  const filtered = publishedWhere(query);
  const filtering = Boolean(query.matiere || query.offre);
  const [matching, overall] = await Promise.all([ratingTotals(filtered), filtering ? ratingTotals(publishedWhere()) : null]);
  const all = overall ?? matching;
  const pageCount = Math.max(1, Math.ceil(matching.count / REVIEWS_PER_PAGE));
  const page = Math.min(query.page, pageCount);
  const rows =
    matching.count === 0
      ? []
      : await db
          .select(publicColumns)
          .from(reviews)
          .innerJoin(userTable, eq(userTable.id, reviews.userId))
          .where(filtered)
          .orderBy(desc(reviews.publishedAt), desc(reviews.id))
          .limit(REVIEWS_PER_PAGE)
          .offset((page - 1) * REVIEWS_PER_PAGE);
  const average = averageRating(matching.sum, matching.count);
  return {
    reviews: rows.map(toPublicReview),
    count: matching.count,
    /** Their average, to one decimal (null when none matches). */
    average,
    page,
    pageCount,
    /** Published reviews, whatever the filters: the page says « no review yet » only when this is 0. */
    publishedCount: all.count,
    jsonLd: organizationRatingJsonLd({ siteUrl: getConfig().siteUrl, count: all.count, sum: all.sum }),
  };
}

/** The home page's latest published reviews, their text cut to an excerpt. */
export async function latestPublishedReviews(limit = HOME_REVIEW_COUNT) {
  const db = await getDb();
  const rows = await db
    .select(publicColumns)
    .from(reviews)
    .innerJoin(userTable, eq(userTable.id, reviews.userId))
    .where(publishedWhere())
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(limit);
  return rows.map((row) => {
    const review = toPublicReview(row);
    return { id: review.id, author: review.author, rating: review.rating, excerpt: excerpt(review.text) };
  });
}

// ── The author's own review ─────────────────────────────────────────────────────────────────────

export interface OwnReview {
  rating: number;
  subject: Subject;
  offer: ReviewOffer;
  text: string;
  status: ReviewStatus;
  rejectionReason: string;
  /** Created, or last edited. */
  updatedOn: string;
  updatedAt: string;
}

/** The caller's review, whatever its status (null when they have none). */
export async function findOwnReview(userId: string): Promise<OwnReview | null> {
  const db = await getDb();
  const [row] = await db.select().from(reviews).where(eq(reviews.userId, userId)).limit(1);
  if (!row) return null;
  return {
    rating: row.rating,
    subject: row.subject as Subject,
    offer: row.offer as ReviewOffer,
    text: row.text,
    status: statusOf(row.status),
    rejectionReason: row.rejectionReason,
    updatedOn: formatReviewDate(row.updatedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type SaveResult = { outcome: "created" | "updated" | "unchanged"; id: string };

/**
 * Writes the caller's review: created, or their one review replaced (the row is found by the caller's
 * account, never by an id the form sends). Any change sends it back to moderation — a published review
 * leaves the site until it is read again; an unchanged one keeps its status. The team is told.
 */
export async function saveOwnReview(author: { id: string; email: string; firstName: string }, input: ReviewInput): Promise<SaveResult> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [previous] = await tx.select().from(reviews).where(eq(reviews.userId, author.id)).for("update");
    if (
      previous &&
      previous.rating === input.rating &&
      previous.subject === input.subject &&
      previous.offer === input.offer &&
      previous.text === input.text
    )
      return { outcome: "unchanged" as const, id: previous.id, wasPublished: false };
    const now = new Date();
    const content = {
      rating: input.rating,
      subject: input.subject,
      offer: input.offer,
      text: input.text,
      status: "pending",
      rejectionReason: "",
      moderatedBy: null,
      moderatedAt: null,
      publishedAt: null,
      updatedAt: now,
    };
    // On conflict too: two first submissions at once still make one row.
    const [row] = await tx
      .insert(reviews)
      .values({ userId: author.id, createdAt: now, ...content })
      .onConflictDoUpdate({ target: reviews.userId, set: content })
      .returning({ id: reviews.id });
    return { outcome: previous ? ("updated" as const) : ("created" as const), id: row.id, wasPublished: previous?.status === "published" };
  });
  if (result.outcome === "unchanged") return { outcome: result.outcome, id: result.id };
  if (result.wasPublished) await announcePublicChange();
  await notifyTeam(
    result.outcome === "created" ? "Nouvel avis à relire" : "Avis modifié à relire",
    [
      `${author.firstName} (${author.email}) ${result.outcome === "created" ? "a laissé un avis" : "a modifié son avis"}${result.wasPublished ? ", qui était publié et repasse en relecture" : ""}.`,
      `Note\u00a0: ${input.rating}/5 — ${subjectLabel(input.subject)} — ${offerLabel(input.offer)}`,
      "",
      input.text,
    ].join("\n"),
    REVIEWS_CONSOLE_PATH,
  );
  return { outcome: result.outcome, id: result.id };
}

/** Deletes the caller's review (theirs only); false when they had none. */
export async function deleteOwnReview(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.delete(reviews).where(eq(reviews.userId, userId)).returning({ status: reviews.status });
  if (!row) return false;
  if (row.status === "published") await announcePublicChange();
  return true;
}

// ── Moderation ──────────────────────────────────────────────────────────────────────────────────

export interface ModeratedReview {
  id: string;
  authorName: string;
  authorEmail: string;
  rating: number;
  subject: string;
  offer: string;
  text: string;
  status: ReviewStatus;
  rejectionReason: string;
  createdOn: string;
  updatedOn: string;
  /** The version the moderation form sends back: a decision applies to the text the admin read. */
  updatedAt: string;
  moderatedOn: string | null;
  moderatorEmail: string | null;
}

const moderator = alias(userTable, "moderator");

const moderationColumns = {
  id: reviews.id,
  authorName: userTable.name,
  authorEmail: userTable.email,
  rating: reviews.rating,
  subject: reviews.subject,
  offer: reviews.offer,
  text: reviews.text,
  status: reviews.status,
  rejectionReason: reviews.rejectionReason,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  moderatedAt: reviews.moderatedAt,
  moderatorEmail: moderator.email,
};

interface ModerationRow {
  id: string;
  authorName: string;
  authorEmail: string;
  rating: number;
  subject: string;
  offer: string;
  text: string;
  status: string;
  rejectionReason: string;
  createdAt: Date;
  updatedAt: Date;
  moderatedAt: Date | null;
  moderatorEmail: string | null;
}

function toModeratedReview(row: ModerationRow): ModeratedReview {
  return {
    id: row.id,
    authorName: row.authorName,
    authorEmail: row.authorEmail,
    rating: row.rating,
    subject: subjectLabel(row.subject),
    offer: offerLabel(row.offer),
    text: row.text,
    status: statusOf(row.status),
    rejectionReason: row.rejectionReason,
    createdOn: formatReviewDate(row.createdAt),
    updatedOn: formatReviewDate(row.updatedAt),
    updatedAt: row.updatedAt.toISOString(),
    moderatedOn: row.moderatedAt ? formatReviewDate(row.moderatedAt) : null,
    moderatorEmail: row.moderatorEmail,
  };
}

/** At most this many pending reviews are listed at once, oldest first: the queue is worked from the top. */

/** /admin/avis: the pending reviews first (oldest first), then a page of the others of one status. */
export async function loadModerationQueue(query: AdminReviewQuery) {
  const db = await getDb();
  const base = () =>
    db
      .select(moderationColumns)
      .from(reviews)
      .innerJoin(userTable, eq(userTable.id, reviews.userId))
      .leftJoin(moderator, eq(moderator.id, reviews.moderatedBy));
  const [counts, pending] = await Promise.all([
    db.select({ status: reviews.status, count: count() }).from(reviews).groupBy(reviews.status),
    base().where(eq(reviews.status, "pending")).orderBy(asc(reviews.updatedAt), asc(reviews.id)).limit(PENDING_LIMIT),
  ]);
  const countOf = (status: ReviewStatus) => Number(counts.find((row) => row.status === status)?.count ?? 0);
  const pageCount = Math.max(1, Math.ceil(countOf(query.statut) / REVIEWS_PER_PAGE));
  const page = Math.min(query.page, pageCount);
  const others = await base()
    .where(eq(reviews.status, query.statut))
    .orderBy(desc(sql`coalesce(${reviews.moderatedAt}, ${reviews.updatedAt})`), desc(reviews.id))
    .limit(REVIEWS_PER_PAGE)
    .offset((page - 1) * REVIEWS_PER_PAGE);
  return {
    counts: { pending: countOf("pending"), published: countOf("published"), rejected: countOf("rejected") },
    pending: pending.map(toModeratedReview),
    others: others.map(toModeratedReview),
    page,
    pageCount,
  };
}

/** Which statuses each decision applies to. */
const DECISIONS = {
  approve: { from: ["pending", "rejected"], to: "published", audit: "review.approve" },
  reject: { from: ["pending"], to: "rejected", audit: "review.reject" },
  unpublish: { from: ["published"], to: "pending", audit: "review.unpublish" },
} as const satisfies Record<ModerationInput["intent"], { from: readonly ReviewStatus[]; to: ReviewStatus; audit: string }>;

export type ModerationResult = { ok: true } | { ok: false; reason: "not-found" | "changed" };

/**
 * One moderation decision, applied only to the version the admin read (`input.version`) and from a status
 * it applies to — otherwise « changed », nothing written. Written to the audit log with the status before
 * and after, in the same transaction; then the public pages' cache is emptied.
 */
export async function moderateReview(actor: { id: string; email: string }, input: ModerationInput): Promise<ModerationResult> {
  const decision = DECISIONS[input.intent];
  const db = await getDb();
  const result = await db.transaction(async (tx): Promise<ModerationResult> => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, input.id)).for("update");
    if (!row) return { ok: false, reason: "not-found" };
    if (row.updatedAt.getTime() !== new Date(input.version).getTime()) return { ok: false, reason: "changed" };
    if (!(decision.from as readonly string[]).includes(row.status)) return { ok: false, reason: "changed" };
    const now = new Date();
    const rejectionReason = input.intent === "reject" ? input.reason : "";
    await tx
      .update(reviews)
      .set({
        status: decision.to,
        rejectionReason,
        moderatedBy: actor.id,
        moderatedAt: now,
        publishedAt: decision.to === "published" ? now : null,
        updatedAt: now,
      })
      .where(eq(reviews.id, row.id));
    await recordAudit(
      {
        actor,
        action: decision.audit,
        target: { type: "review", id: row.id },
        before: { status: row.status, ...(row.rejectionReason ? { rejectionReason: row.rejectionReason } : {}) },
        after: { status: decision.to, ...(rejectionReason ? { rejectionReason } : {}) },
      },
      tx as never,
    );
    return { ok: true };
  });
  // Publishing, unpublishing: what /avis and the home page show changed. A refusal of a pending review
  // changes nothing public, but costs one cache refill: announced all the same, the rule stays simple.
  if (result.ok) await announcePublicChange();
  return result;
}
