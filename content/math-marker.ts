/**
 * Whether compiled content has formulas (MathML from Temml): HTML, or any value holding some (searched
 * as JSON).
 */
export function containsMath(content: unknown): boolean {
  return /<math[\s>]/.test(typeof content === "string" ? content : JSON.stringify(content));
}
