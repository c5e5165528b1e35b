import { spawnSync } from "node:child_process";
import path from "node:path";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { ContentSource } from "./load.ts";

/** A snippet to run: a ```python block (with the ```output block that follows it) or a `check`. */
export interface Snippet {
  id: string;
  code: string;
  expected: string | null;
}

interface CodeNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: CodeNode[];
}

/** The runnable ```python blocks of a Markdown text (not ```python fragment), each with its expected output. */
export function pythonBlocks(markdown: string): { code: string; expected: string | null }[] {
  const tree = unified().use(remarkParse).parse(markdown) as CodeNode;
  const blocks: { code: string; expected: string | null }[] = [];
  const walk = (node: CodeNode) => {
    const children = node.children ?? [];
    children.forEach((child, index) => {
      if (child.type === "code" && child.lang === "python" && !/\bfragment\b/.test(child.meta ?? "")) {
        const next = children[index + 1];
        blocks.push({ code: child.value ?? "", expected: next?.type === "code" && next.lang === "output" ? (next.value ?? "") : null });
      }
      walk(child);
    });
  };
  walk(tree);
  return blocks;
}

export function snippetsOf(source: ContentSource): Snippet[] {
  const file = source.meta.sourceFile;
  const snippets: Snippet[] = [];
  for (const { where, text } of source.markdown) {
    pythonBlocks(text).forEach((block, index) => snippets.push({ id: `${file} (${where}, bloc python ${index + 1})`, ...block }));
  }
  for (const { where, code } of source.checks) snippets.push({ id: `${file} (${where}, check)`, code, expected: null });
  return snippets;
}

export interface SnippetResult {
  id: string;
  status: "ok" | "mismatch" | "skipped" | "error";
  detail: string;
}

const runner = path.join(import.meta.dirname, "run_python.py");

/** Runs snippets in one python3 process (each alone, in its own namespace). */
export function runSnippets(snippets: Snippet[]): SnippetResult[] {
  if (snippets.length === 0) return [];
  const result = spawnSync(process.env.PYTHON ?? "python3", [runner], { input: JSON.stringify(snippets), encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.error?.message ?? result.stderr}`);
  return JSON.parse(result.stdout) as SnippetResult[];
}
