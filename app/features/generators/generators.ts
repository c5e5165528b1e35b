import { z } from "zod";

/**
 * The generators (issue #15), as the pages and the hub show them. Each tool has one input schema and one
 * output schema, the same for both engines (engine.server.ts): the offline engine, over the site's own
 * pages and item banks, and a language model when the operator connects one.
 */
export {
  GENERATOR_FAMILIES,
  GENERATOR_TOOLS,
  type GeneratorFamily,
  type GeneratorSlug,
  type GeneratorTool,
  generatorTool,
} from "./tool-list";

export type Engine = "offline" | "model";

/** What each result says about the engine that made it. */
export const ENGINE_LABELS: Record<Engine, string> = {
  offline: "Généré à partir des cours Tremplin",
  model: "Généré par un modèle de langue à partir des cours Tremplin — à vérifier",
};

export const GENERATOR_MESSAGES = {
  modelFallback: "Le modèle de langue n'a pas donné de réponse exploitable\u00a0: voici le résultat du moteur hors ligne.",
  saved: "Cartes ajoutées à votre deck de révision.",
  signInToSave: "Connectez-vous pour ajouter ces cartes à votre deck de révision.",
  deckFull: "Votre deck compte déjà 1 000 cartes générées, le maximum : il ne peut plus en recevoir.",
} as const;

/** The most generated cards one deck holds (each is rendered at every review). */
export const MAX_GENERATED_CARDS = 1_000;

export function quotaReachedMessage(max: number, visitor: boolean): string {
  const limit = `Vous avez atteint la limite de ${max} génération${max > 1 ? "s" : ""} par jour pour cet outil. Elle se renouvelle à minuit.`;
  return visitor ? `${limit} Créez un compte gratuit pour en obtenir davantage.` : limit;
}

/** A path of this site: one slash, never `//` or `/\` (which browsers read as another host). */
export const sitePathSchema = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s\\]*$/, "Adresse de page invalide.");

/** A page of the site a result draws on. */
export const sourceSchema = z.object({ title: z.string().min(1).max(300), url: sitePathSchema });
export type Source = z.infer<typeof sourceSchema>;

// ── Flashcards ────────────────────────────────────────────────────────────────────────────────────

export const FLASHCARD_TEXT_MAX = 20_000;
export const CARD_KINDS = { definition: "Définition", cloze: "Texte à trous", question: "Question" } as const;

export const flashcardsInputSchema = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("text"),
    text: z
      .string()
      .trim()
      .min(80, "Collez au moins quelques phrases (80 caractères).")
      .max(FLASHCARD_TEXT_MAX, `Le texte dépasse ${FLASHCARD_TEXT_MAX.toLocaleString("fr-FR")} caractères : raccourcissez-le.`),
  }),
  z.object({ source: z.literal("chapter"), chapter: z.string().regex(/^[a-z0-9-]{1,120}$/, "Choisissez un chapitre de la liste.") }),
]);
export type FlashcardsInput = z.infer<typeof flashcardsInputSchema>;

export const generatedCardSchema = z.object({
  kind: z.enum(Object.keys(CARD_KINDS) as [keyof typeof CARD_KINDS, ...(keyof typeof CARD_KINDS)[]], "Type de carte inconnu."),
  front: z.string().trim().min(1, "Le recto est vide.").max(500, "Recto trop long (500 caractères au plus)."),
  back: z.string().trim().min(1, "Le verso est vide.").max(1_500, "Verso trop long (1 500 caractères au plus)."),
  sourceUrl: sitePathSchema.optional(),
});
export type GeneratedCard = z.infer<typeof generatedCardSchema>;

/** The cards a user keeps, edited, to save into their review deck. */
export const savedCardsSchema = z.array(generatedCardSchema).min(1, "Gardez au moins une carte.").max(40, "40 cartes au plus à la fois.");

export const flashcardsOutputSchema = z.object({
  title: z.string().min(1).max(300),
  cards: z.array(generatedCardSchema).max(40),
  sources: z.array(sourceSchema).max(20),
});
export type FlashcardsOutput = z.infer<typeof flashcardsOutputSchema>;

// ── Chatbot ───────────────────────────────────────────────────────────────────────────────────────

export const chatbotInputSchema = z.object({
  question: z.string().trim().min(3, "Posez votre question en quelques mots.").max(500, "Question trop longue (500 caractères au plus)."),
});
export type ChatbotInput = z.infer<typeof chatbotInputSchema>;

export const chatbotOutputSchema = z.object({
  found: z.boolean(),
  answer: z.string().max(4_000),
  quotes: z.array(z.object({ text: z.string().min(1).max(1_200), title: z.string().min(1).max(300), url: sitePathSchema })).max(6),
  sources: z.array(sourceSchema).max(10),
});
export type ChatbotOutput = z.infer<typeof chatbotOutputSchema>;

// ── Thème grammatical ─────────────────────────────────────────────────────────────────────────────

export const THEME_LANGUAGES = { en: "Anglais", es: "Espagnol", de: "Allemand" } as const;
export type ThemeLanguage = keyof typeof THEME_LANGUAGES;
export const THEME_LEVELS = { 1: "Phrase simple", 2: "Niveau prépa", 3: "Niveau concours" } as const;

