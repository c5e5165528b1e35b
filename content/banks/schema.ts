import { z } from "zod";
import { duplicatesBy } from "../unique.ts";

/**
 * The generators' item banks (issue #15): content written by hand, in YAML under content/banks/, that the
 * offline engine draws on besides the pages of the site. `npm run content:check` validates them like
 * every other content (schema, ids, French typography of the French fields, links to existing pages).
 * Each file has a `type` that picks its schema.
 */
const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "id en kebab-case attendu");
const sitePath = z.string().regex(/^\/[a-z0-9\-/]*$/, "chemin absolu attendu");
const text = z.string().trim().min(1);
const LANGUAGES = ["en", "es", "de"] as const;

function uniqueIds<T extends { id: string }>(items: T[], context: z.RefinementCtx, what: string) {
  for (const duplicate of duplicatesBy(items, (item) => item.id)) context.addIssue({ code: "custom", message: `${what} en double : ${duplicate}` });
}

/** Thème grammatical: French sentences to translate, each on one grammar point, with every accepted translation. */
export const themeDrillBankSchema = z
  .object({
    type: z.literal("theme-drills"),
    id,
    language: z.enum(LANGUAGES),
    title: text,
    items: z
      .array(
        z
          .object({
            id,
            /** The grammar point, as the grammar pages name it (« Present perfect et for / since »). */
            point: text,
            level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
            french: text,
            /** Every translation accepted as right; the first is the one shown as « corrigé ». */
            answers: z.array(text).min(1),
            /** Why: the rule applied, in French, one to three sentences. */
            explanation: text,
            /** The grammar page of the site that teaches the point, once it exists. */
            page: sitePath.optional(),
          })
          .strict(),
      )
      .min(10),
  })
  .strict()
  .superRefine((bank, context) => uniqueIds(bank.items, context, "item"));

export const INTERVIEW_THEMES = {
  parcours: "Parcours et présentation",
  motivation: "Motivation pour l'école",
  personnalite: "Personnalité, qualités et défauts",
  projet: "Projet professionnel",
  experiences: "Expériences et engagements",
  actualite: "Actualité et culture",
  destabilisante: "Questions déstabilisantes",
  situation: "Mises en situation",
} as const;
export type InterviewTheme = keyof typeof INTERVIEW_THEMES;

/** Answer structures the « answer » generator knows. */
export const ANSWER_FORMATS = ["pitch", "star", "argument"] as const;

/** Personality-interview questions with what the jury looks for and the method to answer them. */
export const interviewQuestionBankSchema = z
  .object({
    type: z.literal("interview-questions"),
    id,
    title: text,
    questions: z
      .array(
        z
          .object({
            id,
            question: text,
            theme: z.enum(Object.keys(INTERVIEW_THEMES) as [InterviewTheme, ...InterviewTheme[]]),
            format: z.enum(ANSWER_FORMATS),
            /** What the jury checks with this question (one or two sentences). */
            expects: text,
            /** Method points, each one short sentence. */
            method: z.array(text).min(2).max(6),
            pitfalls: z.array(text).min(1).max(4),
          })
          .strict(),
      )
      .min(20),
  })
  .strict()
  .superRefine((bank, context) => uniqueIds(bank.questions, context, "question"));

/** Linking words for the essay and the synthesis, by function, in one language. */
export const connectorBankSchema = z
  .object({
    type: z.literal("connectors"),
    id,
    language: z.enum(LANGUAGES),
    title: text,
    groups: z
      .array(
        z
          .object({
            id,
            /** The function, in French (« Ajouter un argument »). */
            function: text,
            items: z
              .array(
                z
                  .object({
                    term: text,
                    translation: text,
                    /** A sentence of essay register that uses it, in the language. */
                    example: text,
                    /** A construction to know (« + gérondif », « + subjonctif »), in French. */
                    note: text.optional(),
                  })
                  .strict(),
              )
              .min(3),
          })
          .strict(),
      )
      .min(5),
  })
  .strict()
  .superRefine((bank, context) => uniqueIds(bank.groups, context, "groupe"));

export const WRITING_EXERCISES = { synthese: "Synthèse", essai: "Essai" } as const;
export type WritingExercise = keyof typeof WRITING_EXERCISES;

/** The steps of the written exercises in the languages, each with the connector groups it calls for. */
export const writingMethodBankSchema = z
  .object({
    type: z.literal("writing-methods"),
    id,
    title: text,
    exercises: z
      .array(
        z
          .object({
            id: z.enum(Object.keys(WRITING_EXERCISES) as [WritingExercise, ...WritingExercise[]]),
            title: text,
            /** The exam formats, each with its year or « depuis ». */
            formats: z.array(text).min(1),
            steps: z
              .array(
                z
                  .object({
                    id,
                    heading: text,
                    advice: z.array(text).min(1).max(5),
                    /** Ids of groups of the connector banks (the same ids in every language). */
                    connectors: z.array(id).default([]),
                  })
                  .strict(),
              )
              .min(3),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()
  .superRefine((bank, context) => uniqueIds(bank.exercises, context, "exercice"));

export const bankSchema = z.discriminatedUnion("type", [
  themeDrillBankSchema,
  interviewQuestionBankSchema,
  connectorBankSchema,
  writingMethodBankSchema,
]);
export type Bank = z.infer<typeof bankSchema>;
export type ThemeDrillBank = z.infer<typeof themeDrillBankSchema>;
export type InterviewQuestionBank = z.infer<typeof interviewQuestionBankSchema>;
export type ConnectorBank = z.infer<typeof connectorBankSchema>;
export type WritingMethodBank = z.infer<typeof writingMethodBankSchema>;
