import { getConfig } from "../../config.server";
import { sendEmail } from "../email/email.server";

/** A verification link stays valid a day; every code sent by e-mail (sign-in, confirmation, new address) ten minutes. */
export const VERIFICATION_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
export const EMAIL_CODE_LIFETIME_SECONDS = 10 * 60;

export const VERIFY_EMAIL_PATH = "/verifier-email";

const SIGNATURE = ["", "L'équipe Tremplin"];

/**
 * The confirmation message of an address: a link for the computer the mail is read on, and a 6-digit code
 * for a phone that reads its mail elsewhere (typed on /compte). Both confirm the same address.
 */
export async function sendVerificationEmail(user: { name: string; email: string }, token: string, code: string): Promise<void> {
  const link = `${getConfig().siteUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  await sendEmail({
    to: user.email,
    subject: "Confirmez votre adresse e-mail Tremplin",
    text: [
      `Bonjour ${user.name},`,
      "",
      "Pour confirmer l'adresse de votre compte Tremplin, ouvrez ce lien (valable 24 heures) :",
      link,
      "",
      `Ou saisissez ce code sur la page Mon compte (valable 10 minutes) : ${code}`,
      "",
      "Si vous n'avez pas créé de compte Tremplin, ignorez ce message : l'adresse ne sera pas confirmée.",
      ...SIGNATURE,
    ].join("\n"),
  });
}

type CodeKind = "sign-in" | "email-verification" | "forget-password" | "change-email";

const CODE_MAILS: Record<CodeKind, { subject: string; lines: (code: string) => string[] }> = {
  "sign-in": {
    subject: "Votre code de connexion Tremplin",
    lines: (code) => [
      `Votre code de connexion : ${code}`,
      "",
      "Il est valable 10 minutes et ne sert qu'une fois. Si vous n'avez pas demandé à vous connecter, ignorez ce message : personne ne peut se connecter sans ce code.",
    ],
  },
  "email-verification": {
    subject: "Votre code de confirmation Tremplin",
    lines: (code) => [`Votre code de confirmation d'adresse : ${code}`, "", "Il est valable 10 minutes."],
  },
  "change-email": {
    subject: "Confirmez votre nouvelle adresse e-mail Tremplin",
    lines: (code) => [
      `Pour que cette adresse devienne celle de votre compte Tremplin, saisissez ce code sur la page Mon compte : ${code}`,
      "",
      "Il est valable 10 minutes. Tant qu'il n'est pas saisi, votre ancienne adresse reste celle du compte. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    ],
  },
  "forget-password": {
    subject: "Votre code de réinitialisation Tremplin",
    lines: (code) => [`Votre code de réinitialisation : ${code}`, "", "Il est valable 10 minutes."],
  },
};

/**
 * A code of the email-OTP plugin. The sign-in code is sent without waiting, so that the answer takes the
 * same time whether or not the address has an account (the plugin sends nothing for an unknown one).
 */
export async function sendAccountCode(email: string, code: string, kind: CodeKind): Promise<void> {
  const mail = CODE_MAILS[kind];
  const message = { to: email, subject: mail.subject, text: ["Bonjour,", "", ...mail.lines(code), ...SIGNATURE].join("\n") };
  if (kind !== "sign-in") return sendEmail(message);
  void sendEmail(message).catch((error: unknown) => console.error("Sign-in code not delivered.", error));
}

/** Tells the former address that the account's address changed (the new one was just proven). */
export async function sendEmailChangedNotice(formerEmail: string, name: string, newEmail: string): Promise<void> {
  await sendEmail({
    to: formerEmail,
    subject: "L'adresse e-mail de votre compte Tremplin a changé",
    text: [
      `Bonjour ${name},`,
      "",
      `L'adresse e-mail de votre compte Tremplin est désormais ${newEmail}. Les prochains messages du compte y seront envoyés.`,
      "",
      `Si vous n'êtes pas à l'origine de ce changement, écrivez-nous sans attendre depuis ${getConfig().siteUrl}/contact.`,
      ...SIGNATURE,
    ].join("\n"),
  });
}
