import type { Element } from "hast";
import { toHtml } from "hast-util-to-html";
import remarkDirective from "remark-directive";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import temml from "temml";
import { unified } from "unified";
import type { Heading } from "../compiled.ts";
import { inMathFont } from "../math-font.ts";
import type { BoxKind } from "../schema.ts";
import { figureSvg, runFigures } from "./figures.ts";

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function textOf(node: HastNode): string {
  if (node.type === "text") return node.value ?? "";
  if (node.type === "raw") return mathText(node.value ?? "");
  return (node.children ?? []).map(textOf).join("");
}

function walk(node: HastNode, visit: (node: HastNode) => void) {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

const TEMML_OPTIONS = { throwOnError: true, wrap: "tex" } as const;

/** The visible text of Temml's MathML: its TeX source, kept in an <annotation>, is not shown. */
function mathText(mathml: string): string {
  return mathml
    .replace(/<annotation[\s\S]*?<\/annotation>/g, "")
    .replace(/<msqrt>/g, "√(")
    .replace(/<\/msqrt>/g, ")")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, code: string) => {
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
      if (code.startsWith("#")) return String.fromCodePoint(parseInt(code.slice(code[1] === "x" ? 2 : 1), code[1] === "x" ? 16 : 10));
      return named[code.toLowerCase()];
    });
}

/** Temml's MathML of a formula (display: in a box that scrolls on small screens), checked against the font. */
function formulaHtml(tex: string, display: boolean, checkFont = true): string {
  let mathml: string;
  try {
    mathml = temml.renderToString(tex, { ...TEMML_OPTIONS, displayMode: display });
  } catch (error) {
    throw new Error(`formule illisible « ${tex} » : ${String((error as Error).message).replace(/^Temml parse error:/, "").trim()}`);
  }
  const missing = checkFont && [...mathText(mathml)].find((character) => !/\s/.test(character) && !inMathFont(character));
  if (missing) {
    const code = missing.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    throw new Error(`caractère « ${missing} » (U+${code}) absent de la police des formules : ajouter sa plage dans content/math-font.ts, puis npm run fonts:math`);
  }
  // Temml's inline style on display formulas: the stylesheet says the same. A span, shown as a block,
  // because a display formula may stand inside a paragraph ($$…$$ in a sentence).
  return display ? `<span class="math-display">${mathml.replace(' style="display:block math;"', "")}</span>` : mathml;
}

function hasClass(node: HastNode, name: string): boolean {
  return Array.isArray(node.properties?.className) && node.properties.className.includes(name);
}

/**
 * The formulas of remark-math (`code.math-inline`, `pre > code.math-display`) as Temml's MathML, kept
 * as raw HTML: parsing each formula's MathML back into a tree, as rehype plugins do, was half of the
 * compile time (docs/decisions/0007), and nothing after this step looks inside a formula. Teachers'
 * instructions skip the font check: a missing glyph falls back to another font rather than failing.
 */
export function rehypeFormulas({ checkFont = true }: { checkFont?: boolean } = {}) {
  return (tree: HastNode) => {
    walk(tree, (node) => {
      node.children = node.children?.map((child) => {
        const code = child.tagName === "pre" ? child.children?.find((inner) => inner.tagName === "code") : child;
        if (code?.tagName !== "code") return child;
        if (child.tagName === "pre" && hasClass(code, "math-display")) return { type: "raw", value: formulaHtml(textOf(code), true, checkFont) };
        if (child.tagName === "code" && hasClass(code, "math-display")) return { type: "raw", value: formulaHtml(textOf(code), true, checkFont) };
        if (child.tagName === "code" && hasClass(code, "math-inline")) return { type: "raw", value: formulaHtml(textOf(code), false, checkFont) };
        return child;
      });
    });
  };
}

/**
 * Collects h2/h3 for the table of contents (their visible text, and their content as rendered: a
 * formula shows as a formula) and internal links, and marks external links.
 */
function rehypeCollect(headings: Heading[], links: string[]) {
  return () => (tree: HastNode) => {
    walk(tree, (node) => {
      if (node.type !== "element") return;
      if ((node.tagName === "h2" || node.tagName === "h3") && node.properties?.id) {
        headings.push({
          depth: node.tagName === "h2" ? 2 : 3,
          id: String(node.properties.id),
          text: textOf(node).trim(),
          html: toHtml((node as Element).children, { allowDangerousHtml: true }).trim(),
        });
      }
      if (node.tagName === "a" && typeof node.properties?.href === "string") {
        const href = node.properties.href;
        if (href.startsWith("/")) links.push(href);
        else if (/^https?:/.test(href)) {
          node.properties.target = "_blank";
          node.properties.rel = ["noopener", "noreferrer"];
        }
      }
      // Wide tables scroll inside their own box on small screens.
      if (node.tagName === "table") node.properties = { ...node.properties, className: ["content-table"] };
    });
  };
}

export const BOX_TITLES: Record<BoxKind, string> = {
  definition: "Définition",
  theoreme: "Théorème",
  propriete: "Propriété",
  methode: "Méthode",
  exemple: "Exemple",
  remarque: "Remarque",
  attention: "Attention",
  preuve: "Preuve",
  // A part of a common chapter that one option's programme holds and the other's does not.
  approfondies: "Approfondies uniquement",
  appliquees: "Appliquées uniquement",
};

