import store from "virtual:content-store";
import type { CompiledPage } from "../../../content/schema";
import type { CompiledCourse, CompiledDeck, CompiledExerciseSet, CompiledQuiz, CompiledReference, CompiledVocabulary } from "../../../content/pipeline/load";
import { findCatalogEntry } from "../../catalog/catalog";
import { hasPage } from "../../catalog/site-pages";
import { getConfig } from "../../config.server";
import { containsMath } from "./math-fonts";

export function getPage(id: string): CompiledPage | undefined {
  return store.pages[id];
}
export function getCourse(id: string): CompiledCourse | undefined {
  return store.courses[id];
}
export function getExerciseSet(id: string): CompiledExerciseSet | undefined {
  return store.exerciseSets[id];
}
export function getQuiz(id: string): CompiledQuiz | undefined {
  return store.quizzes[id];
}
export function getDeck(id: string): CompiledDeck | undefined {
  return store.decks[id];
}
export function getReference(id: string): CompiledReference | undefined {
  return store.references[id];
}
export function getVocabulary(id: string): CompiledVocabulary | undefined {
  return store.vocabularies[id];
}

/** Description of any content entry, for listings. */
export function contentDescription(id: string): string | undefined {
  return (store.pages[id] ?? store.courses[id] ?? store.exerciseSets[id] ?? store.quizzes[id] ?? store.decks[id] ?? store.references[id] ?? store.vocabularies[id])?.description;
}

export interface PageLink {
  path: string;
  title: string;
}

function linkTo(id: string | undefined): PageLink | undefined {
  if (!id) return undefined;
  const entry = [store.exerciseSets[id], store.quizzes[id], store.decks[id], store.courses[id]].find(Boolean);
  return entry && hasPage(entry.path) ? { path: entry.path, title: entry.title } : undefined;
}

/** Previous and next published chapters of the course's track, and its companion pages. */
export function courseNavigation(course: CompiledCourse) {
  const track = (Object.values(store.courses) as CompiledCourse[])
    .filter((other) => other.track === course.track && hasPage(other.path))
    .sort((a, b) => a.order - b.order);
  const index = track.findIndex((other) => other.id === course.id);
  const asLink = (other: CompiledCourse | undefined) => (other ? { path: other.path, title: other.title } : undefined);
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
  const course = courseId ? store.courses[courseId] : undefined;
  return course && findCatalogEntry(course.path) ? { path: course.path, title: course.title } : undefined;
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
export function contentBody(kind: "course" | "page" | "exercise", id: string, documentRequest: boolean): { html: string | null; htmlRef: string } {
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
  if (kind === "page") {
    const page = getPage(id);
    return page && fillTokens(page.html);
  }
  return undefined;
}

const mathByContent = new WeakMap<object, boolean>();

/** Whether a compiled piece of content has formulas; worked out once per piece, not per request. */
export function contentHasMath(content: object): boolean {
  let hasMath = mathByContent.get(content);
  if (hasMath === undefined) mathByContent.set(content, (hasMath = containsMath(content)));
  return hasMath;
}

/**
 * Fills configuration tokens. A list item whose token is not configured is dropped whole, so a page
 * never shows an empty « Adresse : » line.
 */
export function fillTokens(html: string, values = tokenValues()): string {
  const withoutMissing = html.replace(/<li>((?:(?!<\/li>)[\s\S])*?)\{\{([a-zA-Z.]+)\}\}((?:(?!<\/li>)[\s\S])*?)<\/li>\n?/g, (item, _before, token: string) =>
    values[token] ? item : "",
  );
  return withoutMissing.replace(/\{\{([a-zA-Z.]+)\}\}/g, (_match, token: string) => escapeHtml(values[token] ?? ""));
}
