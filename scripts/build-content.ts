// `npm run build:content`: after editing content only, refreshes build/content without the two Vite
// builds. It compiles what changed (the compile cache answers for the rest) and copies the store into
// build/content, but only when the index is unchanged apart from the entries' bodies: a new page, a new
// title, path, description or link between pages changes the catalogue compiled into the server bundle,
// which only `npm run build` rebuilds. With DATABASE_URL set, the servers on that database are told
// (NOTIFY) and read the new content; a server on PGlite keeps what it has read: restart it.
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { notifyInstances } from "../app/features/broadcast/broadcast.server";
import path from "node:path";
import { STORE_DIR, changedIndexEntries, compileContentStore, mirrorStore, type ContentIndex } from "../content/pipeline/artefacts";
import { BUILD_CONTENT_DIR } from "../content/pipeline/vite-plugin";

const projectRoot = path.resolve(import.meta.dirname, "..");
const builtIndexFile = path.join(projectRoot, BUILD_CONTENT_DIR, "index.json");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!existsSync(builtIndexFile) || !existsSync(path.join(projectRoot, "build/server/index.js"))) {
  fail("build:content — pas de build à mettre à jour : lancer npm run build.");
}
const start = process.hrtime.bigint();
const report = await compileContentStore(STORE_DIR).catch((error: Error) => fail(error.message));
const readIndex = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as ContentIndex).entries;
const compiled = readIndex(path.join(STORE_DIR, "index.json"));
const built = readIndex(builtIndexFile);
const changed = changedIndexEntries(compiled, built);
if (changed.length > 0) {
  fail(
    `build:content — l'index a changé (${changed.slice(0, 5).join(", ")}) : le catalogue du serveur doit être reconstruit, lancer npm run build.`,
  );
}
mirrorStore(STORE_DIR, path.join(projectRoot, BUILD_CONTENT_DIR));
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const done = `build:content — ${report.compiled} fichier(s) recompilé(s), ${report.reused} repris du cache, en ${seconds.toFixed(1)} s`;
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  // The servers on this database (and this build folder) drop what they read of the old content.
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await notifyInstances(client, "content");
    console.log(`${done} ; les serveurs connectés à la base servent le nouveau contenu.`);
  } catch (error) {
    console.log(`${done} ; prévenir les serveurs a échoué (${(error as Error).message}) : les redémarrer pour servir le nouveau contenu.`);
  } finally {
    await client.end().catch(() => {});
  }
} else {
  console.log(`${done} ; redémarrer le serveur pour les servir.`);
}