export const themeDrawSchema = z.object({
  language: z.enum(["en", "es", "de"], "Choisissez une langue."),
  level: z.enum(["", "1", "2", "3"], "Choisissez un niveau de la liste.").default(""),
  /** The item just done: the next one is another. */
  previous: z.string().max(120).default(""),
});

export const themeCheckSchema = z.object({
  language: z.enum(["en", "es", "de"], "Choisissez une langue."),
  itemId: z.string().regex(/^[a-z0-9-]{1,120}$/, "Cette phrase n'existe pas : tirez-en une autre."),
  answer: z.string().trim().min(1, "Écrivez votre traduction.").max(600, "Traduction trop longue (600 caractères au plus)."),
});
export type ThemeCheckInput = z.infer<typeof themeCheckSchema>;

export const THEME_VERDICTS = {
  right: "Juste",
  accents: "Juste, à un accent près",
  wrong: "À revoir",
} as const;

export const themeCheckOutputSchema = z.object({
  verdict: z.enum(["right", "accents", "wrong"]),
  /** What the student wrote, and the translation it matched or the model answer. */
  answer: z.string(),
  expected: z.string(),
  otherAnswers: z.array(z.string()),
  point: z.string(),
  explanation: z.string(),
  sources: z.array(sourceSchema),
});
export type ThemeCheckOutput = z.infer<typeof themeCheckOutputSchema>;

// ── Réponses d'entretien ──────────────────────────────────────────────────────────────────────────

export const ANSWER_FORMAT_LABELS = {
  star: "STAR (situation, tâche, action, résultat)",
  pitch: "Pitch (hier, aujourd'hui, demain)",
  argument: "Argumentation (position, raisons, exemple, conclusion)",
} as const;
export type AnswerFormat = keyof typeof ANSWER_FORMAT_LABELS;
export const ANSWER_NOTES_MAX = 4_000;

export const answerInputSchema = z
  .object({
    questionId: z
      .string()
      .regex(/^[a-z0-9-]{0,120}$/, "Choisissez une question de la liste.")
      .default(""),
    question: z.string().trim().max(300, "Question trop longue (300 caractères au plus).").default(""),
    format: z.enum(["", "star", "pitch", "argument"], "Choisissez une structure de la liste.").default(""),
    notes: z
      .string()
      .trim()
      .min(40, "Écrivez vos notes en quelques phrases (40 caractères au moins)\u00a0: le générateur n'utilise que ce que vous écrivez.")
      .max(ANSWER_NOTES_MAX, `Vos notes dépassent ${ANSWER_NOTES_MAX.toLocaleString("fr-FR")} caractères\u00a0: gardez l'essentiel.`),
  })
  .refine((input) => input.questionId !== "" || input.question.length >= 5, {
    message: "Choisissez une question de la banque ou écrivez la vôtre.",
    path: ["question"],
  });
export type AnswerInput = z.infer<typeof answerInputSchema>;

export const answerOutputSchema = z.object({
  question: z.string().min(1).max(300),
  format: z.enum(["star", "pitch", "argument"]),
  /** What the jury checks with this question (bank questions only). */
  expects: z.string().max(600).optional(),
  /** The answer's parts in order, each with the student's own sentences. */
  parts: z
    .array(
      z.object({ label: z.string().min(1).max(80), hint: z.string().max(300), sentences: z.array(z.string().min(1).max(1_000)).max(20) }),
    )
    .min(2)
    .max(5),
  /** The answer read aloud: the student's sentences in the order of the parts. */
  draft: z.string().max(6_000),
  method: z.array(z.string().max(400)).max(8),
  pitfalls: z.array(z.string().max(400)).max(6),
  sources: z.array(sourceSchema).max(6),
});
export type AnswerOutput = z.infer<typeof answerOutputSchema>;

// ── Paragraphe argumenté ──────────────────────────────────────────────────────────────────────────

export const paragraphInputSchema = z.object({
  subject: z.string().trim().max(300, "Sujet trop long (300 caractères au plus).").default(""),
  idea: z
    .string()
    .trim()
    .min(15, "Écrivez votre idée en une phrase (15 caractères au moins).")
    .max(400, "Idée trop longue (400 caractères au plus)\u00a0: une phrase suffit."),
  argument: z.string().trim().max(800, "Argument trop long (800 caractères au plus).").default(""),
  example: z
    .string()
    .trim()
    .min(15, "Décrivez votre exemple en une phrase au moins (15 caractères).")
    .max(1_000, "Exemple trop long (1 000 caractères au plus)."),
});
export type ParagraphInput = z.infer<typeof paragraphInputSchema>;

export const paragraphOutputSchema = z.object({
  paragraph: z.string().min(1).max(4_000),
  parts: z.array(z.object({ label: z.string().min(1).max(60), text: z.string().max(1_500) })).max(6),
  checklist: z.array(z.object({ label: z.string().max(120), ok: z.boolean(), advice: z.string().max(400) })).max(10),
  /** Passages of the site that may support the paragraph (the student checks and cites them). */
  related: z.array(z.object({ title: z.string().max(300), url: sitePathSchema, excerpt: z.string().max(1_200) })).max(4),
  sources: z.array(sourceSchema).max(6),
});
export type ParagraphOutput = z.infer<typeof paragraphOutputSchema>;

