import path from "node:path";
import type { Plugin } from "vite";
import { STORE_DIR, compileContentStore, mirrorStore } from "./artefacts.ts";
import { contentRoot } from "./load.ts";

const VIRTUAL_ID = "virtual:content-store";
const RESOLVED_ID = "\0" + VIRTUAL_ID;

/** Where the production server reads the compiled content, relative to its working directory. */
export const BUILD_CONTENT_DIR = "build/content";

/**
 * Compiles content/ (Markdown, formulas to MathML) into one artefact per file plus a small index (artefacts.ts), and
 * gives server code their location through `virtual:content-store` (features/content/store.server.ts
 * reads entries on demand). Only server code imports it, so protected content is never part of the
 * client bundle. A build copies the artefacts to build/content; the development server recompiles on a
 * save, and only the file that changed.
 */
export function contentStorePlugin(): Plugin {
  let building = false;
  let compiledForBuild = false;
  const projectRoot = path.resolve(contentRoot, "..");
  return {
    name: "tremplin-content-store",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      await compileContentStore(STORE_DIR);
      compiledForBuild = building;
      const dir = building ? BUILD_CONTENT_DIR : path.relative(projectRoot, STORE_DIR);
      return `export default ${JSON.stringify({ dir })};`;
    },
    writeBundle() {
      // The server build imported the store: ship its artefacts beside the server.
      if (!compiledForBuild) return;
      mirrorStore(STORE_DIR, path.join(projectRoot, BUILD_CONTENT_DIR));
    },
    configureServer(server) {
      server.watcher.add(contentRoot);
      server.watcher.on("all", async (_event, file) => {
        if (!file.startsWith(contentRoot + path.sep) || file.includes(`${path.sep}pipeline${path.sep}`)) return;
        try {
          // Recompiles what changed (the cache answers for the rest), then lets the store re-read it.
          await compileContentStore(STORE_DIR);
        } catch (error) {
          server.config.logger.error(String((error as Error).message ?? error));
          return;
        }
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED_ID);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
      });
    },
  };
}
