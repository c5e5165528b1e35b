import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { catalog, routeIdFor } from "../app/catalog/catalog";
import type { CatalogEntry } from "../app/catalog/types";

/** The page kinds of issue #6 and the page that stands for each (one the bench user may open). */
export const PAGE_KINDS = [
  { kind: "home", label: "Home", pick: (entry: CatalogEntry) => entry.path === "/" },
  { kind: "course", label: "Course", pick: (entry: CatalogEntry) => entry.path === "/chapitres-libres/suites-cours" },
  { kind: "exercises", label: "Exercise set", pick: (entry: CatalogEntry) => entry.path === "/chapitres-libres/suites-exercices" },
  { kind: "quiz", label: "Quiz", pick: (entry: CatalogEntry) => entry.path === "/chapitres-libres/suites-quiz" },
  // Maths pages need a grant the bench user does not have; Python pages need a sign-in only.
  { kind: "flashcards", label: "Flashcards", pick: (entry: CatalogEntry) => entry.kind === "flashcards" && entry.section !== "maths" },
  { kind: "dashboard", label: "Dashboard", pick: (entry: CatalogEntry) => entry.path === "/dashboard" },
] as const;

export type PageKindName = (typeof PAGE_KINDS)[number]["kind"];

export interface Sizes {
  /** Largest first (gzip). */
  files: { url: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

export interface BundleFigure {
  kind: PageKindName;
  label: string;
  path: string | null;
  /** Needs a signed-in visitor (protected page or access section). */
  signedIn: boolean;
  routeId: string | null;
  js: Sizes | null;
  css: Sizes | null;
  note?: string;
}

interface ManifestPart {
  module: string;
  imports?: string[];
  css?: string[];
}

export interface ClientManifest {
  version: string;
  entry: ManifestPart;
  routes: Record<string, ManifestPart & { id: string }>;
}

/** React Router's client manifest (build/client/assets/manifest-<version>.js). */
export function readClientManifest(clientDir: string): ClientManifest {
  const assets = path.join(clientDir, "assets");
  const [newest] = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => ({ name, mtime: statSync(path.join(assets, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  if (!newest) throw new Error(`No React Router manifest in ${assets}: run the build first.`);
  const source = readFileSync(path.join(assets, newest.name), "utf8");
  const json = source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json) as ClientManifest;
}

function sizes(clientDir: string, urls: string[]): Sizes {
  // React Router marks stylesheets that dynamic imports also reach with a trailing "#".
  const files = [...new Set(urls.map((url) => url.replace(/#$/, "")))].map((url) => {
    const content = readFileSync(path.join(clientDir, url));
    return { url, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, raw: files.reduce((sum, file) => sum + file.raw, 0), gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

/**
 * First-load JS and CSS of a page: the client entry, the root route and the page's route module, with
 * every chunk they import statically. React Router's manifest already lists each module's static
 * imports transitively, and these are exactly the `modulepreload` and stylesheet links of the
 * server-rendered page. Sizes are per file (raw, and gzip level 9 file by file), summed.
 */
export function firstLoadBundles(clientDir: string): BundleFigure[] {
  const manifest = readClientManifest(clientDir);
  const root = manifest.routes.root;
  return PAGE_KINDS.map(({ kind, label, pick }) => {
    const entry = catalog.find(pick);
    const figure = { kind, label, path: entry?.path ?? null, signedIn: Boolean(entry?.protected || entry?.section) };
    if (!entry) return { ...figure, routeId: null, js: null, css: null, note: "not in the catalogue yet: not measured" };
    const routeId = routeIdFor(entry);
    const route = manifest.routes[routeId];
    if (!route) return { ...figure, routeId, js: null, css: null, note: `route ${routeId} missing from the manifest` };
    const parts = [manifest.entry, root, route];
    return {
      ...figure,
      routeId,
      js: sizes(
        clientDir,
        parts.flatMap((part) => [part.module, ...(part.imports ?? [])]),
      ),
      css: sizes(
        clientDir,
        parts.flatMap((part) => part.css ?? []),
      ),
    };
  });
}
