import path from "node:path";
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

export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

async function postForm(server: BenchServer, pathname: string, fields: Record<string, string>, clientIp = nextClientIp()) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": clientIp },
    body: new URLSearchParams(fields),
  });
}

export interface BenchUser {
  firstName: string;
  email: string;
  password: string;
}

/** Creates an account through the sign-up form (as a browser without JavaScript would). */
export async function registerThroughForm(server: BenchServer, user: BenchUser): Promise<void> {
  const response = await postForm(server, "/register", {
    firstName: user.firstName,
    email: user.email,
    password: user.password,
    next: "/",
  });
  if (response.status !== 302) throw new Error(`Sign-up of ${user.email} failed: HTTP ${response.status}`);
}

/** Signs in through the sign-in form; returns the Cookie header of the new session. */
export async function signInThroughForm(server: BenchServer, user: BenchUser): Promise<string> {
  const response = await postForm(server, "/login", { identifier: user.email, password: user.password, next: "/" });
  // The session only: a browser sends the one-shot toast cookie once, then it is cleared.
  const cookie = cookieHeader(response)
    .split("; ")
    .filter((pair) => !pair.startsWith("tremplin_toast="))
    .join("; ");
  if (response.status !== 302 || !cookie.includes("session_token"))
    throw new Error(`Sign-in of ${user.email} failed: HTTP ${response.status}`);
  return cookie;
}
