import { createHash } from "node:crypto";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { corpusPassages, corpusSources } from "../../../db/schema";
import type { CompiledByKind, ContentKind } from "../../../content/collections";
import { findCatalogEntry } from "../../catalog/catalog";
import { type Permission, requiredPermission } from "../access/policy";
import { allContentMeta, contentArtefactText, fillTokens } from "../content/store.server";
import { wholeExcerpt } from "./excerpt";
import { passagesOf } from "./passages.server";

/**
 * The generators' corpus (issue #15): the passages of every published page, kept in PostgreSQL (or PGlite)
 * and searched with full-text search in French without accents (configuration `tremplin_fr`). Every
 * instance shares it; syncCorpus brings it up to date with the content store, entry by entry.
 */

/** The read permissions a passage may require; a viewer gets the passages of those they hold. */
export const CORPUS_PERMISSIONS = ["read:content:public", "read:content:python", "read:content:maths"] as const satisfies Permission[];

/** Any number, the same on every instance: two instances never rebuild the corpus at once. */
const SYNC_LOCK = 720_461_994;

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Brings the passages up to date with the content store: entries whose artefact changed are re-read,
 * entries gone (or no longer published) lose their passages. Returns how many entries were re-read.
 */
export async function syncCorpus(): Promise<{ updated: number; removed: number }> {
  const published = allContentMeta().flatMap((meta) => {
    const entry = findCatalogEntry(meta.path);
    const permission = entry && requiredPermission(entry);
    return permission && (CORPUS_PERMISSIONS as readonly string[]).includes(permission) ? [{ meta, permission }] : [];
  });
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK})`);
    const known = new Map((await tx.select().from(corpusSources)).map((row) => [row.contentId, row.hash]));
    let updated = 0;
    for (const { meta, permission } of published) {
      const text = contentArtefactText(meta.id);
      if (text === undefined) continue;
      const hash = hashOf(`${permission}\n${text}`);
      if (known.get(meta.id) === hash) continue;
      const passages = passagesOf(meta.kind as ContentKind, JSON.parse(text) as CompiledByKind[ContentKind], (html) => fillTokens(html));
      await tx.delete(corpusPassages).where(eq(corpusPassages.contentId, meta.id));
      if (passages.length)
        await tx
          .insert(corpusPassages)
          .values(passages.map((passage) => ({ ...passage, contentId: meta.id, permission, pageTitle: meta.title })));
      await tx
        .insert(corpusSources)
        .values({ contentId: meta.id, hash })
        .onConflictDoUpdate({ target: corpusSources.contentId, set: { hash, syncedAt: new Date() } });
      updated += 1;
    }
    const keep = published.map(({ meta }) => meta.id);
    const gone = [...known.keys()].filter((id) => !keep.includes(id));
    if (gone.length) {
      await tx.delete(corpusPassages).where(inArray(corpusPassages.contentId, gone));
      await tx.delete(corpusSources).where(inArray(corpusSources.contentId, gone));
    }
    return { updated, removed: gone.length };
  });
}

export interface RetrievedPassage {
  id: number;
  contentId: string;
  url: string;
  pageTitle: string;
  heading: string;
  body: string;
  /** The passage's best sentences with the words of the query, for a quotation. */
  excerpt: string;
  rank: number;
  /** How many distinct words of the query (stemmed, stop words left out) the passage holds, out of `terms`. */
  matched: number;
  terms: number;
}

export interface RetrieveOptions {
  /** The read permissions the viewer holds (CORPUS_PERMISSIONS): the other passages are never returned. */
  permissions: readonly Permission[];
  limit?: number;
  /** Only these content entries (a chapter chosen in a form). */
  contentIds?: readonly string[];
  /** Leave out these entries. */
  excludeContentIds?: readonly string[];
}

/**
 * The passages that best match `query`, best first. Any word of the query may match (words are stemmed,
 * accents and case ignored); passages matching more of them, in the title or heading, rank higher.
 */
/**
 * French question words are not stop words for PostgreSQL (« quelle » stems to « quel »), yet they say
 * nothing of the topic: left in, « Quelle est la capitale du Kazakhstan ? » matched two words of
 * « Quelle fraction de son capital miser ? ».
 */
const QUESTION_WORDS = /(^|[^\p{L}])(quel(?:le)?s?|lequel|laquelle|lesquel(?:le)?s|comment|pourquoi|combien|quand)(?=[^\p{L}]|$)/giu;

export function withoutQuestionWords(query: string): string {
  return query.replace(QUESTION_WORDS, "$1 ");
}

export async function retrieve(rawQuery: string, options: RetrieveOptions): Promise<RetrievedPassage[]> {
  const query = withoutQuestionWords(rawQuery);
  const permissions = options.permissions.filter((permission) => (CORPUS_PERMISSIONS as readonly string[]).includes(permission));
  if (!query.trim() || permissions.length === 0) return [];
  const db = await getDb();
  // plainto_tsquery joins the words with AND; a question rarely has all its words in one passage: OR them.
  const tsQuery = sql`cast(replace(cast(plainto_tsquery('tremplin_fr', ${query.slice(0, 2_000)}) as text), '&', '|') as tsquery)`;
  const conditions = [
    sql`${corpusPassages.searchVector} @@ ${tsQuery}`,
    inArray(corpusPassages.permission, permissions),
    ...(options.contentIds ? [inArray(corpusPassages.contentId, [...options.contentIds])] : []),
    ...(options.excludeContentIds?.length ? [notInArray(corpusPassages.contentId, [...options.excludeContentIds])] : []),
  ];
  const rank = sql<number>`ts_rank_cd(${corpusPassages.searchVector}, ${tsQuery}, 1)`;
  const lexemes = sql`tsvector_to_array(to_tsvector('tremplin_fr', ${query.slice(0, 2_000)}))`;
  const rows = await db
    .select({
      id: corpusPassages.id,
      contentId: corpusPassages.contentId,
      url: corpusPassages.url,
      pageTitle: corpusPassages.pageTitle,
      heading: corpusPassages.heading,
      body: corpusPassages.body,
      excerpt: sql<string>`ts_headline('tremplin_fr', ${corpusPassages.body}, ${tsQuery}, 'StartSel="", StopSel="", MaxWords=45, MinWords=18, MaxFragments=2, FragmentDelimiter=" … "')`,
      rank,
      matched: sql<number>`(select count(*) from unnest(${lexemes}) as lexeme where ${corpusPassages.searchVector} @@ cast(quote_literal(lexeme) as tsquery))`,
      terms: sql<number>`cardinality(${lexemes})`,
    })
    .from(corpusPassages)
    .where(and(...conditions))
    .orderBy(sql`${rank} desc`, corpusPassages.id)
    .limit(options.limit ?? 6);
  return rows.map((row) => ({
    ...row,
    excerpt: wholeExcerpt(row.body, row.excerpt),
    rank: Number(row.rank),
    matched: Number(row.matched),
    terms: Number(row.terms),
  }));
}

/** Every passage of some entries, in page order (a chapter chosen in the flashcard generator). */
export async function passagesOfContent(contentIds: readonly string[], permissions: readonly Permission[]) {
  if (!contentIds.length) return [];
  const db = await getDb();
  return db
    .select({
      contentId: corpusPassages.contentId,
      url: corpusPassages.url,
      pageTitle: corpusPassages.pageTitle,
      heading: corpusPassages.heading,
      body: corpusPassages.body,
    })
    .from(corpusPassages)
    .where(and(inArray(corpusPassages.contentId, [...contentIds]), inArray(corpusPassages.permission, [...permissions])))
    .orderBy(corpusPassages.contentId, corpusPassages.position);
}
