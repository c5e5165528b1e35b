import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** Normalises a phone number to E.164; French formats (06 12 34 56 78, +33 6…, 0033 6…) by default. */
export function normalizePhone(input: string): string | null {
  const cleaned = input.trim().replace(/^00/, "+");
  if (!cleaned) return null;
  const parsed = parsePhoneNumberFromString(cleaned, "FR");
  return parsed?.isValid() ? parsed.number : null;
}

export function looksLikeEmail(identifier: string): boolean {
  return identifier.includes("@");
}

/** A stored E.164 number as people read it: « 06 12 34 56 78 » in France, international elsewhere. */
export function displayPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return phone;
  return parsed.country === "FR" ? parsed.formatNational() : parsed.formatInternational();
}