// ── Langues : vocabulaire, essai et synthèse ──────────────────────────────────────────────────────

export const VOCABULARY_SIZES = { "10": "10 mots", "20": "20 mots", "40": "40 mots" } as const;

export const vocabularyInputSchema = z.object({
  language: z.enum(["en", "es", "de"], "Choisissez une langue."),
  theme: z
    .string()
    .trim()
    .min(2, "Indiquez un thème (par exemple « santé » ou « élections »).")
    .max(80, "Thème trop long (80 caractères au plus)."),
  size: z.enum(["10", "20", "40"], "Choisissez un nombre de mots de la liste.").default("20"),
});
export type VocabularyInput = z.infer<typeof vocabularyInputSchema>;

export const vocabularyEntrySchema = z.object({
  term: z.string().min(1).max(300),
  translation: z.string().min(1).max(300),
  example: z.string().max(600),
  category: z.string().max(120),
  register: z.string().max(60).optional(),
});

export const vocabularyOutputSchema = z.object({
  language: z.enum(["en", "es", "de"]),
  theme: z.string().max(80),
  entries: z.array(vocabularyEntrySchema).min(1).max(40),
  sources: z.array(sourceSchema).max(6),
});
export type VocabularyOutput = z.infer<typeof vocabularyOutputSchema>;

export const writingHelpInputSchema = z.object({
  language: z.enum(["en", "es", "de"], "Choisissez une langue."),
  exercise: z.enum(["essai", "synthese"], "Choisissez l'exercice."),
  subject: z
    .string()
    .trim()
    .min(5, "Écrivez le sujet ou le thème du dossier (5 caractères au moins).")
    .max(400, "Sujet trop long (400 caractères au plus)."),
});
export type WritingHelpInput = z.infer<typeof writingHelpInputSchema>;

export const writingHelpOutputSchema = z.object({
  language: z.enum(["en", "es", "de"]),
  exercise: z.enum(["essai", "synthese"]),
  title: z.string().max(200),
  formats: z.array(z.string().max(600)).max(4),
  steps: z
    .array(
      z.object({
        heading: z.string().max(120),
        advice: z.array(z.string().max(400)).max(5),
        connectors: z
          .array(z.object({ term: z.string().max(200), translation: z.string().max(300), example: z.string().max(600) }))
          .max(12),
      }),
    )
    .max(10),
  vocabulary: z.array(vocabularyEntrySchema).max(15),
  sources: z.array(sourceSchema).max(6),
});
export type WritingHelpOutput = z.infer<typeof writingHelpOutputSchema>;

// ── Séance d'oral ─────────────────────────────────────────────────────────────────────────────────

export const ORAL_COUNTS = { "3": "3 questions", "5": "5 questions", "8": "8 questions" } as const;
export const ORAL_DURATIONS = { "60": "1 minute", "120": "2 minutes", "180": "3 minutes" } as const;
export const ORALS_MESSAGES = {
  saved: "Séance enregistrée dans votre historique.",
  notSaved: "Cette séance n'a pas pu être enregistrée.",
  visitor: "Créez un compte gratuit pour garder vos séances et suivre vos progrès.",
} as const;
export const SELF_SCORES = ["À retravailler", "Passable", "Bien", "Très bien"] as const;

export const oralsInputSchema = z.object({
  themes: z
    .array(z.string().regex(/^[a-z-]{1,40}$/, "Choisissez les thèmes dans la liste."))
    .min(1, "Choisissez au moins un thème.")
    .max(12),
  count: z.enum(["3", "5", "8"], "Choisissez un nombre de questions de la liste.").default("5"),
  seconds: z.enum(["60", "120", "180"], "Choisissez un temps de réponse de la liste.").default("120"),
});
export type OralsInput = z.infer<typeof oralsInputSchema>;

export const oralQuestionSchema = z.object({
  id: z.string().max(120),
  question: z.string().max(400),
  theme: z.string().max(80),
  expects: z.string().max(600),
  method: z.array(z.string().max(400)).max(6),
});

export const selfAssessmentSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,120}$/, "Question inconnue."),
  score: z
    .number()
    .int()
    .min(0)
    .max(SELF_SCORES.length - 1),
  note: z.string().trim().max(500, "Note trop longue (500 caractères au plus).").default(""),
});
export const oralsAssessmentSchema = z
  .array(selfAssessmentSchema)
  .min(1)
  .max(8)
  .refine((items) => new Set(items.map((item) => item.id)).size === items.length, "Chaque question n'est évaluée qu'une fois.");

export const oralsOutputSchema = z.object({
  seconds: z.number().int(),
  questions: z.array(oralQuestionSchema).min(1).max(8),
  /** Filled in at the end of the session. */
  assessments: oralsAssessmentSchema.optional(),
});
export type OralsOutput = z.infer<typeof oralsOutputSchema>;
