import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { generatedCards, userActivityHistory } from "../../../db/schema";
import { type FakeOpenAI, startFakeOpenAI } from "../../../tests/support/fake-openai";
import { registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { findCatalogEntry } from "~/catalog/catalog";
import { permissionChecker } from "../access/grants.server";
import { exportUserData } from "../accounts/account.server";
import { readProgress } from "../progress/progress.server";
import { readDeck } from "../review/review-deck.server";
import { CHATBOT_TEXT } from "./chatbot.server";
import { syncCorpus } from "./corpus.server";
import { setModelForTests } from "./engine.server";
import { streamedGeneration } from "./stream.server";
import { NO_CARD_MESSAGE } from "./flashcards.server";
import { type Viewer, countGeneratedCards, findOwnGeneration, listGenerations, saveGeneratedCards } from "./generate.server";
import { saveCardsFromForm } from "./save-cards.server";
import { GENERATOR_MESSAGES, MAX_GENERATED_CARDS, quotaReachedMessage } from "./generators";
import {
  THEME_ITEM_UNKNOWN,
  askChatbot,
  generateAnswer,
  generateFlashcards,
  generateParagraph,
  generateVocabulary,
  generateWritingHelp,
  gradeTheme,
  startOralSession,
} from "./tools.server";
import { ORALS_NO_QUESTION, saveAssessments } from "./orals.server";

let handle: DatabaseHandle;
let fake: FakeOpenAI;
beforeAll(async () => {
  handle = await useTestDatabase();
  await syncCorpus();
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
  await handle.close();
});
afterEach(() => setModelForTests(undefined));

let ips = 0;
async function student(): Promise<Viewer> {
  const user = await registerStudent("Inès");
  return { userId: user.id, clientIp: `203.0.113.${++ips}`, can: permissionChecker({ id: user.id, role: "user" }) };
}
const visitor = (): Viewer => ({ userId: null, clientIp: `198.51.100.${++ips}`, can: permissionChecker(null) });
const exists = (url: string) => findCatalogEntry(url.split("#")[0]) !== undefined;

function expectOk<T>(generated: { ok: true; result: T } | { ok: false; message: string }): T {
  if (!generated.ok) throw new Error(generated.message);
  return generated.result;
}

describe("flashcards, offline", () => {
  it("draws a card from each definition, theorem and method box of a chapter, and cites it", async () => {
    const viewer = await student();
    const { output, engine } = expectOk(await generateFlashcards({ source: "chapter", chapter: "python-fondamentaux" }, viewer));
    expect(engine).toBe("offline");
    expect(output.sources).toEqual(
      [{ title: expect.any(String), url: "/formation/python/fondamentaux" }].map((source) => ({
        ...source,
        url: expect.stringMatching(/^\/formation/),
      })),
    );
    expect(output.cards.length).toBeGreaterThan(3);
    for (const card of output.cards) expect(exists(card.sourceUrl!)).toBe(true);
  });

  it("turns a pasted text into definition, blank and question cards, with nothing that is not in the text", async () => {
    const text = [
      "La mondialisation est un processus d'intégration des économies par les échanges de biens, de capitaux et d'informations.",
      "Le traité de Rome fut signé en 1957 par six États fondateurs.",
      "Qu'est-ce qu'un détroit ?",
      "Un bras de mer resserré entre deux terres, qui fait communiquer deux mers.",
    ].join("\n");
    const { output } = expectOk(await generateFlashcards({ source: "text", text }, await student()));
    expect(output.cards).toEqual([
      { kind: "definition", front: "Définition : La mondialisation", back: expect.stringContaining("processus d'intégration") },
      { kind: "cloze", front: "Le traité de Rome fut signé en […] par six États fondateurs.", back: "1957" },
      {
        kind: "question",
        front: "Qu'est-ce qu'un détroit ?",
        back: "Un bras de mer resserré entre deux terres, qui fait communiquer deux mers.",
      },
    ]);
    expect(output.sources).toEqual([]);
  });

  it("refuses a text with nothing to draw from, and a chapter the viewer may not read, without spending the quota", async () => {
    const viewer = visitor();
    expect(await generateFlashcards({ source: "text", text: "bonjour ".repeat(20) }, viewer)).toEqual({
      ok: false,
      status: 400,
      message: NO_CARD_MESSAGE,
    });
    // Python chapters are for signed-in users: a visitor gets the same answer as for an unknown chapter.
    expect(await generateFlashcards({ source: "chapter", chapter: "python-fondamentaux" }, viewer)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await generateFlashcards({ source: "chapter", chapter: "maths-elements-de-logique" }, await student())).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("saves the kept cards into the author's review deck only, and records the generation", async () => {
    const alice = await student();
    const bob = await student();
    const generated = await generateFlashcards({ source: "chapter", chapter: "python-fondamentaux" }, alice);
    if (!generated.ok) throw new Error(generated.message);
    const cards = generated.result.output.cards.slice(0, 2);
    const ids = await saveGeneratedCards(alice.userId!, { tool: "flashcards", id: generated.generationId! }, cards);
    const deck = await readDeck(alice.userId!);
    expect(deck.cards.filter((card) => ids.includes(card.cardId)).map((card) => card.deckTitle)).toEqual([
      "Mes cartes générées",
      "Mes cartes générées",
    ]);
    expect((await readDeck(bob.userId!)).cards).toEqual([]);
    const rows = await handle.db.select().from(generatedCards).where(eq(generatedCards.userId, alice.userId!));
    expect(rows.map((row) => row.generationId)).toEqual([generated.generationId, generated.generationId]);

    const [history] = await handle.db.select().from(userActivityHistory).where(eq(userActivityHistory.id, generated.generationId!));
    expect(history).toMatchObject({
      activityType: "generation",
      generatorType: "flashcards",
      metadata: { engine: "offline", fallback: false },
    });
    expect((await readProgress(alice.userId!))?.progression).toBe(10);
    expect(await listGenerations(alice.userId!)).toMatchObject([{ id: generated.generationId, tool: "flashcards", engine: "offline" }]);
    // Private: another user's generation is not found by its id.
    expect(await findOwnGeneration(bob.userId!, "flashcards", generated.generationId!)).toBeUndefined();
    expect(await findOwnGeneration(alice.userId!, "flashcards", generated.generationId!)).toBeDefined();
    // The saved cards go into the account's export with the rest of its data.
    expect((await exportUserData(alice.userId!)).generatedCards).toMatchObject(cards.map(({ front, back }) => ({ front, back })));
  });
});

describe("prépa chatbot, offline", () => {
  it("answers from the pages with quotes that link to existing sections", async () => {
    const { output } = expectOk(await askChatbot({ question: "Comment montrer qu'une suite est monotone ?" }, await student()));
    expect(output.found).toBe(true);
    expect(output.quotes.length).toBeGreaterThan(0);
    for (const quote of output.quotes) expect(exists(quote.url)).toBe(true);
    for (const source of output.sources) expect(exists(source.url)).toBe(true);
  });

  it("says so when nothing relevant is found", async () => {
    const { output } = expectOk(await askChatbot({ question: "Quelle est la capitale du Kazakhstan ?" }, await student()));
    expect(output).toEqual({ found: false, answer: CHATBOT_TEXT.notFound, quotes: [], sources: [] });
  });
});

describe("thème grammatical", () => {
  it("grades an answer against the bank, cites nothing it does not have, and records the drill", async () => {
    const viewer = await student();
    const right = expectOk(
      await gradeTheme({ language: "en", itemId: "depuis-date-since", answer: "I've been living in Lyon since 2019" }, viewer),
    );
    expect(right.output).toMatchObject({ verdict: "right", expected: "I’ve been living in Lyon since 2019." });
    for (const source of right.output.sources) expect(exists(source.url)).toBe(true);
    const wrong = expectOk(await gradeTheme({ language: "en", itemId: "depuis-date-since", answer: "I live in Lyon since 2019." }, viewer));
    expect(wrong.output).toMatchObject({
      verdict: "wrong",
      expected: "I have lived in Lyon since 2019.",
      point: "Depuis + date\u00a0: present perfect et since",
    });
    expect(await listGenerations(viewer.userId!)).toMatchObject([{ tool: "theme-grammar" }, { tool: "theme-grammar" }]);
    expect(await gradeTheme({ language: "en", itemId: "phrase-inconnue", answer: "x" }, viewer)).toEqual({
      ok: false,
      status: 400,
      message: THEME_ITEM_UNKNOWN,
    });
  });
});

describe("interview answers and paragraphs", () => {
  const notes =
    "En 2023, j'ai rejoint l'association d'aide aux devoirs de mon lycée.\nMon rôle était de trouver des bénévoles.\nJ'ai démarché les classes une par une.\nAu final, nous sommes passés de 6 à 15 bénévoles.";

  it("answers a bank question with the student's sentences and the bank's method, and records it", async () => {
    const viewer = await student();
    const { output, engine } = expectOk(
      await generateAnswer({ questionId: "engagement-associatif", question: "", format: "", notes }, viewer),
    );
    expect(engine).toBe("offline");
    expect(output.format).toBe("star");
    expect(output.parts.flatMap((part) => part.sentences).join(" ")).toBe(notes.replace(/\n/g, " "));
    expect(output.method).toContain("Présentez la structure et votre rôle en une phrase.");
    expect(await listGenerations(viewer.userId!)).toMatchObject([{ tool: "answer" }]);
  });

  it("refuses a model draft that invents an experience, and keeps one that does not", async () => {
    const viewer = await student();
    const input = { questionId: "engagement-associatif", question: "", format: "" as const, notes };
    const offline = expectOk(await generateAnswer(input, viewer)).output;
    setModelForTests(createOpenAICompatible({ name: "fake", baseURL: fake.baseUrl, supportsStructuredOutputs: true }).chatModel("m"));
    fake.reply({
      json: { ...offline, draft: "En 2023, j'ai rejoint l'association et trouvé des bénévoles : nous sommes passés de 6 à 15." },
    });
    expect(expectOk(await generateAnswer(input, viewer)).engine).toBe("model");
    fake.reply({ json: { ...offline, draft: "En 2021, j'ai fondé une association avec la Croix-Rouge." } });
    expect(expectOk(await generateAnswer(input, viewer))).toMatchObject({ engine: "offline", notice: GENERATOR_MESSAGES.modelFallback });
  });

  it("builds a paragraph from the student's words, with the checklist and passages of existing pages", async () => {
    const { output } = expectOk(
      await generateParagraph(
        {
          subject: "",
          idea: "Une suite croissante et majorée converge",
          argument: "",
          example: "la suite des sommes partielles de la série des inverses des carrés est croissante et majorée par 2",
        },
        await student(),
      ),
    );
    expect(output.paragraph).toBe(
      "Une suite croissante et majorée converge. Par exemple, la suite des sommes partielles de la série des inverses des carrés est croissante et majorée par 2. Cet exemple montre ainsi qu'une suite croissante et majorée converge.",
    );
    expect(output.checklist.find((item) => item.label === "Un argument qui explique pourquoi")?.ok).toBe(false);
    expect(output.checklist.find((item) => item.label === "Un exemple précis")?.ok).toBe(true);
    expect(output.related.length).toBeGreaterThan(0);
    for (const item of [...output.related, ...output.sources]) expect(exists(item.url)).toBe(true);
  });
});

describe("languages", () => {
  it("draws a themed list from the site's vocabulary lists, and says which themes exist when none matches", async () => {
    const viewer = await student();
    const { output } = expectOk(await generateVocabulary({ language: "en", theme: "Santé", size: "10" }, viewer));
    expect(output.entries).toHaveLength(10);
    for (const entry of output.entries) expect(entry.category).toBe("Santé");
    expect(output.sources).toEqual([{ title: "Vocabulaire Anglais", url: "/formation/anglais/vocabulaire" }]);
    const keyword = expectOk(await generateVocabulary({ language: "en", theme: "élection", size: "20" }, viewer)).output;
    expect(keyword.entries.length).toBeGreaterThan(0);
    expect(keyword.entries.some((entry) => /elect/i.test(`${entry.term} ${entry.example}`))).toBe(true);
    const none = await generateVocabulary({ language: "en", theme: "zzzz", size: "20" }, viewer);
    expect(none).toMatchObject({ ok: false, status: 400, message: expect.stringContaining("Thèmes disponibles\u00a0: Santé") });
    expect(await generateVocabulary({ language: "de", theme: "Umwelt", size: "20" }, viewer)).toMatchObject({ ok: false, status: 400 });
  });

  it("gives the essay method with each step's connectors in the language and the subject's vocabulary", async () => {
    const { output } = expectOk(
      await generateWritingHelp({ language: "es", exercise: "essai", subject: "La salud pública" }, await student()),
    );
    expect(output.title).toBe("Essai argumenté");
    expect(output.steps.map((step) => step.heading)).toEqual([
      "Analyser le sujet",
      "Introduction",
      "Développer les arguments",
      "Nuancer",
      "Conclusion",
      "Relire et compter",
    ]);
    expect(output.steps[1].connectors.length).toBeGreaterThan(0);
    expect(output.vocabulary).toEqual([]);
    const english = expectOk(
      await generateWritingHelp({ language: "en", exercise: "synthese", subject: "healthcare in the United States" }, await student()),
    );
    expect(english.output.vocabulary.length).toBeGreaterThan(0);
    for (const source of english.output.sources) expect(exists(source.url)).toBe(true);
  });
});

describe("oral training", () => {
  it("draws distinct questions of the chosen themes and keeps the ratings with the author's session only", async () => {
    const alice = await student();
    const bob = await student();
    const started = await startOralSession({ themes: ["motivation", "projet"], count: "5", seconds: "120" }, alice);
    const { output } = expectOk(started);
    expect(output.questions).toHaveLength(5);
    expect(new Set(output.questions.map((question) => question.id)).size).toBe(5);
    for (const question of output.questions) expect(["Motivation pour l'école", "Projet professionnel"]).toContain(question.theme);
    const id = started.ok ? started.generationId! : 0;
    const ratings = output.questions.map((question, index) => ({ id: question.id, score: index % 4, note: "" }));
    expect(await saveAssessments(bob.userId!, id, ratings)).toBe(false);
    expect(await saveAssessments(alice.userId!, id, [{ id: "question-inventee", score: 1, note: "" }])).toBe(false);
    expect(await saveAssessments(alice.userId!, id, ratings)).toBe(true);
    expect((await findOwnGeneration(alice.userId!, "orals-unified", id))?.outputData).toMatchObject({ assessments: ratings });
    expect(await startOralSession({ themes: ["inconnu"], count: "3", seconds: "60" }, alice)).toEqual({
      ok: false,
      status: 400,
      message: ORALS_NO_QUESTION,
    });
  });
});

describe("saving cards", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it("saves a card kept twice once, refuses a link to another host, and bounds the saves", async () => {
    const viewer = await student();
    const card: [string, string][] = [
      ["kind-0", "definition"],
      ["front-0", "Recto"],
      ["back-0", "Verso"],
    ];
    const saved = await saveCardsFromForm(form([...card, ["keep", "0"], ["keep", "0"], ["keep", "0"]]), viewer.userId, "flashcards");
    expect(saved).toEqual({ intent: "save", ok: true, count: 1 });
    for (const url of ["//evil.example/x", "/\\evil.example", "https://evil.example"]) {
      const refused = await saveCardsFromForm(form([...card, ["source-0", url], ["keep", "0"]]), viewer.userId, "flashcards");
      expect(refused).toMatchObject({ data: { ok: false, errors: { "0": "Adresse de page invalide." } }, init: { status: 400 } });
    }
    for (let i = 0; i < 29; i += 1) await saveCardsFromForm(form([...card, ["keep", "0"]]), viewer.userId, "flashcards");
    expect(await saveCardsFromForm(form([...card, ["keep", "0"]]), viewer.userId, "flashcards")).toMatchObject({ init: { status: 429 } });
    expect(await countGeneratedCards(viewer.userId!)).toBe(30);
  });

  it("refuses cards beyond the deck's maximum of generated cards", async () => {
    const viewer = await student();
    await handle.db.insert(generatedCards).values(
      Array.from({ length: MAX_GENERATED_CARDS }, (_, index) => ({
        userId: viewer.userId!,
        kind: "definition",
        front: `R${index}`,
        back: "V",
      })),
    );
    const refused = await saveCardsFromForm(
      form([
        ["kind-0", "definition"],
        ["front-0", "R"],
        ["back-0", "V"],
        ["keep", "0"],
      ]),
      viewer.userId,
      "flashcards",
    );
    expect(refused).toMatchObject({ data: { error: GENERATOR_MESSAGES.deckFull }, init: { status: 400 } });
  });
});

describe("quotas", () => {
  it("stops a visitor after the daily quota with the French message", async () => {
    const viewer = visitor();
    for (let i = 0; i < 5; i += 1) expect((await askChatbot({ question: "limite monotone" }, viewer)).ok).toBe(true);
    expect(await askChatbot({ question: "limite monotone" }, viewer)).toEqual({
      ok: false,
      status: 429,
      message: quotaReachedMessage(5, true),
    });
    // Refused before any search: even an input that would have found nothing gets the quota's answer.
    expect(await askChatbot({ question: "capitale du Kazakhstan" }, viewer)).toMatchObject({ ok: false, status: 429 });
  });

  it("counts an IPv6 visitor by the /64 network", async () => {
    const first = { userId: null, clientIp: "2001:db8:7:8::1", can: permissionChecker(null) };
    for (let i = 0; i < 5; i += 1) expect((await askChatbot({ question: "limite monotone" }, first)).ok).toBe(true);
    const sameNetwork = { ...first, clientIp: "2001:db8:7:8:ffff:1:2:3" };
    expect(await askChatbot({ question: "limite monotone" }, sameNetwork)).toMatchObject({ ok: false, status: 429 });
    expect((await askChatbot({ question: "limite monotone" }, { ...first, clientIp: "2001:db8:7:9::1" })).ok).toBe(true);
  });
});

describe("model engine", () => {
  const model = () =>
    createOpenAICompatible({ name: "fake", baseURL: fake.baseUrl, supportsStructuredOutputs: true }).chatModel("fake-model");

  it("uses a valid structured answer whose quotes come from the passages it was given", async () => {
    const viewer = await student();
    const offline = expectOk(await askChatbot({ question: "théorème de la limite monotone" }, viewer)).output;
    // A quote copied word for word from a passage (an excerpt's first fragment).
    const quote = { ...offline.quotes[0], text: offline.quotes[0].text.split(" … ")[0] };
    setModelForTests(model());
    fake.reply({ json: { found: true, answer: "Une suite croissante et majorée converge.", quotes: [quote], sources: offline.sources } });
    const result = expectOk(await askChatbot({ question: "théorème de la limite monotone" }, viewer));
    expect(result.engine).toBe("model");
    expect(result.output.answer).toBe("Une suite croissante et majorée converge.");
    const prompt = fake.requests
      .at(-1)!
      .messages.map((message) => message.content)
      .join("\n");
    expect(prompt).toContain("théorème de la limite monotone");
    expect(prompt).toContain(quote.url);
  });

  it("streams the answer as the model writes it, then sends the checked result", async () => {
    const viewer = await student();
    const offline = expectOk(await askChatbot({ question: "théorème de la limite monotone" }, viewer)).output;
    const quote = { ...offline.quotes[0], text: offline.quotes[0].text.split(" … ")[0] };
    const answer = "Une suite croissante et majorée converge : c'est le théorème de la limite monotone.";
    setModelForTests(model());
    fake.reply({ json: { found: true, answer, quotes: [quote], sources: offline.sources } });
    const response = await streamedGeneration(
      (onPartial) => askChatbot({ question: "théorème de la limite monotone" }, viewer, onPartial),
      (partial) => (partial as { answer?: string }).answer,
      (generated) => ({ engine: generated.result.engine, answer: generated.result.output.answer }),
    );
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(fake.requests.at(-1)?.stream).toBe(true);
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; value: unknown });
    const partials = lines.filter((line) => line.type === "partial").map((line) => line.value as string);
    expect(partials.length).toBeGreaterThan(2);
    expect(partials.every((text) => answer.startsWith(text))).toBe(true);
    expect(lines.at(-1)).toEqual({ type: "result", value: { engine: "model", answer } });
  });

  it("answers a refused streamed generation with its status, before any stream", async () => {
    const viewer = visitor();
    for (let i = 0; i < 5; i += 1) expect((await askChatbot({ question: "limite monotone" }, viewer)).ok).toBe(true);
    const response = await streamedGeneration(
      (onPartial) => askChatbot({ question: "limite monotone" }, viewer, onPartial),
      () => undefined,
      () => null,
    );
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: quotaReachedMessage(5, true) });
  });

  it("falls back to the offline engine, with a note, on an invented quote, invalid JSON, an error or a timeout", async () => {
    const viewer = await student();
    for (const reply of [
      {
        json: {
          found: true,
          answer: "Réponse.",
          quotes: [{ text: "Une phrase que le cours ne contient pas.", title: "Suites", url: "/chapitres-libres/suites-cours" }],
          sources: [],
        },
      },
      { text: "pas du JSON" },
      { status: 500 },
      { delayMs: 1_500, json: {} },
    ]) {
      setModelForTests(model(), 500);
      fake.reply(reply);
      const result = expectOk(await askChatbot({ question: "théorème de la limite monotone" }, viewer));
      expect(result).toMatchObject({ engine: "offline", notice: GENERATOR_MESSAGES.modelFallback });
      expect(result.output.found).toBe(true);
    }
  });
});
