import type { Element, ElementContent, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { toText } from "hast-util-to-text";
import { findCatalogEntry } from "../../catalog/catalog";
import type { Permission } from "../access/policy";
import { requiredPermission } from "../access/policy";
import { allContentMeta, getCourse } from "../content/store.server";
import type { FlashcardsOutput, GeneratedCard } from "./generators";
import { htmlToText } from "./passages.server";

/**
 * The flashcard generator, offline. From a chapter: one card per definition, theorem, property and
 * method box of the course, and a card with a blank for each definition's key term (its bold words).
 * From a pasted text: definitions (« X est un… », « On appelle X… », « X : … »), sentences with a date or
 * a figure turned into blanks, and questions followed by their answer. Nothing is added to the text.
 */
export const MAX_CARDS = 40;
export const NO_CARD_MESSAGE =
  "Aucune carte n'a pu être tirée de ce texte. Le générateur repère les définitions (« X est… », « On appelle X… », « X : … »), les phrases datées ou chiffrées et les questions suivies de leur réponse : collez un passage de cours qui en contient.";
const BLANK = "[…]";

/** The chapters a viewer may draw cards from: published courses whose permission they hold. */
export function chapterChoices(permissions: readonly Permission[]): { id: string; title: string; path: string }[] {
  return allContentMeta()
    .filter((meta) => meta.kind === "course")
    .flatMap((meta) => {
      const entry = findCatalogEntry(meta.path);
      return entry && permissions.includes(requiredPermission(entry)) ? [{ id: meta.id, title: meta.title, path: meta.path }] : [];
    })
    .sort((a, b) => a.title.localeCompare(b.title, "fr"));
}

const BOX_QUESTIONS: Record<string, (title: string) => string> = {
  theoreme: (title) => `Énoncez le théorème : ${title}.`,
  propriete: (title) => `Énoncez la propriété : ${title}.`,
  methode: (title) => `Méthode : ${title}. Comment procéder ?`,
};

function isElement(node: ElementContent | Root["children"][number]): node is Element {
  return node.type === "element";
}

function boxes(tree: Root | Element, found: Element[] = []): Element[] {
  for (const child of tree.children) {
    if (!isElement(child)) continue;
    const classes = child.properties.className;
    if (child.tagName === "aside" && Array.isArray(classes) && classes.includes("box")) found.push(child);
    else boxes(child, found);
  }
  return found;
}

/** Cards from the boxes of a course the viewer may read; undefined when it is not one. */
export function chapterCards(chapterId: string, permissions: readonly Permission[]): FlashcardsOutput | undefined {
  const choice = chapterChoices(permissions).find((chapter) => chapter.id === chapterId);
  const course = choice && getCourse(chapterId);
  if (!choice || !course) return undefined;
  const cards: GeneratedCard[] = [];
  for (const box of boxes(fromHtml(course.html, { fragment: true }))) {
    const kind = (box.properties.className as string[]).find((name) => name.startsWith("box-"))?.slice(4) ?? "";
    const [titleNode, ...content] = box.children.filter(isElement);
    if (!titleNode) continue;
    const title = toText(titleNode).split(" — ").slice(1).join(" — ").trim() || toText(titleNode).trim();
    const bodyHtml = content.map((node) => toHtml(node)).join("");
    const back = htmlToText(bodyHtml);
    if (!title || !back) continue;
    if (kind === "definition") {
      cards.push({ kind: "definition", front: `Définition : ${title}`, back, sourceUrl: course.path });
      const term = content.flatMap((node) => strongTexts(node))[0];
      const blanked = term && back.includes(term) ? back.replace(term, BLANK) : undefined;
      if (term && blanked) cards.push({ kind: "cloze", front: blanked, back: term, sourceUrl: course.path });
    } else if (BOX_QUESTIONS[kind]) {
      cards.push({ kind: "question", front: BOX_QUESTIONS[kind](title), back, sourceUrl: course.path });
    }
  }
  return { title: course.title, cards: cards.slice(0, MAX_CARDS), sources: [{ title: course.title, url: course.path }] };
}

function strongTexts(node: Element): string[] {
  if (node.tagName === "strong") return [toText(node).trim()];
  return node.children.filter(isElement).flatMap(strongTexts);
}

// ── Pasted text ───────────────────────────────────────────────────────────────────────────────────

const SENTENCE = /[^.!?\n]+(?:[.!?]+|$)/g;
/** « X est un… », « Les X sont des… »: a short subject, then the definition. */
const IS_A =
  /^((?:(?:le|la|les|l'|un|une)\s+)?[\p{L}\p{N}'’ -]{2,60}?)\s+(est|sont|désigne|désignent|correspond à|représente)\s+((?:un|une|des|le|la|les|l'|l’|ce|cette)\b.{10,})$/iu;
const CALLED = /^on (?:appelle|nomme)\s+(.{2,80}?)\s+(?:un|une|le|la|les|l'|l’|tout|toute)\b/iu;
const TERM_COLON = /^([\p{L}\p{N}'’ -]{2,60})\s*:\s*(.{15,})$/u;
const DATED = /\b(1[0-9]{3}|20[0-9]{2})\b/;
const FIGURE = /\b\d+(?:[.,]\d+)?\s?(?:%|millions?|milliards?|km|habitants|€|dollars)/i;

function tidy(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase("fr") + text.slice(1);
}

export function textCards(text: string): GeneratedCard[] {
  const cards: GeneratedCard[] = [];
  const seen = new Set<string>();
  const add = (card: GeneratedCard) => {
    const key = card.front.toLocaleLowerCase("fr");
    if (!seen.has(key) && card.front.length <= 500 && card.back.length <= 1_500) {
      seen.add(key);
      cards.push(card);
    }
  };
  const lines = text.split(/\n+/).map(tidy).filter(Boolean);
  lines.forEach((line, index) => {
    // A question on its own line, answered by the next line.
    if (line.endsWith("?") && lines[index + 1] && !lines[index + 1].endsWith("?")) {
      add({ kind: "question", front: line, back: lines[index + 1] });
      return;
    }
    const colon = TERM_COLON.exec(line);
    if (colon && colon[1].split(" ").length <= 6) {
      add({ kind: "definition", front: `Définition : ${colon[1].trim()}`, back: capitalize(colon[2].trim()) });
      return;
    }
    for (const raw of line.match(SENTENCE) ?? []) {
      const sentence = tidy(raw);
      const isA = IS_A.exec(sentence);
      const called = CALLED.exec(sentence);
      if (called) add({ kind: "definition", front: `Définition : ${called[1].trim()}`, back: sentence });
      else if (isA && isA[1].split(" ").length <= 6) add({ kind: "definition", front: `Définition : ${isA[1].trim()}`, back: sentence });
      const date = DATED.exec(sentence);
      const figure = FIGURE.exec(sentence);
      const hidden = date?.[0] ?? figure?.[0];
      if (hidden && sentence.length >= 30) add({ kind: "cloze", front: sentence.replace(hidden, BLANK), back: hidden });
    }
  });
  return cards.slice(0, MAX_CARDS);
}

export function pastedTextCards(text: string): FlashcardsOutput {
  return { title: "Cartes tirées de votre texte", cards: textCards(text), sources: [] };
}
