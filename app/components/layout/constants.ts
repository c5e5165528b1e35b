/** Layout constants of platform-core §9. */
export const DROPDOWN_OPEN_DELAY_MS = 300;
export const DROPDOWN_CLOSE_DELAY_MS = 150;
export const HEADER_OPAQUE_AFTER_PX = 10;
export const TOAST_DURATION_MS = 5000;
export const COPYRIGHT_YEAR = 2025;

export const CHAT_PREFILLED_MESSAGE =
  "Bonjour, je suis intéressé(e) par l'accompagnement Tremplin pour la prépa ECG. Pouvez-vous m'en dire plus ?";
export const SUGGESTION_PREFILLED_MESSAGE = "Bonjour, je suis en prépa ECG et j'ai une suggestion pour améliorer le site Tremplin : ";

/** The messaging link with a prefilled text (WhatsApp-style `?text=`). */
export function messagingHref(baseUrl: string, text: string): string {
  const separator = baseUrl.includes("?") ? "&" : "?";
  return `${baseUrl}${separator}text=${encodeURIComponent(text)}`;
}
