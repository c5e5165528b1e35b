import { existsSync } from "node:fs";

/** The flags every Chromium of the project runs with (STACK-NOTES.md): no background traffic on a closed network. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, or CHROME_PATH. */
export function chromiumPath(): string {
  const candidate = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(candidate)) throw new Error("Chromium not found: run `bash scripts/ensure-chromium.sh` or set CHROME_PATH.");
  return candidate;
}
