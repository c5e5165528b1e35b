// `npm start`: builds the production server when the build is missing or older than the sources, then runs it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildEntry = path.join(root, "build/server/index.js");
const sourceDirs = ["app", "server", "db", "content", "public"];
const sourceFiles = ["package.json", "vite.config.ts", "react-router.config.ts", "server.js"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stats.mtimeMs);
}

const sourcesChanged = () => {
  const built = statSync(buildEntry).mtimeMs;
  return [...sourceDirs, ...sourceFiles].some((name) => newestMtime(path.join(root, name)) > built);
};

if (!existsSync(buildEntry) || sourcesChanged()) {
  console.log("Building Tremplin (first start or sources changed)…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
await import(path.join(root, "server.js"));
