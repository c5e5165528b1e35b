import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { contentStorePlugin } from "./content/pipeline/vite-plugin.ts";

export default defineConfig(({ isSsrBuild }) => ({
  // The Express app is the SSR entry so that React Router, the database and auth share one module graph.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: [tailwindcss(), contentStorePlugin(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
}));
