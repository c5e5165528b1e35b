import { RATE_RULES, RateLimitedError, hit } from "../accounts/rate-limit.server";
import { getConfig } from "../../config.server";
import { sendEmail } from "../email/email.server";
import { HONEYPOT_FIELD, PUBLIC_FORM_MESSAGES } from "./requests";

/**
 * The checks every public form runs before it stores anything: the honeypot (a field people never
 * see: a robot that fills it is refused) and the rate limits per client IP and per e-mail address.
 * Returns the French message to show, or null when the form may go on.
 */
export async function checkPublicForm(
  formData: FormData,
  { form, clientIp, email }: { form: string; clientIp: string; email: string },
): Promise<string | null> {
  if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") return PUBLIC_FORM_MESSAGES.refused;
  try {
    await hit(`${form}:ip:${clientIp}`, RATE_RULES.publicFormIp);
    await hit(`${form}:email:${email.trim().toLowerCase()}`, RATE_RULES.publicFormEmail);
  } catch (error) {
    if (error instanceof RateLimitedError) return error.message;
    throw error;
  }
  return null;
}

/**
 * Tells the team (CONTACT_NOTIFY_EMAIL) that something waits in the console. Without that address
 * nothing is sent: the console still lists it. A failed e-mail is logged, never shown to the visitor.
 */
export async function notifyTeam(subject: string, text: string, consolePath: string): Promise<void> {
  const { contactNotifyEmail, siteUrl } = getConfig();
  if (!contactNotifyEmail) return;
  try {
    await sendEmail({ to: contactNotifyEmail, subject, text: `${text}\n\nÀ traiter dans la console : ${siteUrl}${consolePath}\n` });
  } catch (error) {
    console.error(`Team notification « ${subject} » not sent:`, error);
  }
}

/** Sends the requester's acknowledgement; a failure is logged (the request itself is stored). */
export async function acknowledge(to: string, subject: string, text: string): Promise<void> {
  try {
    await sendEmail({ to, subject, text: `${text}\n\n— L'équipe Tremplin` });
  } catch (error) {
    console.error(`Acknowledgement to ${to} not sent:`, error);
  }
}
