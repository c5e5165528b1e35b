// `npm run content:check`: schema, unique ids and paths, catalogue consistency, internal links,
// French typography and placeholder words for everything in content/.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { catalog, hasPage } from "../app/catalog/catalog";
import { linkPath, placeholderProblems, tokenProblems, typographyProblems } from "../content/pipeline/checks";
import { compileAllPages, contentRoot, splitFrontMatter } from "../content/pipeline/load";

const errors: string[] = [];
const pages = await compileAllPages().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

const seenIds = new Map<string, string>();
const seenPaths = new Map<string, string>();
for (const page of pages) {
  if (seenIds.has(page.id)) errors.push(`${page.sourceFile}: id « ${page.id} » déjà utilisé par ${seenIds.get(page.id)}`);
  if (seenPaths.has(page.path)) errors.push(`${page.sourceFile}: chemin ${page.path} déjà utilisé par ${seenPaths.get(page.path)}`);
  seenIds.set(page.id, page.sourceFile);
  seenPaths.set(page.path, page.sourceFile);

  const entry = catalog.find((candidate) => candidate.contentId === page.id);
  if (!entry) errors.push(`${page.sourceFile}: aucune entrée du catalogue ne sert cette page (contentId « ${page.id} »)`);
  else {
    if (entry.path !== page.path) errors.push(`${page.sourceFile}: chemin ${page.path} ≠ catalogue ${entry.path}`);
    if (entry.title !== page.title) errors.push(`${page.sourceFile}: titre « ${page.title} » ≠ catalogue « ${entry.title} »`);
  }
  for (const link of page.links) {
    if (!hasPage(linkPath(link))) errors.push(`${page.sourceFile}: lien interne vers ${link}, qui n'est pas une page du catalogue`);
  }

  const source = await readFile(path.join(contentRoot, page.sourceFile), "utf8");
  const { body } = splitFrontMatter(source, page.sourceFile);
  const offset = source.slice(0, source.length - body.length).split("\n").length - 1;
  for (const problem of [...typographyProblems(body), ...placeholderProblems(body), ...tokenProblems(body)]) {
    errors.push(`${page.sourceFile}:${problem.line + offset}: ${problem.message}`);
  }
  for (const problem of placeholderProblems(source.slice(0, source.length - body.length))) {
    errors.push(`${page.sourceFile}:${problem.line}: ${problem.message}`);
  }
}

for (const entry of catalog) {
  if (entry.contentId && !seenIds.has(entry.contentId))
    errors.push(`catalogue ${entry.path}: contenu « ${entry.contentId} » introuvable dans content/`);
}

if (errors.length > 0) {
  console.error(errors.join("\n"));
  console.error(`\ncontent:check — ${errors.length} problème(s)`);
  process.exit(1);
}
console.log(`content:check — ${pages.length} pages vérifiées, aucun problème.`);
