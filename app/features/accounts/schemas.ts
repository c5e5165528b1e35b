import { z } from "zod";
import { normalizePhone } from "./phone";

/** One schema per form, shared by the browser and the server, with French messages. */
const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Indiquez votre adresse e-mail.")
  .max(254, "Adresse e-mail trop longue (254 caractères au plus).")
  .pipe(z.email("Adresse e-mail invalide."));
const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const normalized = normalizePhone(value);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: "Numéro de téléphone invalide (exemple : 06 12 34 56 78)." });
      return z.NEVER;
    }
    return normalized;
  });
const firstName = z.string().trim().min(1, "Indiquez votre prénom.").max(60, "Le prénom est trop long (60 caractères au plus).");
const password = z.string().min(1, "Indiquez un mot de passe.").max(128, "Le mot de passe est trop long (128 caractères au plus).");

export const registerSchema = z.object({ firstName, email, phone: optionalPhone, password, next: z.string().optional() });
export const loginSchema = z.object({
  identifier: z.string().trim().min(1, "Indiquez votre adresse e-mail ou votre numéro de téléphone."),
  password: z.string().min(1, "Indiquez votre mot de passe."),
  next: z.string().optional(),
});
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ token: z.string().min(1), password });
export const profileSchema = z.object({ firstName, phone: optionalPhone });
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Indiquez votre mot de passe actuel."),
  newPassword: password,
});
const sixDigitCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Le code comporte 6 chiffres.");
/** An account without a password (created with a provider or a code) sets one. */
export const setPasswordSchema = z.object({ newPassword: password });
export const totpCodeSchema = z.object({ code: sixDigitCode });
/** Sign-in by e-mail code: the address, then the code it received. */
export const codeRequestSchema = z.object({ email, next: z.string().optional() });
export const codeSignInSchema = z.object({ email, code: sixDigitCode, next: z.string().optional() });
/** Address change on /compte: the new address, then the code sent to it. */
export const emailChangeSchema = z.object({ newEmail: email });
export const emailChangeCodeSchema = z.object({ newEmail: email, code: sixDigitCode });
export const accessCodeSchema = z.object({
  code: z.string().trim().min(4, "Indiquez votre code d'accès.").max(64, "Code d'accès invalide."),
});

/** Field errors as { field: first message }, for forms that keep what the user typed. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
