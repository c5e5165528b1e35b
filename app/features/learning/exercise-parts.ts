/**
 * The parts of an exercise that stay on the server until the student asks for them (issue #11): each
 * hint and the solution, one request per reveal (`/api/exercices/<set>/<exercise>/<part>`).
 */
export type ExercisePart = `indication-${1 | 2 | 3}` | "solution" | "runner";

export const EXERCISE_PART_MESSAGES = {
  notFound: "Exercice introuvable.",
  forbidden: "Accès refusé\u00a0: rechargez la page pour vous connecter.",
  loadFailed: "Impossible de charger ce contenu. Vérifiez votre connexion et réessayez.",
} as const;

export function hintPart(number: number): ExercisePart {
  return `indication-${number}` as ExercisePart;
}

export function exercisePartUrl(setId: string, exerciseId: string, part: ExercisePart): string {
  return `/api/exercices/${encodeURIComponent(setId)}/${encodeURIComponent(exerciseId)}/${part}`;
}
