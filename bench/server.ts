import path from "node:path";
import { type FormUser, signInThroughForm as signInWithForm, signUpThroughForm } from "../tests/support/forms";
import { buildSnapshot, productionNodeFlags, startServer } from "../tests/support/server";
import type { RunningServer } from "../tests/support/server";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const TMP_DIR = path.join(ROOT, "bench/results/tmp");

/** What Chromium sends: the server picks its best encoding among these. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export interface BenchServer extends RunningServer {
  /** The copy of build/ the server runs from. */
  buildDir: string;
}

/**
 * Starts the production server like tests/support/server.ts does (embedded PGlite in a fresh
 * DATA_DIR), but from a copy of build/ (buildSnapshot): a rebuild of the working tree during the bench
 * (the tests run `npm run build`) cannot swap the assets under the running server.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const snapshot = buildSnapshot();
  const server = await startServer(
    { SESSION_SECRET: "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz", ...env },
    { cwd: snapshot.cwd, cleanup: snapshot.remove, nodeFlags: productionNodeFlags() },
  );
  return { ...server, buildDir: path.join(snapshot.cwd, "build") };
}

let ipCounter = 0;
/** A documentation-range address per call, so per-IP rate limits never mix bench requests. */
export function nextClientIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export type BenchUser = FormUser;

/** Creates an account through the sign-up form, from an address of its own (per-IP limits never mix). */
export async function registerThroughForm(server: BenchServer, user: BenchUser): Promise<void> {
  await signUpThroughForm(server.url, user, { "X-Forwarded-For": nextClientIp() });
}

/** Signs in through the sign-in form; returns the Cookie header of the new session. */
export function signInThroughForm(server: BenchServer, user: BenchUser): Promise<string> {
  return signInWithForm(server.url, user, { "X-Forwarded-For": nextClientIp() });
}
