import { describe, expect, it } from "vitest";
import { inMathFont } from "../math-font";
import { compileMarkdown } from "./markdown";

describe("formulas", () => {
  it("are written once, as MathML, with letters the font draws", async () => {
    const { html } = await compileMarkdown("Soit $x \\in \\mathbb{R}$ et $\\mathcal{P}(E)$.");
    // Chromium draws only mathvariant="normal": ℝ and 𝒫 must be the characters themselves.
    expect(html).toContain("<mi>ℝ</mi>");
    expect(html).toContain(">𝒫</mi>");
    expect(html).not.toContain("mathvariant");
    expect(html.match(/<math>/g)).toHaveLength(2);
    expect(html).not.toMatch(/katex|<annotation|<span/);
  });

  it("put a displayed formula in a box that scrolls, without an inline style", async () => {
    const { html } = await compileMarkdown("$$\n\\sum_{k=0}^{n} k = \\frac{n(n+1)}{2}\n$$");
    expect(html).toMatch(/^<div class="math-display"><math display="block" class="tml-display"><mrow>/);
    expect(html).not.toContain("style=");
  });

  it("fail to compile when Temml cannot read them, with the formula and the reason", async () => {
    await expect(compileMarkdown("Texte $\\frac{1}{$ fin.")).rejects.toThrow(/^formule illisible « \\frac\{1\}\{ » : Unexpected end of input/);
    await expect(compileMarkdown("Texte $\\inconnue{x}$ fin.")).rejects.toThrow("formule illisible « \\inconnue{x} » : Unsupported function name: \\inconnue");
  });

  it("fail to compile when a character is missing from the formulas' font", async () => {
    expect(inMathFont("𝔄")).toBe(false);
    await expect(compileMarkdown("Texte $\\mathfrak{A}$ fin.")).rejects.toThrow(
      "caractère « 𝔄 » (U+1D504) absent de la police des formules : ajouter sa plage dans content/math-font.ts, puis npm run fonts:math",
    );
  });

  it("give headings their visible text once", async () => {
    const { headings } = await compileMarkdown("## La suite $u_{n+1}=f(u_n)$");
    expect(headings).toEqual([{ depth: 2, id: "la-suite-u_n1fu_n", text: "La suite un+1=f(un)" }]);
  });
});
