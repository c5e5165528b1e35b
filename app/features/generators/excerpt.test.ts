import { describe, expect, it } from "vitest";
import { wholeExcerpt } from "./excerpt";

describe("quotations from the corpus", () => {
  const body =
    "Deux suites sont adjacentes si l'une croît. Deux suites adjacentes, $(u_n)$ croissante et $\\left( v_n \\right)$ décroissante, convergent vers la même limite.\nLa suite suivante est étudiée.";

  it("widens a fragment cut inside a formula or a sentence to whole formulas and sentences", () => {
    expect(wholeExcerpt(body, "croissante et $\\left( v_n")).toBe(
      "Deux suites adjacentes, $(u_n)$ croissante et $\\left( v_n \\right)$ décroissante, convergent vers la même limite.",
    );
  });

  it("leaves out a fragment that is not in the passage", () => {
    expect(wholeExcerpt(body, "ailleurs … La suite suivante")).toBe("La suite suivante est étudiée.");
  });
});
