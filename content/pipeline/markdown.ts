import rehypeKatex from "rehype-katex";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { Heading } from "../schema";

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

export async function compileMarkdown(markdown: string): Promise<{ html: string; headings: Heading[]; links: string[] }> {
  const headings: Heading[] = [];
  const links: string[] = [];
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    .use(remarkRehype)
    .use(rehypeSlug)
    .use(rehypeKatex, { output: "htmlAndMathml", strict: "error" })
    .use(rehypeCollect(headings, links))
    .use(rehypeStringify)
    .process(markdown);
  return { html: String(file), headings, links };
}
