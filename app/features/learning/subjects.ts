/** Subjects the dashboard and the local study statistics group work by. */
export const SUBJECTS = ["Mathématiques", "Python", "Anglais"] as const;
export type Subject = (typeof SUBJECTS)[number];

/** The subject of a content id (course, exercise set, quiz, deck, list), from its naming convention. */
export function subjectOf(contentId: string): Subject | null {
  if (contentId.startsWith("python")) return "Python";
  if (contentId.startsWith("maths-") || contentId.startsWith("chapitres-libres")) return "Mathématiques";
  if (contentId.startsWith("vocabulaire-anglais")) return "Anglais";
  return null;
}
