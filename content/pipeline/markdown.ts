import rehypeMathML from "@daiji256/rehype-mathml";
import remarkDirective from "remark-directive";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { Heading } from "../compiled.ts";
import { inMathFont } from "../math-font.ts";
import type { BoxKind } from "../schema.ts";

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function textOf(node: HastNode): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

function walk(node: HastNode, visit: (node: HastNode) => void) {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

const MATH_ERROR_CLASS = "rehype-mathml-error";

/**
 * Collects h2/h3 for the table of contents and internal links, marks external links, gives display
 * formulas a box that scrolls on small screens, and turns a formula Temml could not read, or one with a
 * character the formulas' font lacks, into an error (the plugin would print the first in red on the page).
 */
function rehypeCollect(headings: Heading[], links: string[]) {
  return () => (tree: HastNode) => {
    walk(tree, (node) => {
      const isWrapper = Array.isArray(node.properties?.className) && node.properties.className.includes("math-display");
      node.children = node.children?.map((child) =>
        !isWrapper && child.tagName === "math" && child.properties?.display === "block"
          ? // Temml's inline style would need a CSP exception; the stylesheet says the same.
            { type: "element", tagName: "div", properties: { className: ["math-display"] }, children: [{ ...child, properties: { ...child.properties, style: undefined } }] }
          : child,
      );
      if (node.type !== "element") return;
      const classes = node.properties?.className;
      if (Array.isArray(classes) && classes.includes(MATH_ERROR_CLASS)) {
        throw new Error(`formule illisible « ${textOf(node)} » : ${String(node.properties?.title ?? "").replace(/^ParseError:/, "").trim()}`);
      }
      if (node.tagName === "math") {
        const missing = [...textOf(node)].find((character) => !/\s/.test(character) && !inMathFont(character));
        if (missing) {
          const code = missing.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
          throw new Error(`caractère « ${missing} » (U+${code}) absent de la police des formules : ajouter sa plage dans content/math-font.ts, puis npm run fonts:math`);
        }
      }
      if ((node.tagName === "h2" || node.tagName === "h3") && node.properties?.id) {
        headings.push({ depth: node.tagName === "h2" ? 2 : 3, id: String(node.properties.id), text: textOf(node).trim() });
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
};

interface MdastNode {
  type: string;
  name?: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdastNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown>; directiveLabel?: boolean };
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
    .use(remarkBoxesAndCode)
    .use(remarkRehype)
    .use(rehypeSlug)
    .use(rehypeMathML, { throwOnError: true, wrap: "tex" })
    .use(rehypeCollect(headings, links))
    .use(rehypeStringify)
    .process(markdown);
  return { html: String(file), headings, links };
}
