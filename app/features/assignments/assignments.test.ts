import { describe, expect, it } from "vitest";
import { assignmentSchema, formatParisDateTime, parisDateTime, timeLeft, toParisLocalInput } from "./assignments";

describe("due dates in Paris time", () => {
  it("read a winter and a summer time as the right instants", () => {
    expect(parisDateTime("2026-12-07T18:00")?.toISOString()).toBe("2026-12-07T17:00:00.000Z");
    expect(parisDateTime("2027-06-07T18:00")?.toISOString()).toBe("2027-06-07T16:00:00.000Z");
  });

  it("keep the wall-clock time across the change to summer time (29 March 2026)", () => {
    expect(parisDateTime("2026-03-28T23:59")?.toISOString()).toBe("2026-03-28T22:59:00.000Z");
    expect(parisDateTime("2026-03-29T23:59")?.toISOString()).toBe("2026-03-29T21:59:00.000Z");
    // 02:30 does not exist that night: the clock jumps from 02:00 to 03:00, so 02:30 is 03:30 summer time.
    expect(parisDateTime("2026-03-29T02:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("keep the wall-clock time across the change to winter time (25 October 2026)", () => {
    expect(parisDateTime("2026-10-24T18:00")?.toISOString()).toBe("2026-10-24T16:00:00.000Z");
    expect(parisDateTime("2026-10-25T18:00")?.toISOString()).toBe("2026-10-25T17:00:00.000Z");
    for (const local of ["2026-10-24T18:00", "2026-10-25T18:00", "2026-03-29T23:59", "2027-01-01T00:00"])
      expect(toParisLocalInput(parisDateTime(local)!)).toBe(local);
  });

  it("refuse dates that do not exist or are not dates", () => {
    for (const bad of ["2026-02-30T10:00", "2026-13-01T10:00", "2026-12-07", "2026-12-07T24:00", "demain", ""])
      expect(parisDateTime(bad)).toBeUndefined();
  });

  it("are shown in French, in Paris time", () => {
    expect(formatParisDateTime(new Date("2026-12-07T17:00:00Z"))).toBe("lundi 7 décembre 2026 à 18:00");
    const now = new Date("2026-12-04T17:00:00Z");
    expect(timeLeft(new Date("2026-12-07T17:00:00Z"), now)).toBe("dans 3 jours");
    expect(timeLeft(new Date("2026-12-04T22:00:00Z"), now)).toBe("dans 5 heures");
    expect(timeLeft(new Date("2026-12-02T17:00:00Z"), now)).toBe("en retard de 2 jours");
  });
});

describe("the assignment form", () => {
  const form = {
    title: "DM 3 — Suites récurrentes",
    kind: "dm",
    instructions: "Exercices 1 à 3.",
    linkedPath: "",
    dueAt: "2026-12-07T18:00",
    maxPoints: "40",
    rescaleTo20: "on",
    coefficient: "0,5",
    period: "t1",
  };

  it("reads decimal commas, the scale and the period", () => {
    const parsed = assignmentSchema.parse(form);
    expect(parsed).toMatchObject({ maxPoints: 40, coefficient: 0.5, rescaleTo20: true, linkedPath: null, period: "t1" });
    expect(parsed.dueAt.toISOString()).toBe("2026-12-07T17:00:00.000Z");
  });

  it("says in French what is wrong", () => {
    const result = assignmentSchema.safeParse({ ...form, title: " ", maxPoints: "101", coefficient: "100", dueAt: "bientôt" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      title: "Donnez un titre au devoir.",
      maxPoints: "Le barème est un nombre entier de 1 à 100.",
      coefficient: "Le coefficient est un nombre de 0 à 99 (par exemple 2 ou 0,5).",
      dueAt: "Indiquez la date et l'heure limites (heure de Paris).",
    });
  });
});
