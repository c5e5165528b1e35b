// `npm run content:index`: regenerates the generated files of app/catalog from content/ and the catalogue.
import { loadAllContent } from "../content/pipeline/load";
import { writeGeneratedCatalogFiles } from "./content-index-lib";

// Titles, paths and sections are all the catalogue needs: no compiling.
const loaded = await loadAllContent({ metaOnly: true });
const written = await writeGeneratedCatalogFiles(loaded);
console.log(`content:index — ${loaded.length} fichiers, catalogue généré dans ${written.join(", ")}`);
