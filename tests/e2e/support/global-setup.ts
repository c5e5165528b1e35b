import type { TestProject } from "vitest/node";
import { startServer } from "../../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: its e-mails land in `${dataDir}/outbox`. */
    dataDir: string;
  }
}

/** One production server for the whole end-to-end run (built by `npm test` beforehand). */
export default async function setup(project: TestProject) {
  // Each browser context sends its own X-Forwarded-For, so per-IP rate limits stay per test.
  const server = await startServer({ TRUST_PROXY: "true" });
  project.provide("baseUrl", server.url);
  project.provide("dataDir", server.dataDir);
  return () => server.stop();
}
