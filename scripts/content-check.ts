// `npm run content:check [-- files…] [--no-python]`: validates content/ (or the given files) against
// docs/authoring.md: schema, ids, links, typography, placeholders, formulas, python blocks and checks,
// and that the generated catalogue entries are up to date.
import path from "node:path";
import { ContentError, contentFiles, kindOfFile, loadAllContent, loadContentFile, loadValidMeta } from "../content/pipeline/load";
import { pythonInterpreter } from "../content/pipeline/python";
import { validateContent } from "../content/pipeline/validate";
import { checkBanks } from "../content/banks/validate";
import { knownPaths, staleGeneratedCatalogFiles } from "./content-index-lib";

const args = process.argv.slice(2);
const python = !args.includes("--no-python");
const files = args.filter((arg) => !arg.startsWith("--"));

try {
  const loaded = files.length
    ? await Promise.all(
        files.map((file) => {
          const kind = kindOfFile(file);
          if (!kind) throw new ContentError(`${file}: type de contenu inconnu (dossier et extension attendus : voir docs/authoring.md)`);
          return loadContentFile(kind, path.resolve(file));
        }),
      )
    : await loadAllContent();
  // A partial check's links may point at any page whose front matter is valid, drafts aside.
  const all = files.length ? [...loaded, ...(await loadValidMeta(await contentFiles()))] : loaded;
  const report = validateContent(loaded, { knownPaths: knownPaths(all), python, others: all });
  let banks = 0;
  if (!files.length) {
    const checked = await checkBanks(knownPaths(all));
    banks = checked.count;
    report.problems.push(...checked.problems);
    for (const stale of await staleGeneratedCatalogFiles(all))
      report.problems.push(`${stale} n'est pas à jour : lancez \`npm run content:index\`.`);
  }
  if (report.problems.length) {
    console.error(report.problems.join("\n"));
    console.error(`\ncontent:check — ${report.problems.length} problème(s)`);
    process.exit(1);
  }
  console.log(
    `content:check — ${loaded.length} fichier(s) et ${banks} banque(s) vérifiés, ${report.ran} bloc(s) Python exécuté(s)${python ? ` avec ${pythonInterpreter()}` : ""}, aucun problème.`,
  );
} catch (error) {
  console.error(error instanceof ContentError ? error.message : error);
  process.exit(1);
}
