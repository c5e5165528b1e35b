import { parseMark, type Mark } from "./marks";

export const GRADING_MESSAGES = {
  checkMarks: "Certaines notes ne sont pas lisibles\u00a0: corrigez les cases indiquées, rien n'a été enregistré.",
  saved: "Notes enregistrées (brouillon, invisibles des élèves)",
  savedPublished: "Notes enregistrées\u00a0: elles sont publiées, les élèves voient les changements.",
  published: (told: number) =>
    told === 0 ? "Notes publiées" : `Notes publiées\u00a0: ${told} élève${told > 1 ? "s" : ""} prévenu${told > 1 ? "s" : ""}.`,
  unpublished: "Notes masquées aux élèves",
  commentLength: "Un commentaire type fait de 1 à 1 000 caractères.",
  commentAdded: "Commentaire type ajouté",
  commentRemoved: "Commentaire type retiré",
} as const;

export const GRADEBOOK_MESSAGES = {
  checkCells: "Certaines cases ne sont pas des notes\u00a0: corrigez-les, rien n'a été enregistré.",
  stale: "La liste des devoirs ou des élèves a changé depuis l'ouverture de la page\u00a0: rechargez-la.",
  saved: (count: number) =>
    count === 0 ? "Aucune note modifiée" : `${count} note${count > 1 ? "s" : ""} enregistrée${count > 1 ? "s" : ""}`,
  noFile: "Choisissez le fichier CSV à importer.",
  tooBig: "Le fichier dépasse 60 Ko\u00a0: importez-le en plusieurs fois.",
  imported: (count: number) => `${count} note${count > 1 ? "s" : ""} importée${count > 1 ? "s" : ""} en brouillon.`,
} as const;

const MAX_STUDENTS = 500;

/**
 * The grading form of an assignment: for each student listed (`student` fields), `mark.<id>` and
 * `comment.<id>`. Every mark is checked before anything is written: on an error the form comes back
 * with what was typed and an error next to each wrong cell.
 */
export function readGradingForm(
  formData: FormData,
  maxPoints: number,
):
  | { ok: true; entries: ({ studentId: string; comment: string } & Mark)[] }
  | { ok: false; values: Record<string, string>; errors: Record<string, string> } {
  const studentIds = [...new Set(formData.getAll("student").map(String))].filter((id) => id.length <= 64).slice(0, MAX_STUDENTS);
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const entries: ({ studentId: string; comment: string } & Mark)[] = [];
  for (const studentId of studentIds) {
    const markName = `mark.${studentId}`;
    const commentName = `comment.${studentId}`;
    const markText = String(formData.get(markName) ?? "").slice(0, 40);
    const comment = String(formData.get(commentName) ?? "")
      .trim()
      .slice(0, 1000);
    values[markName] = markText;
    values[commentName] = comment;
    const parsed = parseMark(markText, maxPoints);
    if (!parsed.ok) errors[markName] = parsed.error;
    else entries.push({ studentId, comment, ...parsed.mark });
  }
  return Object.keys(errors).length > 0 ? { ok: false, values, errors } : { ok: true, entries };
}
