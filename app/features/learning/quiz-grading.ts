import type { CompiledQuiz } from "../../../content/pipeline/load";

type Question = CompiledQuiz["questions"][number];

/** A question as the browser sees it before answering: no key, no explanation, no "why". */
export type PublicQuestion =
  | { id: string; type: "single" | "multiple"; promptHtml: string; options: { id: string; html: string }[] }
  | { id: string; type: "numeric"; promptHtml: string; form: string }
  | { id: string; type: "truefalse"; promptHtml: string };

export function publicQuestion(question: Question): PublicQuestion {
  if ("options" in question)
    return {
      id: question.id,
      type: question.type as "single" | "multiple",
      promptHtml: question.promptHtml,
      options: question.options.map(({ id, html }) => ({ id, html })),
    };
  if (question.type === "numeric" && "form" in question)
    return { id: question.id, type: "numeric", promptHtml: question.promptHtml, form: question.form };
  return { id: question.id, type: "truefalse", promptHtml: question.promptHtml };
}

/** Reads a French number: « 3,14 », « 3.14 », « -2 », « 1 000 » (spaces as thousands separators). */
export function parseFrenchNumber(raw: string): number | null {
  const cleaned = raw
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(",", ".");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  return Number(cleaned);
}

export type Answer = string | string[];

export interface Grading {
  questionId: string;
  correct: boolean;
  /** Sent only after answering: the key, the explanation and why each option is right or wrong. */
  correctOptionIds?: string[];
  correctAnswer?: string;
  explanationHtml: string;
  options?: { id: string; correct: boolean; whyHtml: string }[];
  invalid?: string;
}

function formatNumber(value: number): string {
  return String(value).replace(".", ",");
}

export function gradeAnswer(question: Question, answer: Answer): Grading {
  const base = { questionId: question.id, explanationHtml: question.explanationHtml };
  if ("options" in question) {
    const chosen = new Set(Array.isArray(answer) ? answer : [answer]);
    const correctIds = question.options.filter((o) => o.correct).map((o) => o.id);
    const correct = chosen.size === correctIds.length && correctIds.every((id) => chosen.has(id));
    return {
      ...base,
      correct,
      correctOptionIds: correctIds,
      options: question.options.map(({ id, correct: isCorrect, whyHtml }) => ({ id, correct: isCorrect, whyHtml })),
    };
  }
  if (question.type === "numeric" && "tolerance" in question) {
    const value = parseFrenchNumber(Array.isArray(answer) ? (answer[0] ?? "") : answer);
    const expected = question.answer as number;
    if (value === null)
      return {
        ...base,
        correct: false,
        correctAnswer: formatNumber(expected),
        invalid: "Réponse non numérique : écrivez un nombre (la virgule décimale est acceptée).",
      };
    return { ...base, correct: Math.abs(value - expected) <= question.tolerance + 1e-12, correctAnswer: formatNumber(expected) };
  }
  const value = (Array.isArray(answer) ? answer[0] : answer) === "true";
  return { ...base, correct: value === question.answer, correctAnswer: question.answer ? "Vrai" : "Faux" };
}

/** The final score, recomputed on the server from the answers (never trusted from the browser). */
export function scoreQuiz(quiz: CompiledQuiz, answers: Record<string, Answer>): { score: number; total: number } {
  const score = quiz.questions.filter(
    (question) => answers[question.id] !== undefined && gradeAnswer(question, answers[question.id]).correct,
  ).length;
  return { score, total: quiz.questions.length };
}

export interface ChapterResult {
  /** The chapter's course id. */
  chapter: string;
  right: number;
  total: number;
  /** Below the quiz's pass share: the chapter to work first. */
  recommended: boolean;
}

/**
 * A diagnostic quiz's results per chapter, in the order the chapters first appear in the quiz; an
 * unanswered question counts as missed. Empty for a quiz that is not diagnostic.
 */
export function diagnosticReport(quiz: CompiledQuiz, answers: Record<string, Answer>): ChapterResult[] {
  if (!quiz.diagnostic) return [];
  const results = new Map<string, ChapterResult>();
  for (const question of quiz.questions) {
    if (!question.chapter) continue;
    const result = results.get(question.chapter) ?? { chapter: question.chapter, right: 0, total: 0, recommended: false };
    result.total += 1;
    if (answers[question.id] !== undefined && gradeAnswer(question, answers[question.id]).correct) result.right += 1;
    results.set(question.chapter, result);
  }
  const pass = quiz.diagnostic.pass;
  return [...results.values()].map((result) => ({ ...result, recommended: result.right < pass * result.total - 1e-9 }));
}
