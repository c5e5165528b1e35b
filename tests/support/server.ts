import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** The Node flags `npm start` runs the server with (package.json), for measures of what production runs. */
export function productionNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as { scripts: { start: string } };
  return pkg.scripts.start.match(/--[a-z-]+=\S+/g) ?? [];
}

/**
 * A copy of build/ (with server.js, package.json and the migrations, and a link to node_modules) in a
 * temporary folder, to run servers from: what they read cannot change under them when the working tree
 * is rebuilt, and a test may change it on purpose without touching build/.
 */
export function buildSnapshot(): { cwd: string; remove: () => void } {
  const root = path.resolve(import.meta.dirname, "../..");
  const cwd = mkdtempSync(path.join(tmpdir(), "tremplin-build-"));
  cpSync(path.join(root, "build"), path.join(cwd, "build"), { recursive: true });
  cpSync(path.join(root, "db/migrations"), path.join(cwd, "db/migrations"), { recursive: true });
  for (const file of ["server.js", "package.json"]) cpSync(path.join(root, file), path.join(cwd, file));
  symlinkSync(path.join(root, "node_modules"), path.join(cwd, "node_modules"), "dir");
  return { cwd, remove: () => rmSync(cwd, { recursive: true, force: true }) };
}

/** Starts the built production server (build/) on a free port with an empty embedded database. */
export async function startServer(
  env: Record<string, string> = {},
  options: { cwd?: string; cleanup?: () => void; nodeFlags?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "tremplin-e2e-"));
  const url = `http://localhost:${port}`;
  let output = "";
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), "server.js"], {
    cwd: options.cwd ?? path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: url,
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const cleanup = () => {
    rmSync(dataDir, { recursive: true, force: true });
    options.cleanup?.();
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      cleanup();
      throw new Error(`Server exited (${child.exitCode}): ${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      cleanup();
      throw new Error(`Server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      cleanup();
    },
  };
}
