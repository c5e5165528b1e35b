import { describe, expect, it } from "vitest";
import {
  MONDAY_MESSAGE,
  TIME_MESSAGE,
  WEEKDAYS,
  coefficientSchema,
  colleMarkLineSchema,
  colleMeans,
  formTrinomes,
  formatSlotWhen,
  formatWeek,
  groupSchema,
  isMonday,
  mondayOf,
  nextGroupNames,
  normalizeTime,
  ofName,
  slotDate,
  slotSchema,
} from "./colles";

const names = (count: number) => Array.from({ length: count }, (_, index) => `E${index + 1}`);
const sizes = (groups: unknown[][]) => groups.map((group) => group.length);

describe("automatic trinômes", () => {
  it("make groups of three in order; one left over joins the last group, two left over make a pair", () => {
    expect(formTrinomes(names(7))).toEqual([
      ["E1", "E2", "E3"],
      ["E4", "E5", "E6", "E7"],
    ]);
    expect(formTrinomes(names(8))).toEqual([
      ["E1", "E2", "E3"],
      ["E4", "E5", "E6"],
      ["E7", "E8"],
    ]);
    expect(sizes(formTrinomes(names(9)))).toEqual([3, 3, 3]);
  });

  it("cope with very small classes", () => {
    expect(formTrinomes([])).toEqual([]);
    expect(sizes(formTrinomes(names(1)))).toEqual([1]);
    expect(sizes(formTrinomes(names(2)))).toEqual([2]);
    expect(sizes(formTrinomes(names(4)))).toEqual([4]);
    expect(sizes(formTrinomes(names(10)))).toEqual([3, 3, 4]);
  });

  it("are named « Groupe N » with the numbers the class does not use yet", () => {
    expect(nextGroupNames([], 3)).toEqual(["Groupe 1", "Groupe 2", "Groupe 3"]);
    expect(nextGroupNames(["Groupe 1", "groupe 3", "Les matheux"], 2)).toEqual(["Groupe 2", "Groupe 4"]);
  });
});

describe("colloscope weeks", () => {
  it("start on a Monday", () => {
    expect(isMonday("2026-12-07")).toBe(true);
    expect(isMonday("2026-12-08")).toBe(false);
    expect(isMonday("2026-02-30")).toBe(false);
    expect(isMonday("7/12/2026")).toBe(false);
    const parsed = slotSchema.safeParse({
      weekStart: "2026-12-09",
      weekday: "1",
      startTime: "17:00",
      colleurEmail: "a@example.com",
      groupId: crypto.randomUUID(),
      period: "t1",
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([MONDAY_MESSAGE]);
  });

  it("are found from any day, in Paris time", () => {
    expect(mondayOf(new Date("2026-12-09T12:00:00Z"))).toBe("2026-12-07");
    expect(mondayOf(new Date("2026-12-13T12:00:00Z"))).toBe("2026-12-07");
    // Sunday 23:30 in UTC is already Monday in Paris.
    expect(mondayOf(new Date("2026-12-13T23:30:00Z"))).toBe("2026-12-14");
    expect(slotDate("2026-12-07", 6)).toBe("2026-12-12");
  });

  it("are labelled in French", () => {
    expect(formatWeek("2026-12-07")).toBe("semaine du 7 décembre 2026");
    expect(formatWeek("2027-03-01")).toBe("semaine du 1er mars 2027");
    expect(Object.values(WEEKDAYS)).toEqual(["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"]);
    expect([ofName("Bruno"), ofName("Adam"), ofName("Élise")]).toEqual(["de Bruno", "d'Adam", "d'Élise"]);
    expect(formatSlotWhen({ weekStart: "2026-12-07", weekday: 4, startTime: "17:00" })).toBe("jeudi 10 décembre 2026 à 17:00");
  });
});

describe("the colloscope form", () => {
  const valid = {
    weekStart: "2026-12-07",
    weekday: "4",
    startTime: "17h30",
    room: " B12 ",
    colleurEmail: " Colleur@Example.com ",
    groupId: "0b0c4f1e-8b9d-4c3e-9a55-2d1f0e6a7b8c",
    period: "t1",
  };

  it("accepts a line, times written the French way, and normalises them", () => {
    expect(slotSchema.parse(valid)).toEqual({ ...valid, weekday: 4, startTime: "17:30", room: "B12", colleurEmail: "colleur@example.com" });
    expect(normalizeTime("9:05")).toBe("09:05");
    expect(normalizeTime("17 h")).toBe("17:00");
    expect(normalizeTime("25:00")).toBeNull();
    expect(normalizeTime("17:")).toBeNull();
  });

  it("says in French what is wrong", () => {
    const messages = slotSchema
      .safeParse({
        weekStart: "",
        weekday: "7",
        startTime: "cinq heures",
        room: "x".repeat(41),
        colleurEmail: "colleur",
        groupId: "1 or 1=1",
        period: "t9",
      })
      .error!.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      "Choisissez la date du lundi de la semaine (par exemple 2026-12-07).",
      "Choisissez le jour.",
      TIME_MESSAGE,
      "La salle s'écrit en 40 caractères au plus.",
      "Donnez l'adresse e-mail du colleur (par exemple prenom.nom@example.com).",
      "Choisissez un groupe.",
      "Choisissez la période.",
    ]);
  });

  it("bounds group names", () => {
    expect(groupSchema.safeParse({ name: " ", members: [] }).error?.issues[0].message).toBe("Donnez un nom au groupe.");
    expect(groupSchema.safeParse({ name: "x".repeat(81), members: [] }).error?.issues[0].message).toBe(
      "Le nom est trop long (80 caractères au plus).",
    );
  });
});

