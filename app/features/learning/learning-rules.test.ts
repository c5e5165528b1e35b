import { describe, expect, it } from "vitest";
import type { CompiledQuiz } from "../../../content/pipeline/load";
import { diagnosticReport, gradeAnswer, parseFrenchNumber, publicQuestion, scoreQuiz } from "./quiz-grading";

const quiz = {
  id: "q",
  questions: [
    {
      id: "unique",
      type: "single",
      promptHtml: "<p>?</p>",
      explanationHtml: "<p>car</p>",
      options: [
        { id: "a", html: "A", correct: true, whyHtml: "oui" },
        { id: "b", html: "B", correct: false, whyHtml: "non" },
      ],
    },
    {
      id: "multi",
      type: "multiple",
      promptHtml: "",
      explanationHtml: "",
      options: [
        { id: "a", html: "A", correct: true, whyHtml: "" },
        { id: "b", html: "B", correct: true, whyHtml: "" },
        { id: "c", html: "C", correct: false, whyHtml: "" },
      ],
    },
    { id: "nombre", type: "numeric", promptHtml: "", explanationHtml: "", answer: 3.14, tolerance: 0.005, form: "arrondi au centième" },
    { id: "vf", type: "truefalse", promptHtml: "", explanationHtml: "", answer: false },
  ],
} as unknown as CompiledQuiz;

describe("quiz grading", () => {
  it("sends no key before the answer", () => {
    const shown = quiz.questions.map(publicQuestion);
    expect(JSON.stringify(shown)).not.toMatch(/correct|answer|why|explanation|3\.14|tolerance/);
    expect(shown[2]).toEqual({ id: "nombre", type: "numeric", promptHtml: "", form: "arrondi au centième" });
  });

  it("reads French numbers", () => {
    expect(parseFrenchNumber("3,14")).toBe(3.14);
    expect(parseFrenchNumber(" -0,5 ")).toBe(-0.5);
    expect(parseFrenchNumber("1 000")).toBe(1000);
    expect(parseFrenchNumber("3.14")).toBe(3.14);
    expect(parseFrenchNumber("trois")).toBeNull();
    expect(parseFrenchNumber("1,2,3")).toBeNull();
  });

  it("grades each type and explains after answering", () => {
    expect(gradeAnswer(quiz.questions[0], "a")).toMatchObject({ correct: true, correctOptionIds: ["a"], explanationHtml: "<p>car</p>" });
    expect(gradeAnswer(quiz.questions[0], "b").options).toEqual([
      { id: "a", correct: true, whyHtml: "oui" },
      { id: "b", correct: false, whyHtml: "non" },
    ]);
    expect(gradeAnswer(quiz.questions[1], ["b", "a"]).correct).toBe(true);
    expect(gradeAnswer(quiz.questions[1], ["a"]).correct).toBe(false);
    expect(gradeAnswer(quiz.questions[1], ["a", "b", "c"]).correct).toBe(false);
    expect(gradeAnswer(quiz.questions[2], "3,14").correct).toBe(true);
    expect(gradeAnswer(quiz.questions[2], "3,144").correct).toBe(true);
    expect(gradeAnswer(quiz.questions[2], "3,15")).toMatchObject({ correct: false, correctAnswer: "3,14" });
    expect(gradeAnswer(quiz.questions[2], "pi").invalid).toBe(
      "Réponse non numérique\u00a0: écrivez un nombre (la virgule décimale est acceptée).",
    );
    expect(gradeAnswer(quiz.questions[3], "false")).toMatchObject({ correct: true, correctAnswer: "Faux" });
  });

  it("recomputes the score from the answers", () => {
    expect(scoreQuiz(quiz, { unique: "a", multi: ["a", "b"], nombre: "3,14", vf: "true" })).toEqual({ score: 3, total: 4 });
    expect(scoreQuiz(quiz, {})).toEqual({ score: 0, total: 4 });
  });

  it("recommends, after a diagnostic quiz, the chapters below the pass share, an unanswered question counting as missed", () => {
    const [unique, multi, nombre, vf] = quiz.questions;
    const diagnostic = {
      ...quiz,
      diagnostic: { pass: 0.6 },
      questions: [
        { ...unique, chapter: "calculs" },
        { ...multi, chapter: "suites" },
        { ...nombre, chapter: "calculs" },
        { ...vf, chapter: "suites" },
      ],
    } as CompiledQuiz;
    // calculs: 2 right out of 2; suites: 1 out of 2, below 60 %.
    expect(diagnosticReport(diagnostic, { unique: "a", multi: ["a", "b"], nombre: "3,14", vf: "true" })).toEqual([
      { chapter: "calculs", right: 2, total: 2, recommended: false },
      { chapter: "suites", right: 1, total: 2, recommended: true },
    ]);
    expect(diagnosticReport(diagnostic, { unique: "a" }).map((result) => [result.chapter, result.right, result.recommended])).toEqual([
      ["calculs", 1, true],
      ["suites", 0, true],
    ]);
    // Exactly at the pass share is a pass.
    expect(diagnosticReport({ ...diagnostic, diagnostic: { pass: 0.5 } }, { multi: ["a", "b"] })[1]).toMatchObject({ right: 1, recommended: false });
    expect(diagnosticReport(quiz, { unique: "a" })).toEqual([]);
  });
});
