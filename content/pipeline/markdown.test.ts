import { describe, expect, it } from "vitest";
import { inMathFont } from "../math-font";
import { compileInline, compileMarkdown } from "./markdown";

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
    expect(html).toMatch(/^<span class="math-display"><math display="block" class="tml-display"><mrow>/);
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

  it("give headings their visible text once, and their rendered content for the table of contents", async () => {
    const { headings } = await compileMarkdown("## La suite $u_{n+1}=f(u_n)$");
    expect(headings).toMatchObject([{ depth: 2, id: "la-suite-u_n1fu_n", text: "La suite un+1=f(un)" }]);
    expect(headings[0].html).toMatch(/^La suite <math><mrow><msub><mi>u<\/mi>/);
    expect(headings[0].html).not.toContain("annotation");
  });

  it("makes $$…$$ written on one line a displayed formula, even inside a sentence", async () => {
    const { html } = await compileMarkdown("vaut $$\\frac{a}{b}$$ et $y$.");
    expect(html).toMatch(/^<p>vaut <span class="math-display"><math display="block"/);
    expect(html).toContain("et <math><mi>y</mi></math>.</p>");
  });

  it("renders titles with formulas, and their visible text", async () => {
    expect(await compileInline("L'irrationalité de $\\sqrt{2}$")).toEqual({
      html: "L'irrationalité de <math><msqrt><mn>2</mn></msqrt></math>",
      text: "L'irrationalité de √(2)",
    });
  });
});

describe("figures", () => {
  const figure = (code: string, attributes = '{alt="Une droite qui monte."}') =>
    `Texte.\n\n:::figure[La droite $y = x$]${attributes}\n\`\`\`python\nimport matplotlib.pyplot as plt\n${code}\n\`\`\`\n:::\n`;

  it("runs the code and puts its SVG in the page, themed, named by its alt text, with its caption", async () => {
    const { html } = await compileMarkdown(figure('plt.plot([0, 1], [0, 1], "o-")\nplt.grid(True)'));
    expect(html).toMatch(/<figure class="content-figure"><div class="figure-canvas"><svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="[\d. ]+" role="img" aria-label="Une droite qui monte." class="figure-svg"/);
    expect(html).toMatch(/<figcaption>La droite <math>.*<\/math><\/figcaption><\/figure>/);
    // Presentation attributes the stylesheet can override, the theme's placeholder colours, no <style> or inline style.
    expect(html).toContain('stroke="#0a0001"');
    expect(html).toContain('fill="currentColor"');
    expect(html).not.toMatch(/<style|style="|<metadata|<\?xml/);
    // Every id kept is referenced and carries the figure's prefix.
    const ids = [...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].flatMap(([svg]) => [...svg.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toMatch(/^fig-[0-9a-f]{8}-/);
    for (const id of ids) expect(html).toMatch(new RegExp(`(#${id}"|url\\(#${id}\\))`));
  });

  it("refuses a colour outside the theme, code that fails, and a figure without caption or alt text", async () => {
    await expect(compileMarkdown(figure('plt.plot([0, 1], [0, 1], color="red")'))).rejects.toThrow(
      "couleur « #ff0000 » : une figure n'utilise que les couleurs du thème, C0 à C5 (et celle du texte, par défaut)",
    );
    await expect(compileMarkdown(figure("plt.plot([0, 1], [0, 1 / 0])"))).rejects.toThrow(/^figure 1 : le code de la figure échoue\n[\s\S]*ZeroDivisionError/);
    await expect(compileMarkdown(figure("plt.plot([0, 1])", ""))).rejects.toThrow(
      'figure 1 sans texte alternatif : ajouter {alt="Description de l\'image"}',
    );
    await expect(compileMarkdown(":::figure{alt=\"x\"}\n```python\nimport matplotlib.pyplot as plt\nplt.plot([0, 1])\n```\n:::\n")).rejects.toThrow(
      'figure 1 sans légende : écrire :::figure[Légende]{alt="Description de l\'image"}',
    );
  });
});

describe("boxes", () => {
  it("mark a part of a common chapter for one option, with the boxes it holds", async () => {
    const { html } = await compileMarkdown(
      "::::approfondies[Sommes directes]\nTexte.\n\n:::definition[Somme directe]\n$F \\oplus G$\n:::\n::::\n\n:::appliquees\nGraphes.\n:::\n",
    );
    expect(html).toContain('<aside class="box box-approfondies"><p class="box-title">Approfondies uniquement — Sommes directes</p>');
    expect(html).toContain('<aside class="box box-definition"><p class="box-title">Définition — Somme directe</p>');
    // The definition sits inside the option's box.
    expect(html).toMatch(/box-approfondies[\s\S]*box-definition[\s\S]*<\/aside><\/aside>/);
    expect(html).toContain('<aside class="box box-appliquees"><p class="box-title">Appliquées uniquement</p><p>Graphes.</p></aside>');
  });

  it("refuses an unknown box, naming the ones there are", async () => {
    await expect(compileMarkdown(":::approfondie\nTexte.\n:::\n")).rejects.toThrow(/encadré inconnu « :::approfondie » \(attendus : definition, .*approfondies, appliquees\)/);
  });
});
