import { readFileSync } from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
import contentLocation from "virtual:content-store";
import type { CompiledByKind, ContentKind } from "../../../content/collections";
import type { Heading } from "../../../content/compiled";
import type { ContentIndex, ContentIndexEntry } from "../../../content/pipeline/artefacts";
import { findCatalogEntry } from "../../catalog/catalog";
import { hasPage } from "../../catalog/site-pages";
import { getConfig } from "../../config.server";
import type { ChapterCompanion, PageLink, TrackChapter } from "../learning/track-chapters";

/**
 * The content store (issue #11): the index of every entry stays in memory; an entry's compiled form is
 * read from its own artefact when a page needs it and kept in a cache bounded in bytes, so the server's
 * memory does not grow with the number of pages. Artefacts: content/pipeline/artefacts.ts.
 */
const contentDir = path.resolve(process.cwd(), contentLocation.dir);

interface LoadedIndex {
  byId: Map<string, ContentIndexEntry>;
  courses: ContentIndexEntry[];
}

let loadedIndex: LoadedIndex | undefined;

function contentIndex(): LoadedIndex {
  if (!loadedIndex) {
    const { entries } = JSON.parse(readFileSync(path.join(contentDir, "index.json"), "utf8")) as ContentIndex;
    loadedIndex = { byId: new Map(entries.map((entry) => [entry.id, entry])), courses: entries.filter((entry) => entry.kind === "course") };
  }
  return loadedIndex;
}

/** Index data of an entry (listings, navigation, access) without reading the entry itself. */
export function contentMeta(id: string): ContentIndexEntry | undefined {
  return contentIndex().byId.get(id);
}

/** Every entry of the index (the generators' corpus walks them all). */
export function allContentMeta(): readonly ContentIndexEntry[] {
  return [...contentIndex().byId.values()];
}

/** The artefact of an entry as stored (JSON text), read without going through the cache. */
export function contentArtefactText(id: string): string | undefined {
  if (!contentMeta(id)) return undefined;
  return readFileSync(path.join(contentDir, "entries", `${id}.json`), "utf8");
}

/** Compiled entries recently read, at most 32 MB of their JSON (parsed, they take about twice that). */
const entries = new LRUCache<string, object>({ maxSize: 32 * 1024 * 1024 });

/** Forgets the index and the entries read so far: the next reads see build/content as it is now. */
export function forgetLoadedContent(): void {
  loadedIndex = undefined;
  entries.clear();
}

/** The compiled entry of a collection (collections.ts) by id, read on demand; undefined for another kind. */
export function getContent<K extends ContentKind>(kind: K, id: string): CompiledByKind[K] | undefined {
  const meta = contentMeta(id);
  if (!meta || meta.kind !== kind) return undefined;
  const cached = entries.get(id);
  if (cached) return cached as CompiledByKind[K];
  const text = readFileSync(path.join(contentDir, "entries", `${id}.json`), "utf8");
  const entry = JSON.parse(text) as CompiledByKind[K];
  entries.set(id, entry, { size: text.length });
  return entry;
}

// One reader per collection, for the route modules.
export const getPage = (id: string) => getContent("page", id);
export const getCourse = (id: string) => getContent("course", id);
export const getExerciseSet = (id: string) => getContent("exercises", id);
export const getQuiz = (id: string) => getContent("quiz", id);
export const getDeck = (id: string) => getContent("flashcards", id);
export const getReference = (id: string) => getContent("reference", id);
export const getVocabulary = (id: string) => getContent("vocabulary", id);

/** Description of any content entry, for listings. */
export function contentDescription(id: string): string | undefined {
  return contentMeta(id)?.description;
}


function linkTo(id: string | undefined): PageLink | undefined {
  const entry = id ? contentMeta(id) : undefined;
  return entry && hasPage(entry.path) ? { path: entry.path, title: entry.title } : undefined;
}

