import { describe, expect, it } from "vitest";
import { linkPath, placeholderProblems, proseOnly, tokenProblems, typographyProblems } from "./checks";

const NBSP = "\u00a0";

describe("typography check", () => {
  it("accepts correct French typography", () => {
    expect(typographyProblems(`Voici la règle${NBSP}: une phrase${NBSP}; une question${NBSP}? «${NBSP}citation${NBSP}»${NBSP}!`)).toEqual([]);
  });

  it("flags an ordinary space or no space before high punctuation", () => {
    expect(typographyProblems("Voici la règle : suite")[0]?.message).toMatch(/espace ordinaire/);
    expect(typographyProblems("Une question?")[0]?.message).toBe("espace insécable manquante avant « ; », « ! » ou « ? »");
    expect(typographyProblems("Le point:")[0]?.message).toMatch(/insécable manquante avant « : »/);
  });

  it("flags guillemets without non-breaking spaces", () => {
    expect(typographyProblems("«citation»").map((p) => p.message)).toEqual([
      "espace insécable manquante après «",
      "espace insécable manquante avant »",
    ]);
  });

  it("ignores code, maths, URLs and table rules", () => {
    const markdown = ["```python", "print(x[1:3])  # a:b", "```", "Le code `x = a if b else c:` reste tel quel.", "$f:x\\mapsto x^2$", "| a | b |", "|:---|---:|", "<https://www.cnil.fr/>"].join("\n");
    expect(typographyProblems(markdown)).toEqual([]);
    expect(proseOnly("a\n```\nb\n```\nc").split("\n")).toHaveLength(5);
  });

  it("ignores box markers but checks their titles", () => {
    expect(typographyProblems(":::definition[Suite majorée]\nTexte.\n:::")).toEqual([]);
    expect(typographyProblems(":::remarque[Attention : piège]\n:::")[0]?.message).toMatch(/espace ordinaire/);
  });

  it("wants the typographic apostrophe in prose, and leaves code and maths alone", () => {
    expect(typographyProblems("L’intégrale converge.")).toEqual([]);
    expect(typographyProblems("L'intégrale converge.")[0]?.message).toBe("apostrophe droite : écrire l’apostrophe typographique ’");
    expect(typographyProblems("`print('a')` et $f'(x)$, puis\n```\nc'est\n```")).toEqual([]);
  });

  it("reports the line of the problem", () => {
    expect(typographyProblems("ligne correcte\nune question?")[0]?.line).toBe(2);
  });
});

describe("placeholder and token checks", () => {
  it("rejects placeholder words", () => {
    expect(placeholderProblems("Page en construction")).toHaveLength(1);
    expect(placeholderProblems("Lorem ipsum dolor")).toHaveLength(1);
    expect(placeholderProblems("Un cours complet sur les séries")).toEqual([]);
  });

  it("rejects unknown tokens", () => {
    expect(tokenProblems("- Contact : {{legal.contactEmail}}")).toEqual([]);
    expect(tokenProblems("{{legal.phone}}")[0]?.message).toBe("jeton inconnu : {{legal.phone}}");
  });

  it("normalises internal links", () => {
    expect(linkPath("/cgv#retractation")).toBe("/cgv");
    expect(linkPath("/formations/?tri=a")).toBe("/formations");
    expect(linkPath("/")).toBe("/");
  });
});
