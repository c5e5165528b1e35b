import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { parse as parseYaml } from "yaml";

export interface QuizFile {
  questions: {
    id: string;
    type: string;
    chapter?: string;
    options?: { id: string; correct?: boolean }[];
    answer?: number | boolean;
    explanation: string;
  }[];
}

export function readQuizFile(file: string): QuizFile {
  return parseYaml(readFileSync(path.resolve("content/quizzes", file), "utf8")) as QuizFile;
}

/**
 * Answers every question of the quiz on screen, then asks for the score: correctly (decimal comma for
 * numbers), except the questions `missed` picks, answered wrongly.
 */
export async function answerWholeQuiz(page: Page, quiz: QuizFile, missed: (question: QuizFile["questions"][number]) => boolean = () => false) {
  for (const [index, question] of quiz.questions.entries()) {
    const form = page.locator("form").filter({ has: page.locator("fieldset") });
    const wrong = missed(question);
    if (question.type === "single" || question.type === "multiple") {
      const chosen = question.options!.filter((o) => Boolean(o.correct) !== wrong);
      for (const option of wrong ? chosen.slice(0, 1) : chosen) await form.locator(`input[value="${option.id}"]`).check();
    } else if (question.type === "numeric") {
      await form.locator("input[name=answer]").fill(String(Number(question.answer) + (wrong ? 1 : 0)).replace(".", ","));
    } else {
      await form.locator(`input[value="${wrong ? !question.answer : question.answer}"]`).check();
    }
    await page.getByRole("button", { name: "Valider ma réponse" }).click();
    await page.getByText(wrong ? "Réponse incorrecte" : "Bonne réponse").waitFor();
    if (index + 1 < quiz.questions.length) await page.getByRole("button", { name: "Question suivante" }).click();
  }
  await page.getByRole("button", { name: "Voir mon score" }).click();
}
