import { describe, expect, it } from "vitest";
import { colleWork, countedMark, formatAverage, markOutOf20, ranks, statistics, weightedAverage, workStatistics } from "./gradebook";
import { type Mark, formatMark, parseMark } from "./marks";

const points = (value: number): Mark => ({ points: value, status: null });
const status = (value: Mark["status"]): Mark => ({ points: null, status: value });

const ds = { id: "ds", maxPoints: 20, rescaleTo20: true, coefficient: 3, period: "t1" } as const;
const dm = { id: "dm", maxPoints: 10, rescaleTo20: true, coefficient: 1, period: "t1" } as const;
const cb = { id: "cb", maxPoints: 40, rescaleTo20: false, coefficient: 1, period: "t2" } as const;

describe("weighted averages out of 20", () => {
  it("weighs each mark brought to 20 by its coefficient", () => {
    // 20 × (3 × 12 + 1 × 16) ÷ (3 × 20 + 1 × 20) = 13
    expect(
      weightedAverage(
        [ds, dm],
        new Map([
          ["ds", points(12)],
          ["dm", points(8)],
        ]),
      ),
    ).toBeCloseTo(13, 10);
  });

  it("weighs a mark not brought to 20 by its scale too", () => {
    // 20 × (3 × 10 + 1 × 30) ÷ (3 × 20 + 1 × 40) = 12
    expect(
      weightedAverage(
        [ds, cb],
        new Map([
          ["ds", points(10)],
          ["cb", points(30)],
        ]),
      ),
    ).toBeCloseTo(12, 10);
    expect(countedMark(cb, points(30))).toEqual({ points: 30, scale: 40 });
    expect(markOutOf20(cb, points(30))).toBe(15);
  });

  it("leaves statuses out, except « Non rendu », which counts 0", () => {
    for (const left of ["abs", "abs-excuse", "disp", "non-note"] as const)
      expect(
        weightedAverage(
          [ds, dm],
          new Map([
            ["ds", points(12)],
            ["dm", status(left)],
          ]),
        ),
      ).toBe(12);
    // 20 × (3 × 12 + 1 × 0) ÷ 80 = 9
    expect(
      weightedAverage(
        [ds, dm],
        new Map([
          ["ds", points(12)],
          ["dm", status("non-rendu")],
        ]),
      ),
    ).toBe(9);
  });

  it("has no average when nothing counts, and ignores coefficient 0", () => {
    expect(weightedAverage([ds], new Map())).toBeNull();
    expect(weightedAverage([ds], new Map([["ds", status("abs")]]))).toBeNull();
    expect(
      weightedAverage(
        [{ ...ds, coefficient: 0 }, dm],
        new Map([
          ["ds", points(2)],
          ["dm", points(10)],
        ]),
      ),
    ).toBe(20);
  });

  it("counts colles as one mark per period: their mean, with the class's coefficient", () => {
    const colles = colleWork("t1", 2, [points(14), points(10), status("abs")]);
    expect(colles?.mark.points).toBe(12);
    expect(colleWork("t1", 0, [points(14)])).toBeNull();
    expect(colleWork("t1", 2, [status("abs")])).toBeNull();
    const marks = new Map([
      ["ds", points(9)],
      [colles!.work.id, colles!.mark],
    ]);
    // 20 × (3 × 9 + 2 × 12) ÷ (3 × 20 + 2 × 20) = 10.2
    expect(weightedAverage([ds, colles!.work], marks)).toBeCloseTo(10.2, 10);
  });
});

