/** A text without its accents (é → e, ç → c): the generators compare words the way students type them. */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "");
}
