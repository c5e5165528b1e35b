import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { rehypeFormulas } from "../../../content/pipeline/markdown";

/**
 * A teacher's instructions (Markdown with $formulas$) as HTML, with the content pipeline's formulas
 * (Temml's MathML). What a teacher writes is untrusted: raw HTML is dropped and the tree is sanitised
 * (no scripts, no javascript: links) before the formulas are added.
 */
const schema: typeof defaultSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [["className", /^language-./, "math-inline", "math-display"]],
  },
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(rehypeFormulas, { checkFont: false })
  .use(rehypeStringify, { allowDangerousHtml: true });

export type RenderedInstructions = { ok: true; html: string } | { ok: false; error: string };

export async function renderInstructions(markdown: string): Promise<RenderedInstructions> {
  try {
    return { ok: true, html: String(await processor.process(markdown)) };
  } catch (error) {
    return { ok: false, error: `Formule illisible\u00a0: ${String((error as Error).message).replace(/^formule illisible /, "")}` };
  }
}
