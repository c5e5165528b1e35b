import path from "node:path";
import type { Plugin } from "vite";
import { buildContentStore, contentRoot } from "./load.ts";

const VIRTUAL_ID = "virtual:content-store";
const RESOLVED_ID = "\0" + VIRTUAL_ID;

/**
 * Compiles content/ (Markdown + KaTeX) at build time into a module that only server code imports
 * (features/content/store.server.ts), so protected content is never part of the client bundle.
 */
export function contentStorePlugin(): Plugin {
  return {
    name: "tremplin-content-store",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const store = await buildContentStore();
      return `export default ${JSON.stringify(store)};`;
    },
    configureServer(server) {
      server.watcher.add(contentRoot);
      server.watcher.on("all", (_event, file) => {
        if (!file.startsWith(contentRoot + path.sep) || file.includes(`${path.sep}pipeline${path.sep}`)) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED_ID);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
      });
    },
  };
}
