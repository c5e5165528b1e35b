import { linkPath, placeholderProblems, tokenProblems, typographyProblems } from "./checks.ts";
import type { LoadedContent } from "./load.ts";
import { runSnippets, runnableProblems, snippetsOf } from "./python.ts";
import { lineContaining, readContentFile, referenceProblems } from "./references.ts";
import { duplicatesBy } from "../unique.ts";

export interface ValidationReport {
  problems: string[];
  ran: number;
}

/**
 * Every rule of docs/authoring.md over loaded content: unique ids and paths, links to existing pages,
 * French typography, placeholder words, tokens, and (with python) every block and check, run by Python
 * with numpy, scipy, matplotlib and sympy (none is skipped).
 */
export function validateContent(
  loaded: LoadedContent[],
  options: { knownPaths: Set<string>; python: boolean; /** The rest of content/, for a partial check's references. */ others?: LoadedContent[] },
): ValidationReport {
  const problems: string[] = [];
  const file = (index: number) => loaded[index].source.meta.sourceFile;
  for (const { index, firstIndex, key } of duplicatesBy(loaded, ({ source }) => source.meta.id))
    problems.push(`${file(index)}: id « ${key} » déjà utilisé par ${file(firstIndex)}`);
  for (const { index, firstIndex, key } of duplicatesBy(loaded, ({ source }) => source.meta.path))
    problems.push(`${file(index)}: chemin ${key} déjà utilisé par ${file(firstIndex)}`);
  problems.push(...referenceProblems(loaded, undefined, options.others));
  for (const { source, links } of loaded) {
    const { sourceFile, title, description } = source.meta;
    for (const problem of [...typographyProblems(`${title}\n${description}`), ...placeholderProblems(`${title}\n${description}`)])
      problems.push(`${sourceFile} (titre ou description): ${problem.message}`);
    for (const link of links) {
      if (options.knownPaths.has(linkPath(link))) continue;
      const line = lineContaining(readContentFile(sourceFile), `](${link}`);
      problems.push(`${sourceFile}:${line}: lien interne vers ${link}, qui n'est pas une page du site`);
    }
    for (const { where, text } of source.markdown) {
      for (const problem of [...typographyProblems(text), ...placeholderProblems(text), ...tokenProblems(text)]) {
        problems.push(`${sourceFile} (${where}, ligne ${problem.line}): ${problem.message}`);
      }
    }
  }
  if (!options.python) return { problems, ran: 0 };
  const results = runSnippets(loaded.flatMap(({ source }) => snippetsOf(source)));
  for (const result of results) {
    if (result.status === "error") problems.push(`${result.id}: erreur à l'exécution\n${result.detail}`);
    if (result.status === "mismatch") problems.push(`${result.id}: la sortie ne correspond pas au bloc output. Sortie réelle :\n${result.detail}`);
  }
  const runnables = loaded.flatMap(({ source }) =>
    source.runnables.map(({ where, runner }) => ({
      id: `${source.meta.sourceFile} (${where})`,
      reference: runner.reference,
      starter: runner.starter,
      spec: { inputs: runner.inputs, tests: runner.tests, reference: runner.reference },
    })),
  );
  problems.push(...runnableProblems(runnables));
  return { problems, ran: results.length + runnables.length };
}
