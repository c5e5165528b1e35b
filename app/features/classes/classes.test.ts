import { describe, expect, it } from "vitest";
import { JOIN_CODE_ALPHABET, classSchema, formatJoinCode, joinCodeSchema, normalizeJoinCode, schoolYearOf } from "./classes";

describe("join codes", () => {
  it("compare without case or separators, and show as two groups of four", () => {
    expect(normalizeJoinCode(" abcd-ef23 ")).toBe("ABCDEF23");
    expect(normalizeJoinCode("ABCD EF23")).toBe("ABCDEF23");
    expect(formatJoinCode("ABCDEF23")).toBe("ABCD-EF23");
    expect(joinCodeSchema.safeParse({ code: "abcd-ef2" }).error?.issues[0].message).toBe(
      "Le code d'accès comporte 8 caractères (par exemple ABCD-EF23).",
    );
  });

  it("use no character that reads like another", () => {
    for (const confusable of ["0", "O", "1", "I", "L"]) expect(JOIN_CODE_ALPHABET).not.toContain(confusable);
  });
});

describe("school years", () => {
  it("start on 1 August, in Paris time", () => {
    expect(schoolYearOf(new Date("2026-11-23T12:00:00Z"))).toBe("2026-2027");
    expect(schoolYearOf(new Date("2027-07-31T12:00:00Z"))).toBe("2026-2027");
    expect(schoolYearOf(new Date("2027-08-01T12:00:00Z"))).toBe("2027-2028");
    // 31 July, 23:30 in UTC is already 1 August in Paris.
    expect(schoolYearOf(new Date("2027-07-31T23:30:00Z"))).toBe("2027-2028");
  });
});

describe("the class form", () => {
  const valid = { name: "ECG 2 — groupe B", level: "ecg2", subject: "maths-approfondies", schoolYear: "2026-2027" };

  it("accepts a class, with or without the maths right", () => {
    expect(classSchema.parse({ ...valid, grantsMaths: "on" })).toEqual({ ...valid, grantsMaths: true });
    expect(classSchema.parse(valid)).toEqual({ ...valid, grantsMaths: false });
  });

  it("says in French what is wrong", () => {
    const errors = classSchema
      .safeParse({ name: " ", level: "ecg3", subject: "latin", schoolYear: "2026-2028" })
      .error!.issues.map((issue) => issue.message);
    expect(errors).toEqual([
      "Donnez un nom à la classe.",
      "Choisissez l'année.",
      "Choisissez la matière.",
      "L'année scolaire s'écrit comme 2026-2027.",
    ]);
  });
});
