import { linkPath, placeholderProblems, tokenProblems, typographyProblems } from "./checks.ts";
import type { LoadedContent } from "./load.ts";
import { runSnippets, snippetsOf } from "./python.ts";

export interface ValidationReport {
  problems: string[];
  ran: number;
  skipped: string[];
}

/**
 * Every rule of docs/authoring.md over loaded content: unique ids and paths, links to existing pages,
 * French typography, placeholder words, tokens, and (with python) blocks and checks run by python3.
 */
export function validateContent(loaded: LoadedContent[], options: { knownPaths: Set<string>; python: boolean }): ValidationReport {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  const paths = new Map<string, string>();
  for (const { source, links } of loaded) {
    const { id, path, sourceFile } = source.meta;
    if (ids.has(id)) problems.push(`${sourceFile}: id « ${id} » déjà utilisé par ${ids.get(id)}`);
    if (paths.has(path)) problems.push(`${sourceFile}: chemin ${path} déjà utilisé par ${paths.get(path)}`);
    ids.set(id, sourceFile);
    paths.set(path, sourceFile);
    for (const link of links) if (!options.knownPaths.has(linkPath(link))) problems.push(`${sourceFile}: lien interne vers ${link}, qui n'est pas une page du site`);
    for (const { where, text } of source.markdown) {
      for (const problem of [...typographyProblems(text), ...placeholderProblems(text), ...tokenProblems(text)]) {
        problems.push(`${sourceFile} (${where}, ligne ${problem.line}): ${problem.message}`);
      }
    }
  }
  if (!options.python) return { problems, ran: 0, skipped: [] };
  const results = runSnippets(loaded.flatMap(({ source }) => snippetsOf(source)));
  for (const result of results) {
    if (result.status === "error") problems.push(`${result.id}: erreur à l'exécution\n${result.detail}`);
    if (result.status === "mismatch") problems.push(`${result.id}: la sortie ne correspond pas au bloc output. Sortie réelle :\n${result.detail}`);
  }
  return { problems, ran: results.filter((r) => r.status !== "skipped").length, skipped: results.filter((r) => r.status === "skipped").map((r) => `${r.id}: ${r.detail}`) };
}
