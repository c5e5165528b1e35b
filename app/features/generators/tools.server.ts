import { ANSWER_QUESTION_UNKNOWN, answerOffline, introducesFacts, noteSentences, resolveQuestion } from "./answer.server";
import { chatbotOffline, chatbotPassages } from "./chatbot.server";
import { passagesOfContent, retrieve } from "./corpus.server";
import {
  WRITING_METHOD_MISSING,
  matchingEntries,
  vocabularyEntries,
  vocabularyNotFound,
  vocabularyOffline,
  vocabularyThemes,
  writingHelpOffline,
} from "./languages.server";
import { ORALS_NO_QUESTION, drawSession } from "./orals.server";
import { paragraphChecklist, paragraphOffline } from "./paragraph.server";
import { type EngineResult, type ModelTask, type PartialListener, comparable, passagesForPrompt, runEngines } from "./engine.server";
import { NO_CARD_MESSAGE, chapterCards, pastedTextCards } from "./flashcards.server";
import { type Viewer, corpusPermissions, quotaSpentMessage, recordGeneration, spendQuota } from "./generate.server";
import {
  type AnswerInput,
  type AnswerOutput,
  type ChatbotInput,
  type ChatbotOutput,
  type FlashcardsInput,
  type FlashcardsOutput,
  type OralsInput,
  type OralsOutput,
  type ParagraphInput,
  type VocabularyInput,
  type VocabularyOutput,
  type WritingHelpInput,
  type WritingHelpOutput,
  type ParagraphOutput,
  type ThemeCheckInput,
  type ThemeCheckOutput,
  answerOutputSchema,
  chatbotOutputSchema,
  flashcardsOutputSchema,
  paragraphOutputSchema,
  vocabularyOutputSchema,
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

/** A generation refused before any work: the day's quota for the tool is already spent. */
async function spentRefusal(tool: Parameters<typeof spendQuota>[0], viewer: Viewer): Promise<Generated<never> | null> {
  const message = await quotaSpentMessage(tool, viewer);
  return message ? { ok: false, status: 429, message } : null;
}

export const CHAPTER_UNKNOWN = "Choisissez un chapitre de la liste.";

export async function generateFlashcards(input: FlashcardsInput, viewer: Viewer): Promise<Generated<FlashcardsOutput>> {
  const spent = await spentRefusal("flashcards", viewer);
  if (spent) return spent;
  const permissions = await corpusPermissions(viewer);
  const offline = input.source === "chapter" ? chapterCards(input.chapter, permissions) : pastedTextCards(input.text);
  if (!offline) return { ok: false, status: 400, message: CHAPTER_UNKNOWN };
  if (offline.cards.length === 0) return { ok: false, status: 400, message: NO_CARD_MESSAGE };
  const passages = input.source === "chapter" ? await passagesOfContent([input.chapter], permissions) : [];
  const urls = new Set(passages.map((passage) => passage.url));
  const task: ModelTask<FlashcardsOutput> = {
    system:
      "Tu écris des flashcards de révision : définitions, textes à trous (le mot caché est remplacé par […]) et questions, une seule notion par carte, formules en LaTeX entre $…$. 10 à 25 cartes.",
    prompt:
      input.source === "chapter"
        ? `Chapitre « ${offline.title} ». Chaque carte porte dans sourceUrl l'url du passage d'où elle vient. Les sources sont les pages utilisées.\n\n${passagesForPrompt(passages.map((passage) => ({ ...passage, body: passage.body.slice(0, 1_500) })).slice(0, 40))}`
        : `Texte de l'élève (seule source autorisée ; pas de sourceUrl, pas de sources) :\n"""\n${input.text}\n"""`,
    accept: (output) =>
      output.cards.length > 0 &&
      output.cards.every((card) =>
        input.source === "chapter" ? card.sourceUrl !== undefined && urls.has(card.sourceUrl) : card.sourceUrl === undefined,
      ),
  };
  return generation("flashcards", viewer, input, async () => {
    const result = await runEngines(flashcardsOutputSchema, () => offline, task);
    // The pages used are the ones the engine was given, whatever the model says.
    return { ...result, output: { ...result.output, sources: offline.sources } };
  });
}

export async function askChatbot(input: ChatbotInput, viewer: Viewer, onPartial?: PartialListener): Promise<Generated<ChatbotOutput>> {
  const spent = await spentRefusal("prepa-chatbot", viewer);
  if (spent) return spent;
  const passages = await chatbotPassages(input, await corpusPermissions(viewer));
  // A long section gives several passages under one url: a quote may come from any of them.
  const bodiesAt = (url: string) => passages.filter((passage) => passage.url === url).map((passage) => comparable(passage.body));
  const pages = new Set(passages.map((passage) => passage.url.split("#")[0]));
  const task: ModelTask<ChatbotOutput> | undefined = passages.length
    ? {
        system:
          "Tu réponds aux questions d'élèves de prépa ECG à partir des passages numérotés des pages de Tremplin. answer : une réponse claire en 2 à 6 phrases. quotes : 1 à 3 extraits recopiés mot pour mot des passages, avec le titre et l'url du passage. sources : les pages utilisées (url sans #). found : false si les passages ne répondent pas à la question.",
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
  return generation("prepa-chatbot", viewer, input, () => runEngines(chatbotOutputSchema, () => chatbotOffline(passages), task, onPartial));
}

export const THEME_ITEM_UNKNOWN = "Cette phrase n'existe plus : tirez-en une autre.";

/** Grades a thème answer (offline: the bank's accepted translations); the graded drill is the generation recorded. */
export async function gradeTheme(input: ThemeCheckInput, viewer: Viewer): Promise<Generated<ThemeCheckOutput>> {
  const spent = await spentRefusal("theme-grammar", viewer);
  if (spent) return spent;
  const item = findItem(input.language, input.itemId);
  if (!item) return { ok: false, status: 400, message: THEME_ITEM_UNKNOWN };
  return generation("theme-grammar", viewer, input, async () => ({ output: gradeThemeOffline(input, item), engine: "offline", ms: 0 }));
}

/** An interview answer built from the student's notes only (answer.server.ts); the model may write the draft. */
export async function generateAnswer(input: AnswerInput, viewer: Viewer): Promise<Generated<AnswerOutput>> {
  const spent = await spentRefusal("answer", viewer);
  if (spent) return spent;
  const resolved = resolveQuestion(input);
  if (!resolved) return { ok: false, status: 400, message: ANSWER_QUESTION_UNKNOWN };
  const offline = answerOffline(input, resolved);
  const written = noteSentences(input.notes).map(comparable);
  const task: ModelTask<AnswerOutput> = {
    system: [
      "Tu aides un élève à préparer l'entretien de personnalité d'une école de commerce.",
      "parts : les parties de la structure demandée, dans l'ordre, avec les mêmes label et hint que ceux donnés ; chaque phrase de sentences est recopiée mot pour mot des notes de l'élève. Une partie sans phrase reste vide.",
      "draft : la réponse telle que l'élève la dirait à l'oral, à la première personne, en 120 à 250 mots, qui n'utilise que les faits des notes : aucune expérience, aucun chiffre, aucun nom qui n'y figure pas.",
      "method, pitfalls, expects, question, format, sources : recopie ceux qui te sont donnés.",
    ].join("\n"),
    prompt: `Question : ${offline.question}\nStructure : ${offline.format}\nParties (label — hint) :\n${offline.parts.map((part) => `- ${part.label} — ${part.hint}`).join("\n")}\n\nNotes de l'élève :\n"""\n${input.notes}\n"""\n\nMéthode : ${JSON.stringify(offline.method)}\nPièges : ${JSON.stringify(offline.pitfalls)}\nCe que le jury attend : ${offline.expects ?? ""}`,
    accept: (output) =>
      output.parts.length === offline.parts.length &&
      output.parts.every(
        (part, index) =>
          part.label === offline.parts[index].label &&
          part.sentences.every((sentence) => written.some((line) => line.includes(comparable(sentence).replace(/[.!?]+$/, "")))),
      ) &&
      !introducesFacts(output.draft, `${input.notes}\n${offline.question}`),
  };
  return generation("answer", viewer, input, async () => {
    const result = await runEngines(answerOutputSchema, () => offline, task);
    // What is not the model's to change stays as the bank says.
    return {
      ...result,
      output: { ...result.output, method: offline.method, pitfalls: offline.pitfalls, expects: offline.expects, sources: offline.sources },
    };
  });
}

/** An argued paragraph from the student's idea, argument and example (paragraph.server.ts). */
export async function generateParagraph(input: ParagraphInput, viewer: Viewer): Promise<Generated<ParagraphOutput>> {
  const spent = await spentRefusal("paragraph", viewer);
  if (spent) return spent;
  const query = [input.subject, input.idea, input.example].filter(Boolean).join(" ");
  const passages = (await retrieve(query, { permissions: await corpusPermissions(viewer), limit: 6 })).filter(
    (passage) => passage.matched >= 2,
  );
  const offline = paragraphOffline(input, passages);
  const allowed = [input.subject, input.idea, input.argument, input.example, ...passages.map((passage) => passage.body)].join("\n");
  const task: ModelTask<ParagraphOutput> = {
    system: [
      "Tu aides un élève de prépa à rédiger un paragraphe argumenté de dissertation : idée directrice, argument, exemple, analyse de l'exemple.",
      "paragraph : un seul paragraphe de 100 à 200 mots, impersonnel (pas de « je »), qui reprend l'idée, l'argument et l'exemple de l'élève. Tu n'ajoutes aucun fait, aucune date, aucun chiffre, aucun nom qui ne soit dans le texte de l'élève ou dans les passages fournis.",
      "parts : le paragraphe découpé en Idée directrice, Argument, Exemple, Analyse. related, checklist, sources : recopie ceux qui te sont donnés.",
    ].join("\n"),
    prompt: `Sujet : ${input.subject || "(non précisé)"}\nIdée : ${input.idea}\nArgument : ${input.argument || "(aucun)"}\nExemple : ${input.example}\n\nPassages des cours (facultatifs) :\n${passagesForPrompt(passages.slice(0, 3))}`,
    accept: (output) => !introducesFacts(output.paragraph, allowed),
  };
  return generation("paragraph", viewer, input, async () => {
    const result = await runEngines(paragraphOutputSchema, () => offline, task);
    const output = { ...result.output, related: offline.related, sources: offline.sources };
    return { ...result, output: { ...output, checklist: paragraphChecklist(input, output.paragraph) } };
  });
}

/** A themed vocabulary list from the site's lists; the model may only choose among their entries. */
export async function generateVocabulary(input: VocabularyInput, viewer: Viewer): Promise<Generated<VocabularyOutput>> {
  const spent = await spentRefusal("languages", viewer);
  if (spent) return spent;
  const permissions = await corpusPermissions(viewer);
  const entries = vocabularyEntries(input.language, permissions);
  const size = Number(input.size);
  const found = matchingEntries(entries, input.theme, size);
  if (!found.length)
    return { ok: false, status: 400, message: vocabularyNotFound(input.language, vocabularyThemes(input.language, permissions)) };
  const candidates = matchingEntries(entries, input.theme, 80);
  const byTerm = new Map(candidates.map((entry) => [entry.term, entry]));
  const offline = vocabularyOffline(input, found);
  const task: ModelTask<VocabularyOutput> = {
    system: `Tu choisis, parmi les entrées de vocabulaire données, les ${size} plus utiles pour écrire sur le thème demandé, de la plus utile à la moins utile. Chaque entrée est recopiée telle quelle (term, translation, example, category, register). sources\u00a0: recopie celles qui te sont données.`,
    prompt: `Thème : ${input.theme}\n\nEntrées :\n${JSON.stringify(candidates.map(({ source: _source, ...entry }) => entry))}\n\nSources : ${JSON.stringify(offline.sources)}`,
    accept: (output) =>
      output.entries.length <= size && output.entries.every((entry) => byTerm.get(entry.term)?.translation === entry.translation),
  };
  return generation("languages", viewer, input, async () => {
    const result = await runEngines(vocabularyOutputSchema, () => offline, task);
    // The model only orders and chooses: the entries and their sources are the lists' own.
    const chosen = result.output.entries.map((entry) => byTerm.get(entry.term) ?? found[0]);
    return { ...result, output: vocabularyOffline(input, chosen) };
  });
}

/** The method of the essay or the synthesis in a language, with its connectors and the subject's vocabulary. */
export async function generateWritingHelp(input: WritingHelpInput, viewer: Viewer): Promise<Generated<WritingHelpOutput>> {
  const spent = await spentRefusal("languages-unified", viewer);
  if (spent) return spent;
  const offline = writingHelpOffline(input, vocabularyEntries(input.language, await corpusPermissions(viewer)));
  if (!offline) return { ok: false, status: 400, message: WRITING_METHOD_MISSING };
  return generation("languages-unified", viewer, input, async () => ({ output: offline, engine: "offline", ms: 0 }));
}

/** A session of oral training: questions drawn from the bank (orals.server.ts). */
export async function startOralSession(input: OralsInput, viewer: Viewer): Promise<Generated<OralsOutput>> {
  const spent = await spentRefusal("orals-unified", viewer);
  if (spent) return spent;
  const session = drawSession(input);
  if (!session) return { ok: false, status: 400, message: ORALS_NO_QUESTION };
  return generation("orals-unified", viewer, input, async () => ({ output: session, engine: "offline", ms: 0 }));
}
