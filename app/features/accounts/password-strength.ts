import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as french from "@zxcvbn-ts/language-fr";

/** Rules of the sign-up and password-change forms: at least 10 characters and a zxcvbn score of 3. */
export const MIN_PASSWORD_LENGTH = 10;
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
function zxcvbn() {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...french.dictionary },
    graphs: common.adjacencyGraphs,
    translations: french.translations,
  });
  return factory;
}

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  /** French reasons why the password is too weak (empty when acceptable). */
  reasons: string[];
}

export const STRENGTH_LABELS = ["Très faible", "Faible", "Moyen", "Solide", "Très solide"] as const;

/** The user's details and their parts ("camille.dupont@x.fr" → camille, dupont, x…), as guessable words. */
export function guessableWords(userInputs: string[]): string[] {
  const words = userInputs.flatMap((input) => [input, ...input.toLowerCase().split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words.filter((word) => word.length >= 3))];
}

export function checkPasswordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  const result = zxcvbn().check(password, guessableWords(userInputs));
  const reasons: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) reasons.push(`Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`);
  if (result.score < MIN_PASSWORD_SCORE) {
    reasons.push("Ce mot de passe est trop facile à deviner.");
    if (result.feedback.warning) reasons.push(result.feedback.warning);
    reasons.push(...result.feedback.suggestions);
  }
  return { score: result.score, acceptable: reasons.length === 0, reasons: [...new Set(reasons)] };
}
