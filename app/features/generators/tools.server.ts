import { chatbotOffline, chatbotPassages } from "./chatbot.server";
import { passagesOfContent } from "./corpus.server";
import { type EngineResult, type ModelTask, comparable, passagesForPrompt, runEngines } from "./engine.server";
import { NO_CARD_MESSAGE, chapterCards, pastedTextCards } from "./flashcards.server";
import { type Viewer, corpusPermissions, recordGeneration, spendQuota } from "./generate.server";
import {
  type ChatbotInput,
  type ChatbotOutput,
  type FlashcardsInput,
  type FlashcardsOutput,
  type ThemeCheckInput,
  type ThemeCheckOutput,
  chatbotOutputSchema,
  flashcardsOutputSchema,
} from "./generators";
import { findItem, gradeThemeOffline } from "./theme.server";

/**
 * Each tool's generation, from a validated input: what the offline engine needs checked first (a chapter
 * the viewer may read, a text with something to draw from), then the quota, both engines, the history.
 */
export type Generated<O> =
  { ok: true; result: EngineResult<O>; generationId: number | null } | { ok: false; status: 400 | 429; message: string };

async function generation<I, O>(
  tool: Parameters<typeof spendQuota>[0],
  viewer: Viewer,
  input: I,
  run: () => Promise<EngineResult<O>>,
): Promise<Generated<O>> {
  const refusal = await spendQuota(tool, viewer);
  if (refusal) return { ok: false, status: 429, message: refusal };
  const result = await run();
  return { ok: true, result, generationId: await recordGeneration(tool, viewer, input, result) };
}

export const CHAPTER_UNKNOWN = "Choisissez un chapitre de la liste.";

export async function generateFlashcards(input: FlashcardsInput, viewer: Viewer): Promise<Generated<FlashcardsOutput>> {
  const permissions = await corpusPermissions(viewer);
  const offline = input.source === "chapter" ? chapterCards(input.chapter, permissions) : pastedTextCards(input.text);
  if (!offline) return { ok: false, status: 400, message: CHAPTER_UNKNOWN };
  if (offline.cards.length === 0) return { ok: false, status: 400, message: NO_CARD_MESSAGE };
  const passages = input.source === "chapter" ? await passagesOfContent([input.chapter], permissions) : [];
  const urls = new Set(passages.map((passage) => passage.url));
  const task: ModelTask<FlashcardsOutput> = {
    system:
      "Tu écris des flashcards de révision\u00a0: définitions, textes à trous (le mot caché est remplacé par […]) et questions, une seule notion par carte, formules en LaTeX entre $…$. 10 à 25 cartes.",
    prompt:
      input.source === "chapter"
        ? `Chapitre « ${offline.title} ». Chaque carte porte dans sourceUrl l'url du passage d'où elle vient. Les sources sont les pages utilisées.\n\n${passagesForPrompt(passages.map((passage) => ({ ...passage, body: passage.body.slice(0, 1_500) })).slice(0, 40))}`
        : `Texte de l'élève (seule source autorisée ; pas de sourceUrl, pas de sources) :\n"""\n${input.text}\n"""`,
    accept: (output) =>
      output.cards.length > 0 &&
      output.cards.every((card) =>
        input.source === "chapter" ? card.sourceUrl !== undefined && urls.has(card.sourceUrl) : card.sourceUrl === undefined,
      ),
  };
  return generation("flashcards", viewer, input, () => runEngines(flashcardsOutputSchema, () => offline, task));
}

export async function askChatbot(input: ChatbotInput, viewer: Viewer): Promise<Generated<ChatbotOutput>> {
  const passages = await chatbotPassages(input, await corpusPermissions(viewer));
  // A long section gives several passages under one url: a quote may come from any of them.
  const bodiesAt = (url: string) => passages.filter((passage) => passage.url === url).map((passage) => comparable(passage.body));
  const pages = new Set(passages.map((passage) => passage.url.split("#")[0]));
  const task: ModelTask<ChatbotOutput> | undefined = passages.length
    ? {
        system:
          "Tu réponds aux questions d'élèves de prépa ECG à partir des passages numérotés des pages de Tremplin. answer\u00a0: une réponse claire en 2 à 6 phrases. quotes\u00a0: 1 à 3 extraits recopiés mot pour mot des passages, avec le titre et l'url du passage. sources\u00a0: les pages utilisées (url sans #). found\u00a0: false si les passages ne répondent pas à la question.",
        prompt: `Question : ${input.question}\n\nPassages :\n${passagesForPrompt(passages)}`,
        accept: (output) =>
          !output.found ||
          (output.quotes.length > 0 &&
            output.quotes.every((quote) => {
              const text = comparable(quote.text).replace(/^…|…$/g, "").trim();
              return text.length > 0 && bodiesAt(quote.url).some((body) => body.includes(text));
            }) &&
            output.sources.every((source) => pages.has(source.url))),
      }
    : undefined;
  return generation("prepa-chatbot", viewer, input, () => runEngines(chatbotOutputSchema, () => chatbotOffline(passages), task));
}

export const THEME_ITEM_UNKNOWN = "Cette phrase n'existe plus\u00a0: tirez-en une autre.";

/** Grades a thème answer (offline: the bank's accepted translations); the graded drill is the generation recorded. */
export async function gradeTheme(input: ThemeCheckInput, viewer: Viewer): Promise<Generated<ThemeCheckOutput>> {
  const item = findItem(input.language, input.itemId);
  if (!item) return { ok: false, status: 400, message: THEME_ITEM_UNKNOWN };
  return generation("theme-grammar", viewer, input, async () => ({ output: gradeThemeOffline(input, item), engine: "offline", ms: 0 }));
}