interface MdastNode {
  type: string;
  name?: string;
  attributes?: Record<string, string | null | undefined> | null;
  position?: { start: { offset?: number } };
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdastNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown>; hChildren?: Element[]; directiveLabel?: boolean };
}

/**
 * `$$…$$` written on one line, alone or in a sentence, is a display formula as in LaTeX (remark-math
 * reads it as inline maths: its fractions came out small, and a long one overflowed a phone's column).
 */
function remarkDoubleDollarDisplay() {
  return (tree: MdastNode, file: { value: unknown }) => {
    const source = String(file.value);
    const visit = (node: MdastNode) => {
      if (node.type === "inlineMath" && node.position && source.startsWith("$$", node.position.start.offset)) {
        node.data = { ...node.data, hProperties: { className: ["language-math", "math-display"] } };
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

/**
 * :::figure[Légende]{alt="…"} holding one ```python block: the code runs now (figures.ts, all the
 * figures of a text in one Python process) and the block becomes <figure> with the SVG and its caption.
 */
function remarkFigures() {
  return (tree: MdastNode) => {
    const figures: MdastNode[] = [];
    const collect = (node: MdastNode) => {
      if (node.type === "containerDirective" && node.name === "figure") figures.push(node);
      else node.children?.forEach(collect);
    };
    collect(tree);
    if (figures.length === 0) return;
    const sources = figures.map((figure, index) => {
      const where = `figure ${index + 1}`;
      const children = figure.children ?? [];
      const caption = children[0]?.data?.directiveLabel ? children[0] : undefined;
      const code = children.filter((child) => child.type === "code");
      if (!caption?.children?.length) throw new Error(`${where} sans légende : écrire :::figure[Légende]{alt="Description de l'image"}`);
      if (!figure.attributes?.alt?.trim()) throw new Error(`${where} sans texte alternatif : ajouter {alt="Description de l'image"}`);
      if (code.length !== 1 || code[0].lang !== "python" || children.length !== 2) {
        throw new Error(`${where} : le bloc contient sa légende et un seul bloc \`\`\`python, rien d'autre`);
      }
      return { where, code: code[0].value ?? "", caption, alt: figure.attributes.alt.trim() };
    });
    const drawn = runFigures(sources);
    figures.forEach((figure, index) => {
      const { caption, alt } = sources[index];
      figure.type = "figure";
      figure.data = { hName: "figure", hProperties: { className: ["content-figure"] } };
      figure.children = [
        { type: "figureImage", data: { hName: "div", hProperties: { className: ["figure-canvas"] }, hChildren: [figureSvg(drawn[index], alt)] } },
        { type: "paragraph", data: { hName: "figcaption" }, children: caption.children },
      ];
    });
  };
}

/**
 * :::definition[Titre] … ::: becomes <aside class="box box-definition"> with a heading line; code
 * fences: ```output is shown as the program's output, ```python fragment as a non-runnable excerpt.
 */
function remarkBoxesAndCode() {
  return (tree: MdastNode) => {
    const visit = (node: MdastNode) => {
      if (node.type === "containerDirective") {
        const kind = node.name as BoxKind;
        if (!(kind in BOX_TITLES)) throw new Error(`encadré inconnu « :::${node.name} » (attendus : ${Object.keys(BOX_TITLES).join(", ")})`);
        const children = node.children ?? [];
        const label = children[0]?.data?.directiveLabel ? children.shift() : undefined;
        const title: MdastNode = { type: "paragraph", data: { hName: "p", hProperties: { className: ["box-title"] } }, children: [{ type: "text", value: BOX_TITLES[kind] }] };
        if (label?.children?.length) title.children!.push({ type: "text", value: " — " }, ...label.children);
        node.data = { hName: "aside", hProperties: { className: ["box", `box-${kind}`] } };
        node.children = [title, ...children];
      } else if (node.type === "leafDirective" || node.type === "textDirective") {
        // A stray ":name" in prose is text, not a directive.
        const text = `${node.type === "leafDirective" ? "::" : ":"}${node.name ?? ""}`;
        Object.assign(node, { type: "text", value: text, children: undefined });
      } else if (node.type === "code" && node.lang === "output") {
        node.data = { hProperties: { className: ["code-output"], "data-label": "Sortie" } };
      } else if (node.type === "code" && node.lang === "python" && !/\bfragment\b/.test(node.meta ?? "")) {
        // A whole program (the content checks run it): the Python pages offer to run and edit it.
        node.data = { hProperties: { className: ["language-python"], "data-runnable": "" } };
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

export async function compileMarkdown(markdown: string): Promise<{ html: string; headings: Heading[]; links: string[] }> {
  const headings: Heading[] = [];
  const links: string[] = [];
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    .use(remarkDirective)
    .use(remarkDoubleDollarDisplay)
    .use(remarkFigures)
    .use(remarkBoxesAndCode)
    .use(remarkRehype)
    .use(rehypeSlug)
    .use(rehypeFormulas)
    .use(rehypeCollect(headings, links))
    .use(rehypeStringify, { allowDangerousHtml: true })
    .process(markdown);
  return { html: String(file), headings, links };
}

/** A one-line text with `$…$` formulas (an exercise title): its HTML without a paragraph, and its visible text. */
export async function compileInline(markdown: string): Promise<{ html: string; text: string }> {
  const { html } = await compileMarkdown(markdown);
  const inline = html.trim().replace(/^<p>([\s\S]*)<\/p>$/, "$1");
  return { html: inline, text: mathText(inline).replace(/\s+/g, " ").trim() };
}