/** The published chapters of a track, in the track's order. */
function publishedTrack(track: string | undefined): ContentIndexEntry[] {
  return contentIndex()
    .courses.filter((other) => other.track === track && hasPage(other.path))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

function companion(id: string | undefined): ChapterCompanion | undefined {
  const entry = id ? contentMeta(id) : undefined;
  return entry && hasPage(entry.path) ? { id: entry.id, path: entry.path, title: entry.title, items: entry.items ?? 0 } : undefined;
}

/** A track's published chapters in order, each with its companion pages (the hubs' chapter lists). */
export function trackChapters(track: string): TrackChapter[] {
  return publishedTrack(track).map(trackChapter);
}

/** Published chapters by course id, in the given order (a hub's hand-made list). */
export function chaptersById(ids: readonly string[]): TrackChapter[] {
  return ids
    .map((id) => contentMeta(id))
    .filter((course): course is ContentIndexEntry => course?.kind === "course" && hasPage(course.path))
    .map(trackChapter);
}

function trackChapter(course: ContentIndexEntry): TrackChapter {
  return {
    id: course.id,
    path: course.path,
    title: course.title,
    exercises: companion(course.exercises),
    quiz: companion(course.quiz),
    flashcards: companion(course.flashcards),
  };
}

/** Previous and next published chapters of the course's track, and its companion pages. */
export function courseNavigation(course: CompiledByKind["course"]) {
  const track = publishedTrack(course.track);
  const index = track.findIndex((other) => other.id === course.id);
  const asLink = (other: ContentIndexEntry | undefined) => (other ? { path: other.path, title: other.title } : undefined);
  return {
    previous: asLink(track[index - 1]),
    next: asLink(track[index + 1]),
    exercises: linkTo(course.exercises),
    quiz: linkTo(course.quiz),
    flashcards: linkTo(course.flashcards),
  };
}

/** The course a companion page (exercises, quiz, deck) belongs to, when published. */
export function parentCourse(courseId: string | undefined): PageLink | undefined {
  const course = courseId ? contentMeta(courseId) : undefined;
  return course?.kind === "course" && findCatalogEntry(course.path) ? { path: course.path, title: course.title } : undefined;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Values of the {{tokens}} that content may use, from the server configuration. */
function tokenValues(): Record<string, string | undefined> {
  const { legal, hosting } = getConfig();
  return {
    "site.name": "Tremplin",
    "legal.publisherName": legal.publisherName,
    "legal.publisherStatus": legal.publisherStatus,
    "legal.publisherAddress": legal.publisherAddress,
    "legal.registration": legal.registration,
    "legal.publicationDirector": legal.publicationDirector,
    "legal.contactEmail": legal.contactEmail,
    "hosting.name": hosting.name,
    "hosting.address": hosting.address,
  };
}

/**
 * A content body for a loader (see ContentHtml): the HTML on client navigations, only a reference on a
 * document request, where the server renders it from the store through contentHtmlByRef.
 */
export function contentBody(kind: "course" | "page" | "exercise" | "intro", id: string, documentRequest: boolean): { html: string | null; htmlRef: string } {
  const htmlRef = `${kind}:${id}`;
  return { html: documentRequest ? null : (contentHtmlByRef(htmlRef) ?? ""), htmlRef };
}

/** The body a reference of contentBody names, as its route serves it; undefined for an unknown reference. */
export function contentHtmlByRef(ref: string): string | undefined {
  const separator = ref.indexOf(":");
  const [kind, id] = [ref.slice(0, separator), ref.slice(separator + 1)];
  if (kind === "course") return getCourse(id)?.html;
  if (kind === "exercise") {
    // `<set id>/<exercise id>`: the statement of one exercise (hints and solutions never travel this way).
    const [setId, exerciseId] = id.split("/");
    return getExerciseSet(setId)?.exercises.find((exercise) => exercise.id === exerciseId)?.statementHtml;
  }
  // The revision sheet at the head of an exercise set (the bridge modules).
  if (kind === "intro") return getExerciseSet(id)?.introHtml;
  if (kind === "page") {
    const page = getPage(id);
    return page && fillTokens(page.html);
  }
  return undefined;
}

/** Whether a compiled entry has formulas: worked out when it was compiled (the index says). */
export function contentHasMath(content: { id: string }): boolean {
  return contentMeta(content.id)?.hasMath ?? false;
}

const TOKEN = /\{\{([a-zA-Z.]+)\}\}/g;

/**
 * The h2 sections (by heading id) whose every token is unset: « Directeur de la publication » with no
 * director configured would show a heading with nothing after it. They are left out whole.
 */
function sectionsWithoutValues(html: string, values: Record<string, string | undefined>): Set<string> {
  const empty = new Set<string>();
  for (const section of html.split(/(?=<h2[\s>])/)) {
    const id = /^<h2 id="([^"]+)"/.exec(section)?.[1];
    const tokens = [...section.matchAll(TOKEN)].map((match) => match[1]);
    if (id && tokens.length > 0 && tokens.every((token) => !values[token])) empty.add(id);
  }
  return empty;
}

/**
 * Fills configuration tokens. A list item whose token is not configured is dropped whole, so a page
 * never shows an empty « Adresse : » line, and so is a section none of whose tokens is configured.
 */
export function fillTokens(html: string, values = tokenValues()): string {
  const emptySections = sectionsWithoutValues(html, values);
  const sections = html.split(/(?=<h2[\s>])/).filter((section) => !emptySections.has(/^<h2 id="([^"]+)"/.exec(section)?.[1] ?? ""));
  const withoutMissing = sections
    .join("")
    .replace(/<li>((?:(?!<\/li>)[\s\S])*?)\{\{([a-zA-Z.]+)\}\}((?:(?!<\/li>)[\s\S])*?)<\/li>\n?/g, (item, _before, token: string) =>
      values[token] ? item : "",
    );
  return withoutMissing.replace(TOKEN, (_match, token: string) => escapeHtml(values[token] ?? ""));
}

/** A page's headings as its body shows them: tokens filled, those of sections left out dropped. */
export function pageHeadings(page: CompiledByKind["page"], values = tokenValues()): Heading[] {
  const emptySections = sectionsWithoutValues(page.html, values);
  let inEmptySection = false;
  return page.headings
    .filter((heading) => {
      if (heading.depth === 2) inEmptySection = emptySections.has(heading.id);
      return !inEmptySection;
    })
    .map((heading) => ({
      ...heading,
      text: heading.text.replace(TOKEN, (_match, token: string) => values[token] ?? ""),
      html: fillTokens(heading.html, values),
    }));
}
