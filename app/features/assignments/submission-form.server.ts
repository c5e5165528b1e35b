import { getConfig } from "../../config.server";
import { sniffContentType } from "../files/file-store.server";
import {
  MAX_FILES_PER_SUBMISSION,
  SUBMISSION_FILE_TYPES,
  type SubmissionFileType,
  formatFileSize,
  submissionTextSchema,
} from "./assignments";
import type { NewFile } from "./assignments.server";

export const SUBMISSION_MESSAGES = {
  wrongType: (name: string) => `«\u00a0${name}\u00a0» n'est ni un PDF, ni une image JPEG ou PNG (d'après son contenu).`,
  tooLarge: (limit: number) => `Les fichiers envoyés dépassent ${formatFileSize(limit)} au total.`,
  tooMany: `Au plus ${MAX_FILES_PER_SUBMISSION} fichiers par devoir.`,
} as const;

/** A file name safe to store and show: no path, no control characters, at most 120 characters. */
export function cleanFileName(name: string, type: SubmissionFileType): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    .split("")
    .filter((character) => character.charCodeAt(0) > 0x1f && character !== "\u007f" && character !== '"')
    .join("")
    .trim()
    .slice(0, 120);
  return base || `fichier.${SUBMISSION_FILE_TYPES[type]}`;
}

/**
 * The text and files of a hand-in form. Each file's type is read from its content: a PDF renamed .png
 * is a PDF, an executable renamed .pdf is refused. `alreadyStored` counts the files handed in before.
 */
export async function readSubmissionForm(
  formData: FormData,
  alreadyStored: number,
): Promise<{ ok: true; text: string; files: NewFile[] } | { ok: false; text: string; error: string }> {
  const rawText = String(formData.get("text") ?? "");
  const text = submissionTextSchema.safeParse(rawText);
  if (!text.success) return { ok: false, text: rawText.slice(0, 50_000), error: text.error.issues[0].message };
  const uploads = formData.getAll("files").filter((value): value is File => typeof value !== "string" && value.size > 0);
  if (uploads.length + alreadyStored > MAX_FILES_PER_SUBMISSION) return { ok: false, text: text.data, error: SUBMISSION_MESSAGES.tooMany };
  const limit = getConfig().uploadMaxBytes;
  if (uploads.reduce((sum, file) => sum + file.size, 0) > limit)
    return { ok: false, text: text.data, error: SUBMISSION_MESSAGES.tooLarge(limit) };
  const files: NewFile[] = [];
  for (const upload of uploads) {
    const content = Buffer.from(await upload.arrayBuffer());
    const type = await sniffContentType(content);
    if (!type || !(type in SUBMISSION_FILE_TYPES))
      return { ok: false, text: text.data, error: SUBMISSION_MESSAGES.wrongType(upload.name.slice(0, 120)) };
    files.push({ name: cleanFileName(upload.name, type as SubmissionFileType), contentType: type as SubmissionFileType, content });
  }
  return { ok: true, text: text.data, files };
}
