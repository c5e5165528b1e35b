/**
 * Writes `app/fonts/tremplin-math.woff2`: Latin Modern Math (GUST Font License, Debian's `fonts-lmodern`
 * package) cut down to the ranges of `content/math-font.ts`. HarfBuzz keeps the OpenType MATH table and
 * the glyph variants it points to (large operators, stretchy brackets and arrows), which the browser needs
 * to lay out MathML. The license asks derived fonts to carry a new file name, hence ours.
 *
 * Run it after changing the ranges (`sudo apt-get install fonts-lmodern` first); the result is committed,
 * so building the site never needs the package. docs/decisions/0007 says why this font.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { mathFontCharacters } from "../content/math-font.ts";

const source = process.env.LATIN_MODERN_MATH ?? "/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf";
const target = path.resolve(import.meta.dirname, "../app/fonts/tremplin-math.woff2");

if (!existsSync(source)) {
  console.error(
    `${source} not found: install Debian's fonts-lmodern (sudo apt-get install fonts-lmodern) or set LATIN_MODERN_MATH to latinmodern-math.otf.`,
  );
  process.exit(1);
}
const original = readFileSync(source);
const font = await subsetFont(original, mathFontCharacters(), { targetFormat: "woff2" });
writeFileSync(target, font);
console.log(
  `${path.relative(process.cwd(), target)}: ${(font.length / 1024).toFixed(1)} KB (from ${(original.length / 1024).toFixed(1)} KB)`,
);