describe("statistics", () => {
  it("gives mean, median, min, max and the population standard deviation", () => {
    expect(statistics([8, 12, 10, 14])).toEqual({ count: 4, mean: 11, median: 11, min: 8, max: 14, standardDeviation: Math.sqrt(5) });
    expect(statistics([7, 3, 5])?.median).toBe(5);
    expect(statistics([])).toBeNull();
  });

  it("of one work count « Non rendu » as 0 and leave the other statuses out", () => {
    expect(workStatistics(dm, [points(8), status("non-rendu"), status("abs"), undefined])).toMatchObject({
      count: 2,
      mean: 4,
      min: 0,
      max: 8,
    });
  });

  it("rank by average, equal averages sharing a rank", () => {
    const result = ranks(
      new Map([
        ["a", 12],
        ["b", 15.004],
        ["c", 15],
        ["d", null],
        ["e", 9],
      ]),
    );
    expect(Object.fromEntries(result)).toEqual({ b: 1, c: 1, a: 3, e: 4 });
  });

  it("format averages with a decimal comma", () => {
    expect(formatAverage(12.456)).toBe("12,46");
    expect(formatAverage(null)).toBe("—");
  });
});

describe("marks as typed", () => {
  it("read decimal commas and points, statuses in any case or accent", () => {
    expect(parseMark("12,5", 20)).toEqual({ ok: true, mark: points(12.5) });
    expect(parseMark(" 7.25 ", 20)).toEqual({ ok: true, mark: points(7.25) });
    expect(parseMark("abs excuse", 20)).toEqual({ ok: true, mark: status("abs-excuse") });
    expect(parseMark("NR", 20)).toEqual({ ok: true, mark: status("non-rendu") });
    expect(parseMark("Non noté", 20)).toEqual({ ok: true, mark: status("non-note") });
    expect(parseMark("", 20)).toEqual({ ok: true, mark: { points: null, status: null } });
  });

  it("refuse what is not a mark, with the reason in French", () => {
    expect(parseMark("21", 20)).toEqual({ ok: false, error: "La note doit être comprise entre 0 et 20." });
    expect(parseMark("-1", 20)).toMatchObject({ ok: false });
    expect(parseMark("12,125", 20)).toEqual({ ok: false, error: "Une note a au plus deux décimales." });
    expect(parseMark("douze", 20)).toMatchObject({ ok: false });
    expect(parseMark("35", 40)).toEqual({ ok: true, mark: points(35) });
  });

  it("are written back as they are typed", () => {
    expect(formatMark(points(12.5))).toBe("12,5");
    expect(formatMark(status("abs-excuse"))).toBe("Abs excusé");
    for (const text of ["12,5", "Abs", "Abs excusé", "Disp", "Non rendu", "Non noté", "0", "20"]) {
      const parsed = parseMark(text, 20);
      expect(parsed.ok && formatMark(parsed.mark)).toBe(text);
    }
  });
});

describe("a whole gradebook", () => {
  it("averages each student by period and overall, with colles when they count, and the class", async () => {
    const { summarizeGradebook } = await import("./gradebook");
    const summary = summarizeGradebook({
      works: [ds, dm, cb],
      studentIds: ["ana", "ben"],
      marks: new Map([
        ["ds:ana", points(12)],
        ["dm:ana", points(8)],
        ["cb:ana", points(30)],
        ["ds:ben", status("abs")],
        ["dm:ben", status("non-rendu")],
      ]),
      colleMarks: new Map([["ben", new Map([["t1", [points(16)]]])]]),
      colleCoefficient: 1,
    });
    expect(summary.periods).toEqual(["t1", "t2"]);
    expect(summary.students.get("ana")).toMatchObject({ byPeriod: { t1: 13, t2: 15 }, colles: {} });
    // Ana overall: 20 × (3 × 12 + 1 × 16 + 1 × 30) ÷ (60 + 20 + 40) = 13.666…
    expect(summary.students.get("ana")!.overall).toBeCloseTo(82 / 6, 10);
    // Ben: DS absent (left out), DM not handed in (0), colles 16 with coefficient 1: (0 + 16) ÷ 2 = 8; no mark in t2.
    expect(summary.students.get("ben")).toMatchObject({ byPeriod: { t1: 8, t2: null }, overall: 8, colles: { t1: 16 } });
    expect(summary.classAverage.byPeriod).toEqual({ t1: 10.5, t2: 15 });
    expect(summary.workStatistics.get("dm")).toMatchObject({ count: 2, mean: 4 });
    expect(summary.workStatistics.get("ds")).toMatchObject({ count: 1, mean: 12 });
  });
});
