import { describe, expect, it } from "vitest";
import { checkAnswer, normalizeAnswer } from "./theme.server";

const item = {
  id: "present-perfect-depuis",
  point: "Present perfect et for / since",
  level: 1 as const,
  french: "Elle vit à Berlin depuis 2019.",
  answers: ["She has lived in Berlin since 2019.", "She has been living in Berlin since 2019."],
  explanation: "Action commencée dans le passé et qui dure encore.",
};
const german = { ...item, answers: ["Die Straße ist seit gestern gesperrt."] };

describe("thème grading", () => {
  it("evens out what a typist varies without a mistake", () => {
    expect(normalizeAnswer("  She  has lived in Berlin since 2019 . ")).toBe("she has lived in Berlin since 2019");
    expect(normalizeAnswer("It’s «fine»!")).toBe('it\'s "fine"');
  });

  it("accepts every listed translation and names the others", () => {
    expect(checkAnswer(item, "she has been living in Berlin since 2019")).toEqual({
      verdict: "right",
      expected: "She has been living in Berlin since 2019.",
      otherAnswers: ["She has lived in Berlin since 2019."],
    });
  });

  it("tolerates a missing accent or an ß written ss, with a remark, but not a capital dropped from a German noun", () => {
    expect(checkAnswer(german, "Die Strasse ist seit gestern gesperrt").verdict).toBe("accents");
    expect(checkAnswer(german, "Die straße ist seit gestern gesperrt").verdict).toBe("wrong");
  });

  it("gives the model answer for a wrong translation", () => {
    expect(checkAnswer(item, "She lives in Berlin since 2019.")).toEqual({
      verdict: "wrong",
      expected: "She has lived in Berlin since 2019.",
      otherAnswers: ["She has been living in Berlin since 2019."],
    });
  });
});
