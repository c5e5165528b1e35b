import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { singleDrainListener } from "./drain-listeners";
import express from "express";
import "react-router";
import { findCatalogEntry } from "../app/catalog/catalog";
import { getConfig } from "../app/config.server";
import { sql } from "drizzle-orm";
import { syncCorpus } from "../app/features/generators/corpus.server";
import { TOPICS, broadcastListening, onBroadcast, startBroadcast, stopBroadcast } from "../app/features/broadcast/broadcast.server";
import { forgetLoadedContent } from "../app/features/content/store.server";
import { scheduleMaintenance } from "../app/features/maintenance/maintenance.server";
import { getDatabaseHandle, getDb, openDatabase } from "../db/client.server";
import { htmlCache } from "./html-cache";
import { precompressedAssets } from "./precompressed-assets";
import { privateResponses } from "./private-responses";
import { publicFiles } from "./public-files";
import { numpyPyodideFiles, operatorPyodideFiles, pyodideFiles, pythonIsolation, scriptPermissions } from "./python-files";
import { operatorDistribution } from "../app/features/python/distribution.server";
import { NUMPY_PYODIDE_BASE, PYODIDE_BASE } from "../app/features/python/python";
import { BODY_KINDS, requestGate } from "./request-gate";
import { cspNonce, errorHandler, sameOriginForms, securityHeaders } from "./security";
import { seoRoutes } from "./seo";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address (behind a proxy: as TRUST_PROXY allows), for rate limits. */
    clientIp: string;
    /** A document request, not a `.data` request: content bodies render from the server's store (ContentHtml). */
    documentRequest: boolean;
  }
}

const config = getConfig();
const development = import.meta.env.DEV;

/** Opens and migrates the database; the server listens only after this resolved. */
let stopMaintenance = () => {};

export async function prepare() {
  await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await startBroadcast({
    databaseUrl: config.databaseUrl,
    applicationName: `tremplin-listen:${config.port}`,
    publish: async (channel, payload) => {
      await (await getDb()).execute(sql`select pg_notify(${channel}, ${payload})`);
    },
  });
  // The generators' search index follows the content: brought up to date before the first request,
  // and again when content rebuilt in place (npm run build:content) is read again from build/content.
  await syncGeneratorCorpus();
  onBroadcast(["content"], () => {
    forgetLoadedContent();
    void syncGeneratorCorpus().catch((error: unknown) => console.error("The generators' corpus could not be updated:", error));
  });
  if (config.isProduction && config.trustProxy === "true") {
    // `true` believes the left-most X-Forwarded-For address, which any client writes: rate limits and the
    // visitors' generator quotas would then count whatever a client claims to be.
    console.warn("TRUST_PROXY=true trusts any X-Forwarded-For a client sends: set the number of proxies (e.g. 1) or their addresses.");
  }
  if (config.isProduction && !config.legal.publisherName) {
    console.warn("LEGAL_PUBLISHER_NAME and the other LEGAL_* variables are not set: the legal notice lists only what is configured.");
  }
  // Once the server is ready: its first round (5 s later) no longer competes with the start-up work
  // (indexing the generators' corpus took 5 s on a busy CI machine and met it, server.db.test.ts).
  stopMaintenance = scheduleMaintenance(path.join(config.dataDir, "outbox"), config.maintenanceIntervalMs);
}

async function syncGeneratorCorpus() {
  const started = performance.now();
  const { updated, removed } = await syncCorpus();
  if (updated || removed)
    console.log(`Generators' corpus: ${updated} page(s) indexed, ${removed} removed (${Math.round(performance.now() - started)} ms).`);
}

/** After the last request: closes the database (PGlite writes its files, the PostgreSQL pool ends). */
export async function close() {
  stopMaintenance();
  await stopBroadcast();
  await (await getDatabaseHandle()).close();
}

export const app = express();
app.disable("x-powered-by");
if (config.trustProxy)
  app.set(
    "trust proxy",
    /^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy === "true" ? true : config.trustProxy,
  );
app.use(compression(), singleDrainListener);
app.use(cspNonce);
app.use(securityHeaders({ https: config.isHttps, development, scriptPermissions }));
app.use(pythonIsolation(findCatalogEntry));
// Methods, body sizes and content types, before anything reads a body.
// Hand-ins (/dashboard/devoirs/<id>) and the teacher application's CV (/professeur).
const uploadLimit = config.uploadMaxBytes + BODY_KINDS.form.limit;
const uploadRoutes = ["/dashboard/devoirs", "/professeur"].map((prefix) => ({ prefix, limit: uploadLimit }));
app.use(requestGate({ uploads: uploadRoutes }));

if (!development) {
  const clientDir = path.resolve(process.cwd(), "build/client");
  // Hashed assets never change: cache them forever, compress them once; a missing one is a plain 404.
  app.use(
    "/assets",
    precompressedAssets(path.join(clientDir, "assets")),
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false, index: false, redirect: false }),
  );
  app.use(publicFiles(clientDir));
}
app.use(PYODIDE_BASE, pyodideFiles());
app.use(NUMPY_PYODIDE_BASE, numpyPyodideFiles());
// An operator's full Pyodide (PYODIDE_DIST_DIR): checked against its lock file now, or the server does not start.
const fullPyodide = operatorDistribution();
if (fullPyodide) {
  app.use(fullPyodide.base, operatorPyodideFiles(fullPyodide.directory));
  console.log(
    `Pyodide ${fullPyodide.version} from ${fullPyodide.directory} (${fullPyodide.checkedFiles} package files checked) runs numpy and matplotlib.`,
  );
}

app.use(privateResponses());
app.use(
  sameOriginForms(
    development ? [config.siteUrl, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`] : [config.siteUrl],
    config.sso.apple ? { "/auth/callback/apple": "https://appleid.apple.com" } : {},
  ),
);

app.get("/healthz", async (_req, res) => {
  try {
    const handle = await getDatabaseHandle();
    await handle.ping();
    res
      .set("Cache-Control", "no-store")
      .json({ status: "ok", database: "ok", driver: handle.kind, notifications: broadcastListening() ? "listening" : "reconnecting" });
  } catch {
    res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "unreachable" });
  }
});

const seo = seoRoutes(config.siteUrl);
app.get("/sitemap.xml", seo.sitemap);
app.get("/robots.txt", seo.robots);

const loadBuild = () => import("virtual:react-router/server-build");
const getLoadContext = (req: express.Request, res: express.Response) => ({
  cspNonce: res.locals.cspNonce as string,
  clientIp: req.ip ?? "unknown",
  documentRequest: !req.path.endsWith(".data"),
});

if (development) {
  // A build function is loaded and derived again on every request: what hot reload needs.
  app.use(createRequestHandler({ build: loadBuild, getLoadContext }));
} else {
  // A production process serves one build: given as an object, React Router derives its routes
  // once instead of on every request (a tenth of the CPU of a render with this catalogue).
  const build = loadBuild();
  // Anonymous visitors of public pages get the rendered HTML from memory.
  const pages = htmlCache({ version: async () => (await build).assets.version, findEntry: findCatalogEntry });
  // What a public page shows changed, on this instance or another: its stored renders go.
  onBroadcast(TOPICS, () => pages.cache.clear());
  app.use(pages);
  const handler = build.then((serverBuild) => createRequestHandler({ build: serverBuild, getLoadContext }));
  app.use(async (req, res, next) => (await handler)(req, res, next));
}

app.use(errorHandler);
