// `npm run content:index`: regenerates app/catalog/content-entries.generated.ts from content/.
import { writeFile } from "node:fs/promises";
import { loadAllContent } from "../content/pipeline/load";
import { GENERATED_FILE, generatedCatalogSource } from "./content-index-lib";

const loaded = await loadAllContent();
await writeFile(GENERATED_FILE, await generatedCatalogSource(loaded));
console.log(`content:index — ${loaded.length} fichiers, catalogue généré dans ${GENERATED_FILE}`);
