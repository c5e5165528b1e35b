/**
 * The generators (issue #15) as the catalogue, the hub and each tool's page list them. Kept apart from
 * generators.ts (the schemas) so that the catalogue does not pull the schemas in.
 */
export const GENERATOR_FAMILIES = {
  reviser: "Réviser",
  ecrits: "Rédiger",
  oraux: "Oraux et entretiens",
  langues: "Langues",
} as const;
export type GeneratorFamily = keyof typeof GENERATOR_FAMILIES;

export interface GeneratorTool {
  slug: string;
  path: string;
  title: string;
  family: GeneratorFamily;
  /** What it does, in one sentence (hub, page, meta description). */
  summary: string;
  /** Words the site search matches. */
  keywords: readonly string[];
}

export const GENERATOR_TOOLS = [
  {
    slug: "flashcards",
    path: "/generator/flashcards",
    title: "Générateur de Flashcards",
    family: "reviser",
    keywords: ["flashcards", "cartes", "mémorisation", "révision", "deck"],
    summary:
      "Des cartes de définition, à trous et de question tirées d'un texte que vous collez ou d'un chapitre du site, à corriger puis à ajouter à votre deck de révision.",
  },
  {
    slug: "prepa-chatbot",
    path: "/generator/prepa-chatbot",
    title: "Chatbot Prépa",
    family: "reviser",
    keywords: ["chatbot", "question", "prépa", "méthode", "aide"],
    summary: "Vos questions sur la prépa, les méthodes et les cours, avec des réponses tirées des pages de Tremplin, citées et liées.",
  },
  {
    slug: "theme-grammar",
    path: "/generator/theme-grammar",
    title: "Thème Grammatical",
    family: "langues",
    keywords: ["thème", "traduction", "grammaire", "anglais", "espagnol", "allemand"],
    summary: "Des phrases de thème en anglais, espagnol ou allemand, chacune sur un point de grammaire, corrigées avec la règle.",
  },
  {
    slug: "answer",
    path: "/generator/answer",
    title: "Générateur de Réponses",
    family: "oraux",
    keywords: ["entretien", "réponse", "STAR", "pitch", "personnalité", "oral"],
    summary:
      "Une question d'entretien et vos notes : une réponse structurée (STAR, pitch ou argumentation) faite uniquement de ce que vous avez écrit, avec la méthode et les pièges de la question.",
  },
  {
    slug: "paragraph",
    path: "/generator/paragraph",
    title: "Générateur de Paragraphes",
    family: "ecrits",
    keywords: ["paragraphe", "dissertation", "argument", "exemple", "rédaction"],
    summary:
      "Votre idée, votre argument et votre exemple, mis dans l'ordre de la méthode (idée, argument, exemple, analyse), avec la liste de contrôle du paragraphe et les pages du site qui peuvent l'étayer.",
  },
  {
    slug: "languages",
    path: "/generator/languages",
    title: "Générateur de Langues",
    family: "langues",
    keywords: ["vocabulaire", "langues", "anglais", "espagnol", "allemand", "lexique"],
    summary:
      "Une liste de vocabulaire sur le thème de votre choix, tirée des fiches de vocabulaire du site, à apprendre en rappel actif et à ajouter à votre deck de révision.",
  },
  {
    slug: "languages-unified",
    path: "/generator/languages-unified",
    title: "Générateur Langues Unifié",
    family: "langues",
    keywords: ["essai", "synthèse", "connecteurs", "langues", "méthode", "LV1", "LV2"],
    summary:
      "Pour un sujet d'essai ou un dossier de synthèse : les étapes de la méthode, les connecteurs de chaque étape dans la langue choisie et le vocabulaire du thème.",
  },
  {
    slug: "orals-unified",
    path: "/generator/orals-unified",
    title: "Générateur Oraux Unifié",
    family: "oraux",
    keywords: ["oral", "entraînement", "entretien", "questions", "chronomètre", "jury"],
    summary:
      "Une séance d'entraînement à l'oral : des questions d'entretien tirées au sort par thème, un chronomètre, la méthode de chaque question et votre auto-évaluation, gardée dans votre historique.",
  },
] as const satisfies readonly GeneratorTool[];

export type GeneratorSlug = (typeof GENERATOR_TOOLS)[number]["slug"];

export function generatorTool(slug: string): GeneratorTool | undefined {
  return GENERATOR_TOOLS.find((tool) => tool.slug === slug);
}
