/**
 * The characters kept in the formulas' font (`app/fonts/tremplin-math.woff2`, a subset of Latin Modern Math
 * made by `npm run fonts:math`). A formula using a character outside them fails to compile: add its
 * range here, then run the script again.
 *
 * Letters in formulas are written in plain Latin and Greek; the browser draws them with the italic,
 * script and double-struck forms of the Mathematical Alphanumeric Symbols block, kept here too.
 */
export const MATH_FONT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1 (accented letters in \text{…})
  [0x131, 0x131], // dotless i
  [0x237, 0x237], // dotless j
  [0x300, 0x36f], // combining accents
  [0x391, 0x3a9], // Greek capitals
  [0x3b1, 0x3c9], // Greek small letters
  [0x3d1, 0x3d6], // ϑ ϕ ϖ
  [0x3f0, 0x3f1], // ϰ ϱ
  [0x3f5, 0x3f5], // ϵ
  [0x2000, 0x206f], // spaces, dashes, primes, invisible operators
  [0x20d0, 0x20ff], // combining marks for symbols (vectors)
  [0x2102, 0x2135], // letterlike: ℂ ℕ ℙ ℚ ℝ ℤ ℓ ℏ, script capitals, ℵ
  [0x2190, 0x21d5], // arrows: → ↦ ↪ ⇒ ⇔ …
  [0x2200, 0x22ff], // mathematical operators
  [0x2300, 0x230b], // ⌀, ceilings and floors
  [0x23b4, 0x23b5], // over and under brackets
  [0x23dc, 0x23e1], // over and under parentheses and braces
  [0x25a0, 0x25a1], // □
  [0x25b3, 0x25b3], // △
  [0x27c0, 0x27ff], // ⟦ ⟧ ⟨ ⟩, long arrows
  // Text-presentation selector that Temml writes after ⊕ and ⊗; default-ignorable, so it needs no glyph.
  [0xfe0e, 0xfe0e],
  [0x2983, 0x2984], // ⦃ ⦄
  [0x2a00, 0x2a0c], // n-ary operators: ⨁ ⨂, multiple integrals
  [0x2a7d, 0x2a7e], // ⩽ ⩾
  [0x1d434, 0x1d467], // italic
  [0x1d49c, 0x1d4cf], // script
  [0x1d538, 0x1d56b], // double-struck
  [0x1d6e2, 0x1d71b], // Greek italic
  [0x1d7d8, 0x1d7e1], // double-struck digits (𝟙)
];

export function inMathFont(character: string): boolean {
  const code = character.codePointAt(0)!;
  return MATH_FONT_RANGES.some(([first, last]) => code >= first && code <= last);
}

/** Every character of the ranges, as the subsetter takes them. */
export function mathFontCharacters(): string {
  return MATH_FONT_RANGES.map(([first, last]) => String.fromCodePoint(...Array.from({ length: last - first + 1 }, (_, i) => first + i))).join("");
}
