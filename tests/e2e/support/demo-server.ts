import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type RunningServer, startServer } from "../../support/server";

/**
 * A server of its own for a test file, whose database holds the demo accounts (npm run admin -- demo):
 * a prof among them. Read `server` and `prof` inside the tests (they are set by beforeAll).
 */
export function withDemoServer(prefix: string) {
  const demo = {} as { server: RunningServer; prof: { email: string; password: string } };
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    const cli = spawnSync("npx", ["tsx", "scripts/admin.ts", "demo"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    const line = /prof\s+(\S+)\s+password: (\S+)/.exec(cli.stdout);
    if (!line) throw new Error(`npm run admin -- demo printed no prof account:\n${cli.stdout}${cli.stderr}`);
    demo.prof = { email: line[1], password: line[2] };
    demo.server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
  }, 120_000);
  afterAll(async () => {
    await demo.server?.stop();
  });
  return demo;
}
