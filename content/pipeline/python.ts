import { spawnSync } from "node:child_process";
import path from "node:path";
import remarkDirective from "remark-directive";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { ContentSource } from "./load.ts";

/** A snippet to run: a ```python block (with the ```output block that follows it) or a `check`. */
export interface Snippet {
  id: string;
  code: string;
  expected: string | null;
  /** A figure's code (figures.ts): the runner returns the SVG it drew as its detail. */
  figure?: boolean;
}

interface CodeNode {
  type: string;
  name?: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: CodeNode[];
}

/**
 * The runnable ```python blocks of a Markdown text (not ```python fragment), each with its expected
 * output; a figure's code is not one (compiling the figure runs it).
 */
export function pythonBlocks(markdown: string): { code: string; expected: string | null }[] {
  const tree = unified().use(remarkParse).use(remarkDirective).parse(markdown) as CodeNode;
  const blocks: { code: string; expected: string | null }[] = [];
  const walk = (node: CodeNode) => {
    const children = node.children ?? [];
    children.forEach((child, index) => {
      if (child.type === "code" && child.lang === "python" && !/\bfragment\b/.test(child.meta ?? "")) {
        const next = children[index + 1];
        blocks.push({ code: child.value ?? "", expected: next?.type === "code" && next.lang === "output" ? (next.value ?? "") : null });
      }
      if (!(child.type === "containerDirective" && child.name === "figure")) walk(child);
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
  status: "ok" | "mismatch" | "error";
  detail: string;
}

const runner = path.join(import.meta.dirname, "run_python.py");

/** What the content's Python uses; a block needing a module outside this list is an error too. */
export const PYTHON_MODULES = ["numpy", "scipy", "matplotlib", "sympy"] as const;
export const PYTHON_INSTALL_HINT = "sudo apt-get install -y python3-numpy python3-scipy python3-matplotlib python3-sympy";

function hasModules(interpreter: string): boolean {
  const probe = spawnSync(interpreter, ["-c", `import ${PYTHON_MODULES.join(", ")}`], { encoding: "utf8", timeout: 60_000 });
  return probe.status === 0;
}

let chosen: string | undefined;

/**
 * The interpreter that runs the content's Python: $PYTHON, else the first of python3 and Debian's
 * /usr/bin/python3 that has every module of PYTHON_MODULES (scripts/ensure-python.sh installs Debian's
 * packages when none has), else python3, whose missing modules then fail the blocks that need them.
 */
export function pythonInterpreter(): string {
  chosen ??= process.env.PYTHON || ["python3", "/usr/bin/python3"].find(hasModules) || "python3";
  return chosen;
}

/** Runs snippets in one Python process (each alone, in its own namespace). */
export function runSnippets(snippets: Snippet[]): SnippetResult[] {
  if (snippets.length === 0) return [];
  const interpreter = pythonInterpreter();
  const result = spawnSync(interpreter, [runner], {
    input: JSON.stringify(snippets),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 15 * 60_000,
  });
  if (result.status !== 0) throw new Error(`${interpreter} failed: ${result.error?.message ?? result.stderr}`);
  return JSON.parse(result.stdout) as SnippetResult[];
}

export interface RunnableCheck {
  id: string;
  reference: string;
  starter: string;
  spec: { inputs: string[]; tests: unknown[]; reference: string };
}

interface HarnessResult {
  passed: boolean;
  error: string | null;
  tests: { ok: boolean; message: string }[];
}

const harnessRunner = path.join(import.meta.dirname, "run_harness.py");
/** The harness the browser runs (issue #16): the checks run the very same file. */
export const HARNESS_FILE = path.join(import.meta.dirname, "../../app/features/python/harness.py");

/**
 * Runs each runnable exercise's reference and starter through the harness; returns one problem per
 * reference that fails its tests and per starter that passes them (tests that cannot fail).
 */
export function runnableProblems(items: RunnableCheck[]): string[] {
  if (items.length === 0) return [];
  const interpreter = pythonInterpreter();
  const result = spawnSync(interpreter, [harnessRunner, HARNESS_FILE], {
    input: JSON.stringify(items),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 15 * 60_000,
  });
  if (result.status !== 0) throw new Error(`${interpreter} failed: ${result.error?.message ?? result.stderr}`);
  const outcomes = JSON.parse(result.stdout) as { id: string; reference: HarnessResult; starter: HarnessResult }[];
  return outcomes.flatMap(({ id, reference, starter }) => {
    const problems: string[] = [];
    if (!reference.passed) {
      const failed = reference.tests.filter((test) => !test.ok).map((test) => test.message);
      problems.push(`${id}: la solution de référence ne passe pas ses tests\n${[reference.error, ...failed].filter(Boolean).join("\n")}`);
    }
    if (starter.passed) problems.push(`${id}: le code de départ passe déjà tous les tests (des tests qui ne peuvent pas échouer)`);
    return problems;
  });
}
