// `npm run content:index`: regenerates the generated files of app/catalog from content/ and the catalogue.
import { loadAllContent } from "../content/pipeline/load";
import { writeGeneratedCatalogFiles } from "./content-index-lib";

const loaded = await loadAllContent();
const written = await writeGeneratedCatalogFiles(loaded);
console.log(`content:index — ${loaded.length} fichiers, catalogue généré dans ${written.join(", ")}`);