describe("the colle coefficient", () => {
  it("goes from 0 to 99, with a decimal comma", () => {
    expect(coefficientSchema.parse({ coefficient: "0,5" })).toEqual({ coefficient: 0.5 });
    expect(coefficientSchema.parse({ coefficient: " 2.25 " })).toEqual({ coefficient: 2.25 });
    expect(coefficientSchema.parse({ coefficient: "0" })).toEqual({ coefficient: 0 });
    for (const wrong of ["100", "-1", "", "un", "1,234"])
      expect(coefficientSchema.safeParse({ coefficient: wrong }).error?.issues[0].message, wrong).toBe(
        "Le coefficient est un nombre de 0 à 99, par exemple 1 ou 0,5.",
      );
  });
});

describe("colle marks", () => {
  it("are out of 20 or a status, with a comment of at most 1000 characters", () => {
    expect(colleMarkLineSchema.parse({ mark: "14,5", comment: " Bien " })).toEqual({
      mark: { points: 14.5, status: null },
      comment: "Bien",
    });
    expect(colleMarkLineSchema.parse({ mark: "abs", comment: "" })).toEqual({ mark: { points: null, status: "abs" }, comment: "" });
    expect(colleMarkLineSchema.safeParse({ mark: "21", comment: "" }).error?.issues[0].message).toBe(
      "La note doit être comprise entre 0 et 20.",
    );
    expect(colleMarkLineSchema.safeParse({ mark: "", comment: "x".repeat(1001) }).error?.issues[0].message).toBe(
      "Le commentaire est trop long (1000 caractères au plus).",
    );
  });

  it("average by period: « Non rendu » counts 0, the other statuses are left out", () => {
    expect(
      colleMeans([
        { period: "t1", points: 14, status: null },
        { period: "t1", points: null, status: "non-rendu" },
        { period: "t1", points: null, status: "abs" },
        { period: "t2", points: 12.5, status: null },
        { period: "t3", points: null, status: "disp" },
      ]),
    ).toEqual({ t1: { mean: 7, count: 2 }, t2: { mean: 12.5, count: 1 } });
  });
});
