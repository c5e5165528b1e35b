import rehypeKatex from "rehype-katex";
import remarkDirective from "remark-directive";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { Heading } from "../compiled.ts";
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

/** Collects h2/h3 for the table of contents, internal links, and marks external links. */
function rehypeCollect(headings: Heading[], links: string[]) {
  return () => (tree: HastNode) => {
    walk(tree, (node) => {
      if (node.type !== "element") return;
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
    .use(rehypeKatex, { output: "htmlAndMathml", strict: "error" })
    .use(rehypeCollect(headings, links))
    .use(rehypeStringify)
    .process(markdown);
  return { html: String(file), headings, links };
}
