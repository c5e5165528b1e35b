/** Content rules checked by `npm run content:check` (and unit-tested): typography, placeholders, tokens. */

export const KNOWN_TOKENS = new Set([
  "site.name",
  "legal.publisherName",
  "legal.publisherStatus",
  "legal.publisherAddress",
  "legal.registration",
  "legal.publicationDirector",
  "legal.contactEmail",
  "hosting.name",
  "hosting.address",
]);

const PLACEHOLDER_PATTERN = /\b(lorem|ipsum|TODO|TBD|FIXME|XXX|placeholder)\b|en construction|bientôt disponible|à venir|prochainement/i;
const NBSP = "[\\u00a0\\u202f]";
// One apostrophe style across the site (CONTENT-STYLE): the typographic ’, outside code and maths.
const STRAIGHT_APOSTROPHE = /(?<=\p{L})'(?=\p{L})/u;

/** Removes what typography rules do not apply to: code, maths, URLs, link targets, tokens. */
export function proseOnly(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[\s\S]*?^\1\s*$/gm, (block) => "\n".repeat(block.split("\n").length - 1))
    .replace(/\$\$[\s\S]*?\$\$/g, (block) => "\n".repeat(block.split("\n").length - 1))
    .replace(/`[^`\n]*`/g, " ")
    .replace(/\$[^$\n]+\$/g, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/<?https?:\/\/[^\s>)]+>?/g, " ")
    .replace(/\{\{[^}]*\}\}/g, " ")
    // Box markers (":::definition[Titre]" and the closing ":::"): their title is prose, the colons are not.
    .replace(/^(\s*):{3,}[a-z]*/gm, "$1")
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, "");
}

export interface Problem {
  line: number;
  message: string;
}

/**
 * `apostrophes: false` for interface strings, which keep the straight apostrophe of the specification's
 * exact messages (docs/decisions/0011).
 */
export function typographyProblems(markdown: string, { apostrophes = true } = {}): Problem[] {
  const problems: Problem[] = [];
  proseOnly(markdown)
    .split("\n")
    .forEach((text, index) => {
      const line = index + 1;
      const report = (message: string) => problems.push({ line, message });
      if (/ [;!?:](?=\s|$)/.test(text)) report("espace ordinaire avant « ; », « ! », « ? » ou « : » (espace insécable attendue)");
      if (new RegExp(`[^\\s\\u00a0\\u202f!?.…(\\["'’][;!?]`).test(text)) report("espace insécable manquante avant « ; », « ! » ou « ? »");
      if (new RegExp(`[^\\s\\u00a0\\u202f\\d(\\[*_]:(?=\\s|$)`).test(text)) report("espace insécable manquante avant « : »");
      if (new RegExp(`«(?!${NBSP})`).test(text)) report("espace insécable manquante après «");
      if (new RegExp(`(?<!${NBSP})»`).test(text)) report("espace insécable manquante avant »");
      if (/&nbsp;/.test(text)) report("écrire l'espace insécable comme caractère, pas comme &nbsp;");
      if (apostrophes && STRAIGHT_APOSTROPHE.test(text)) report("apostrophe droite : écrire l’apostrophe typographique ’");
    });
  return problems;
}

export function placeholderProblems(markdown: string): Problem[] {
  const problems: Problem[] = [];
  markdown.split("\n").forEach((text, index) => {
    const match = PLACEHOLDER_PATTERN.exec(text);
    if (match) problems.push({ line: index + 1, message: `texte provisoire interdit : « ${match[0]} »` });
  });
  return problems;
}

export function tokenProblems(markdown: string): Problem[] {
  const problems: Problem[] = [];
  markdown.split("\n").forEach((text, index) => {
    for (const match of text.matchAll(/\{\{([^}]*)\}\}/g)) {
      if (!KNOWN_TOKENS.has(match[1])) problems.push({ line: index + 1, message: `jeton inconnu : {{${match[1]}}}` });
    }
  });
  return problems;
}

/** Strips the query and the anchor of an internal link. */
export function linkPath(href: string): string {
  const path = href.split(/[?#]/)[0];
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}
