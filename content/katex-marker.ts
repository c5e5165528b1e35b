/**
 * Whether compiled content has KaTeX output: HTML, or any value holding some (searched as JSON, where the
 * quotes of `class="katex"` are escaped).
 */
export function containsMath(content: unknown): boolean {
  return /class=\\?"katex\\?"/.test(typeof content === "string" ? content : JSON.stringify(content));
}
