import { useMemo } from "react";
import { preload } from "react-dom";
import mainRegular from "katex/dist/fonts/KaTeX_Main-Regular.woff2?url";
import mathItalic from "katex/dist/fonts/KaTeX_Math-Italic.woff2?url";
import { containsMath } from "../../../content/katex-marker";


/**
 * `content`: the content shown (searched with containsMath), or whether it has formulas.
 *
 * KaTeX declares its fonts with `font-display: block`, so formulas stay invisible until their font
 * arrives, and the browser discovers the font only once the stylesheet is parsed. A page with formulas
 * preloads the two faces nearly every formula uses (React puts the hints in the document head).
 */
export function useMathFonts(content: unknown) {
  const hasMath = useMemo(() => (typeof content === "boolean" ? content : containsMath(content)), [content]);
  if (!hasMath) return;
  for (const href of [mainRegular, mathItalic]) preload(href, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
}
