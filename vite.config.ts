import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { contentStorePlugin } from "./content/pipeline/vite-plugin.ts";
import { shellChunk } from "./scripts/vite/shell-chunk.ts";

// React Router's package exports always resolve to its development build (remix-run/react-router#12532,
// #14102), which ships its dev warnings to the browser. The client build uses the production build.
const reactRouterProduction = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");
const clientAliases = [
  { find: /^react-router$/, replacement: path.join(reactRouterProduction, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, "dom-export.mjs") },
];

export default defineConfig(({ command, isSsrBuild }) => {
  const plugins = [tailwindcss(), contentStorePlugin(), reactRouter()];
  // The Express app is the SSR entry so that React Router, the database and auth share one module graph.
  if (isSsrBuild) return { build: { rolldownOptions: { input: "./server/app.ts" } }, plugins, resolve: { tsconfigPaths: true } };
  if (command !== "build") return { plugins, resolve: { tsconfigPaths: true }, server: { port: 3000 } };
  const shell = shellChunk();
  return {
    build: { sourcemap: !!process.env.ANALYZE, rolldownOptions: { output: { codeSplitting: { groups: [shell.group] } } } },
    plugins: [...plugins, shell.plugin],
    resolve: { tsconfigPaths: true, alias: clientAliases },
  };
});
