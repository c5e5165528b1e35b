import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createTransport } from "nodemailer";
import { getConfig } from "../../config.server";

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the message to DATA_DIR/outbox and logs
 * its path, so every flow (password recovery…) works offline.
 */
export async function sendEmail(email: Email): Promise<void> {
  const config = getConfig();
  if (config.smtpUrl) {
    await createTransport(config.smtpUrl).sendMail({ from: config.emailFrom, ...email });
    return;
  }
  const outbox = path.join(config.dataDir, "outbox");
  mkdirSync(outbox, { recursive: true });
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${email.to.replace(/[^a-z0-9@.-]/gi, "_")}.txt`);
  writeFileSync(file, `From: ${config.emailFrom}\nTo: ${email.to}\nSubject: ${email.subject}\n\n${email.text}\n`);
  console.log(`Email to ${email.to} written to ${file}`);
}
