import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import "react-router";
import { getConfig } from "../app/config.server";
import { getDatabaseHandle, openDatabase } from "../db/client.server";
import { cspNonce, errorHandler, sameOriginForms, securityHeaders } from "./security";
import { seoRoutes } from "./seo";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address (behind a proxy: as TRUST_PROXY allows), for rate limits. */
    clientIp: string;
  }
}

const config = getConfig();
const development = import.meta.env.DEV;

/** Opens and migrates the database; the server listens only after this resolved. */
export async function prepare() {
  await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (config.isProduction && !config.legal.publisherName) {
    console.warn("LEGAL_PUBLISHER_NAME and the other LEGAL_* variables are not set: the legal notice lists only what is configured.");
  }
}

export const app = express();
app.disable("x-powered-by");
if (config.trustProxy)
  app.set(
    "trust proxy",
    /^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy === "true" ? true : config.trustProxy,
  );
app.use(compression());
app.use(cspNonce);
app.use(securityHeaders({ https: config.isHttps, development }));

if (!development) {
  const clientDir = path.resolve(process.cwd(), "build/client");
  // Hashed assets never change: cache them forever; a missing one is a plain 404.
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false, index: false, redirect: false }),
  );
  app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
}

app.use(sameOriginForms(config.siteUrl));

app.get("/healthz", async (_req, res) => {
  try {
    const handle = await getDatabaseHandle();
    await handle.ping();
    res.set("Cache-Control", "no-store").json({ status: "ok", database: "ok", driver: handle.kind });
  } catch {
    res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "unreachable" });
  }
});

const seo = seoRoutes(config.siteUrl);
app.get("/sitemap.xml", seo.sitemap);
app.get("/robots.txt", seo.robots);

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? "unknown" }),
  }),
);
app.use(errorHandler);
