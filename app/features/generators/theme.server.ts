import { randomInt } from "node:crypto";
import type { ThemeDrillBank } from "../../../content/banks/schema";
import { banksOfType } from "./banks.server";
import { foldAccents } from "./fold";
import type { ThemeCheckInput, ThemeCheckOutput, ThemeLanguage } from "./generators";

/**
 * Thème grammatical, offline: sentences drawn from the banks (content/banks/theme-*.yaml) and answers
 * compared with every translation the bank accepts. Case of the first letter, spaces, final punctuation
 * and the shape of apostrophes and quotes do not count; an answer right but for its accents (or an ß
 * written ss) is accepted with a remark, as the grammar pages tolerate it.
 */
type DrillItem = ThemeDrillBank["items"][number];

export function drillBank(language: ThemeLanguage): ThemeDrillBank | undefined {
  return banksOfType("theme-drills").find((bank) => bank.language === language);
}

export function drawItem(language: ThemeLanguage, level: "" | "1" | "2" | "3", previous: string, pick = randomInt): DrillItem | undefined {
  const items = drillBank(language)?.items.filter((item) => !level || String(item.level) === level) ?? [];
  const candidates = items.length > 1 ? items.filter((item) => item.id !== previous) : items;
  return candidates.length ? candidates[pick(candidates.length)] : undefined;
}

/** The form compared: what a typist varies without making a mistake is evened out. */
export function normalizeAnswer(text: string): string {
  const even = text
    .normalize("NFC")
    .replace(/[’‘`´]/g, "'")
    .replace(/[«»“”„]/g, '"')
    .replace(/\s+/g, " ")
    .replace(/\s+([,;:!?.])/g, "$1")
    .trim()
    .replace(/[.!?…]+$/u, "")
    .trim();
  return even.charAt(0).toLocaleLowerCase() + even.slice(1);
}

function withoutAccents(text: string): string {
  return foldAccents(text).replace(/ß/g, "ss");
}

export function checkAnswer(item: DrillItem, answer: string): Pick<ThemeCheckOutput, "verdict" | "expected" | "otherAnswers"> {
  const given = normalizeAnswer(answer);
  const exact = item.answers.find((accepted) => normalizeAnswer(accepted) === given);
  const others = (matched: string) => item.answers.filter((accepted) => accepted !== matched);
  if (exact) return { verdict: "right", expected: exact, otherAnswers: others(exact) };
  const nearly = item.answers.find((accepted) => withoutAccents(normalizeAnswer(accepted)) === withoutAccents(given));
  if (nearly) return { verdict: "accents", expected: nearly, otherAnswers: others(nearly) };
  return { verdict: "wrong", expected: item.answers[0], otherAnswers: others(item.answers[0]) };
}

export function findItem(language: ThemeLanguage, itemId: string): DrillItem | undefined {
  return drillBank(language)?.items.find((item) => item.id === itemId);
}

export function gradeThemeOffline(input: ThemeCheckInput, item: DrillItem): ThemeCheckOutput {
  return {
    ...checkAnswer(item, input.answer),
    answer: input.answer,
    point: item.point,
    explanation: item.explanation,
    sources: item.page ? [{ title: item.point, url: item.page }] : [],
  };
}
