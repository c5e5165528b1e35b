import type { Element, ElementContent, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { toText } from "hast-util-to-text";
import { MathMLToLaTeX } from "mathml-to-latex";
import type { CompiledByKind, ContentKind } from "../../../content/collections";

/**
 * The passages of one compiled content entry, as the generators retrieve and cite them: one per section
 * of a page or course (split at h2/h3, long sections cut at paragraph boundaries), per exercise, per
 * card, per command, per vocabulary theme. Formulas become their LaTeX between `$…$`, so a passage
 * quoted or turned into a flashcard keeps them exact (formula-text.tsx renders them).
 */
export interface Passage {
  url: string;
  heading: string;
  body: string;
  position: number;
}

/** Sections longer than this are cut at a paragraph boundary: a citation points at a readable excerpt. */
const MAX_PASSAGE_CHARS = 1_400;

function isElement(node: ElementContent | Root["children"][number]): node is Element {
  return node.type === "element";
}

/** Replaces each <math> by a text node `$latex$` (`$$latex$$` in a display box). */
function formulasAsLatex(node: Root | Element): void {
  node.children = node.children.map((child) => {
    if (!isElement(child)) return child;
    if (child.tagName === "math") {
      const latex = MathMLToLaTeX.convert(toHtml(child)).trim();
      return { type: "text", value: ` $${latex}$ ` };
    }
    formulasAsLatex(child);
    return child;
  }) as typeof node.children;
}

function clean(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/g, (spaces) => (spaces.includes("\u00a0") ? "\u00a0" : " "))
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/ \$([^$]+)\$ ([,.;:)])/g, " $$$1$$$2")
    .trim();
}

/** Text of an HTML fragment, formulas as LaTeX. */
export function htmlToText(html: string): string {
  const tree = fromHtml(html, { fragment: true });
  formulasAsLatex(tree);
  return clean(toText(tree, { whitespace: "normal" }));
}

/** Cuts a section's blocks into passages of at most MAX_PASSAGE_CHARS (a longer single block stays whole). */
function chunk(blocks: string[]): string[] {
  const chunks: string[] = [];
  let current = "";
  for (const block of blocks) {
    if (current && current.length + block.length + 2 > MAX_PASSAGE_CHARS) {
      chunks.push(current);
      current = "";
    }
    current = current ? `${current}\n\n${block}` : block;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** Sections of a page body, split at its h2/h3 headings (the text before the first one is « Introduction »). */
function bodyPassages(path: string, title: string, html: string): Passage[] {
  const tree = fromHtml(html, { fragment: true });
  formulasAsLatex(tree);
  const sections: { heading: string; anchor?: string; blocks: string[] }[] = [{ heading: title, blocks: [] }];
  for (const node of tree.children) {
    if (!isElement(node)) continue;
    if (node.tagName === "h2" || node.tagName === "h3") {
      sections.push({
        heading: clean(toText(node)),
        anchor: typeof node.properties.id === "string" ? node.properties.id : undefined,
        blocks: [],
      });
      continue;
    }
    const text = clean(toText(node, { whitespace: "normal" }));
    if (text) sections.at(-1)!.blocks.push(text);
  }
  const passages: Passage[] = [];
  for (const section of sections) {
    const url = section.anchor ? `${path}#${section.anchor}` : path;
    for (const body of chunk(section.blocks)) passages.push({ url, heading: section.heading, body, position: passages.length });
  }
  return passages;
}

/** The passages of an entry of the content store. Quizzes give none: their questions are not statements of fact. */
export function passagesOf<K extends ContentKind>(kind: K, entry: CompiledByKind[K], fillTokens: (html: string) => string): Passage[] {
  const numbered = (items: Omit<Passage, "position">[]) =>
    items.filter((item) => item.body).map((item, position) => ({ ...item, position }));
  switch (kind) {
    case "page": {
      const page = entry as CompiledByKind["page"];
      return bodyPassages(page.path, page.title, fillTokens(page.html));
    }
    case "course": {
      const course = entry as CompiledByKind["course"];
      return bodyPassages(course.path, course.title, course.html);
    }
    case "exercises": {
      const set = entry as CompiledByKind["exercises"];
      return numbered(
        set.exercises.map((exercise) => ({
          url: `${set.path}#${exercise.id}`,
          heading: exercise.title,
          body: [htmlToText(exercise.statementHtml), `Méthode : ${exercise.method}`].join("\n\n"),
        })),
      );
    }
    case "flashcards": {
      const deck = entry as CompiledByKind["flashcards"];
      return numbered(deck.cards.map((card) => ({ url: deck.path, heading: htmlToText(card.frontHtml), body: htmlToText(card.backHtml) })));
    }
    case "reference": {
      const reference = entry as CompiledByKind["reference"];
      return numbered(
        reference.entries.map((item) => ({
          url: reference.path,
          heading: item.command,
          body: [htmlToText(item.summaryHtml), item.example ?? ""].filter(Boolean).join("\n\n"),
        })),
      );
    }
    case "vocabulary": {
      const list = entry as CompiledByKind["vocabulary"];
      const categories = [...new Set(list.entries.map((item) => item.category))];
      return numbered(
        categories.map((category) => ({
          url: list.path,
          heading: `${list.title} — ${category}`,
          body: list.entries
            .filter((item) => item.category === category)
            .map((item) => `${item.term} : ${item.translation}. ${item.example}`)
            .join("\n"),
        })),
      );
    }
    default:
      return [];
  }
}
