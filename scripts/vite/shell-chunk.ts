import type { Plugin, Rolldown } from "vite";

type ChunkGroup = NonNullable<Exclude<NonNullable<Rolldown.OutputOptions["codeSplitting"]>, boolean>["groups"]>[number];

const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx$/;
// react-dom's main module: the client entry imports it on every page, a small chunk of its own otherwise.
const REACT_DOM = /node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/;
// lucide-react's index re-exports every icon: through it, the root "imports" icons only pages use.
const ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/**
 * Every page loads the root route and all it imports statically. Rolldown splits those modules into a
 * dozen small chunks, since route modules share them, and small files compress badly one by one: the
 * "shell" group puts them in one chunk, React and React Router included. Lazily loaded modules (the search dialog, toasts, the password
 * meter) are not statically reachable from the root, so they stay out of it.
 */
export function shellChunk(): { plugin: Plugin; group: ChunkGroup } {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: "tremplin:shell-chunk",
    buildEnd() {
      shell.clear();
      const root = [...this.getModuleIds()].find((id) => ROOT_ROUTE.test(id));
      if (root) shell.add(root);
      const pending = root ? [root] : [];
      while (pending.length) {
        for (const imported of this.getModuleInfo(pending.pop()!)?.importedIds ?? []) {
          if (shell.has(imported)) continue;
          shell.add(imported);
          pending.push(imported);
        }
      }
    },
  };
  const group: ChunkGroup = {
    name: "shell",
    test: (id) => (shell.has(id) && !ICON.test(id) && !/\.css($|\?)/.test(id)) || REACT_DOM.test(id),
  };
  return { plugin, group };
}
