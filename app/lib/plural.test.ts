import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("takes the singular for 0 and 1, as French does", () => {
    expect(plural(0, "carte", "cartes")).toBe("0 carte");
    expect(plural(1, "carte", "cartes")).toBe("1 carte");
  });

  it("takes the plural from 2 on", () => {
    expect(plural(2, "carte", "cartes")).toBe("2 cartes");
    expect(plural(3, "carte", "cartes")).toBe("3 cartes");
    expect(plural(21, "carte", "cartes")).toBe("21 cartes");
  });

  it("lets the agreeing words follow the count", () => {
    expect(plural(1, "carte de ce paquet marquée à revoir.", "cartes de ce paquet marquées à revoir.")).toBe(
      "1 carte de ce paquet marquée à revoir.",
    );
    expect(plural(3, "carte de ce paquet marquée à revoir.", "cartes de ce paquet marquées à revoir.")).toBe(
      "3 cartes de ce paquet marquées à revoir.",
    );
  });

  it("writes large and decimal counts the French way", () => {
    expect(plural(1000, "carte", "cartes")).toBe("1\u202f000 cartes");
    expect(plural(1_000_000, "carte", "cartes")).toBe("1\u202f000\u202f000 cartes");
    expect(plural(1.5, "heure", "heures")).toBe("1,5 heure");
  });
});
