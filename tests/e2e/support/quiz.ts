import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { parse as parseYaml } from "yaml";

export interface QuizFile {
  questions: { id: string; type: string; options?: { id: string; correct?: boolean }[]; answer?: number | boolean; explanation: string }[];
}

export function readQuizFile(file: string): QuizFile {
  return parseYaml(readFileSync(path.resolve("content/quizzes", file), "utf8")) as QuizFile;
}

/** Answers every question of the quiz on screen correctly (decimal comma for numbers), then asks for the score. */
export async function answerWholeQuiz(page: Page, quiz: QuizFile) {
  for (const [index, question] of quiz.questions.entries()) {
    const form = page.locator("form").filter({ has: page.locator("fieldset") });
    if (question.type === "single" || question.type === "multiple") {
      for (const option of question.options!.filter((o) => o.correct)) await form.locator(`input[value="${option.id}"]`).check();
    } else if (question.type === "numeric") {
      await form.locator("input[name=answer]").fill(String(question.answer).replace(".", ","));
    } else {
      await form.locator(`input[value="${question.answer}"]`).check();
    }
    await page.getByRole("button", { name: "Valider ma réponse" }).click();
    await page.getByText("Bonne réponse").waitFor();
    if (index + 1 < quiz.questions.length) await page.getByRole("button", { name: "Question suivante" }).click();
  }
  await page.getByRole("button", { name: "Voir mon score" }).click();
}
