import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";

/** The messages the server wrote to `${dataDir}/outbox` for `to`, oldest first (no SMTP_URL: every mail lands there). */
export function mailsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(`-${to.replace(/[^a-z0-9@.-]/gi, "_")}.txt`))
    .sort()
    .map((name) => readFileSync(path.join(outbox, name), "utf8"));
}

/** Waits for the `count`-th message to `to` whose subject matches, and returns it (sign-in codes are sent without waiting). */
export async function waitForMail(dataDir: string, to: string, subject: RegExp, count = 1): Promise<string> {
  const matching = () => mailsTo(dataDir, to).filter((mail) => subject.test(/^Subject: (.*)$/m.exec(mail)?.[1] ?? ""));
  await expect.poll(() => matching().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return matching()[count - 1];
}

/** The 6-digit code of a message. */
export function codeIn(mail: string): string {
  const match = /:\s(\d{6})\b/.exec(mail);
  if (!match) throw new Error(`No code in:\n${mail}`);
  return match[1];
}

/** The path and query of the confirmation link of a message. */
export function verificationLinkIn(mail: string): string {
  const match = /https?:\/\/[^\s/]+(\/verifier-email\?token=\S+)/.exec(mail);
  if (!match) throw new Error(`No confirmation link in:\n${mail}`);
  return match[1];
}
