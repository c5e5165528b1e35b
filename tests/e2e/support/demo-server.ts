import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type RunningServer, startServer } from "../../support/server";

type DemoAccount = { email: string; password: string };

/**
 * A server of its own for a test file, whose database holds the demo accounts (npm run admin -- demo):
 * a prof and an admin among them. Read `server`, `prof`, `admin` and `dataDir` inside the tests (they are
 * set by beforeAll); e-mails land in `${dataDir}/outbox`.
 */
export function withDemoServer(prefix: string) {
  const demo = {} as { server: RunningServer; prof: DemoAccount; admin: DemoAccount; dataDir: string };
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    const cli = spawnSync("npx", ["tsx", "scripts/admin.ts", "demo"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    const account = (role: string): DemoAccount => {
      const line = new RegExp(`^${role}\\s+(\\S+)\\s+password: (\\S+)`, "m").exec(cli.stdout);
      if (!line) throw new Error(`npm run admin -- demo printed no ${role} account:\n${cli.stdout}${cli.stderr}`);
      return { email: line[1], password: line[2] };
    };
    demo.prof = account("prof");
    demo.admin = account("admin");
    demo.dataDir = dataDir;
    demo.server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
  }, 120_000);
  afterAll(async () => {
    await demo.server?.stop();
  });
  return demo;
}
