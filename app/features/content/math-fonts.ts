import { useMemo } from "react";
import { preload } from "react-dom";
import mathFont from "~/fonts/tremplin-math.woff2?url";
import { containsMath } from "../../../content/math-marker";

/**
 * `content`: the content shown (searched with containsMath), or whether it has formulas.
 *
 * The formulas' font is declared with `font-display: block`, so formulas stay invisible until it
 * arrives, and the browser discovers it only once the stylesheet is parsed and a formula laid out. A page
 * with formulas preloads it (React puts the hint in the document head).
 */
export function useMathFonts(content: unknown) {
  const hasMath = useMemo(() => (typeof content === "boolean" ? content : containsMath(content)), [content]);
  if (hasMath) preload(mathFont, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
}
