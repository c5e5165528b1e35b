import type { InterviewQuestionBank } from "../../../content/banks/schema";
import { banksOfType } from "./banks.server";
import { foldAccents } from "./fold";
import type { AnswerFormat, AnswerInput, AnswerOutput } from "./generators";

/**
 * The interview-answer generator, offline: the student's notes, sentence by sentence, sorted into the
 * parts of the answer's structure (STAR, pitch or argument) by what each sentence says (« mon rôle »,
 * « j'ai décidé », « j'ai appris »…). Nothing is added: a part with no sentence is left empty and
 * shown as to be written. The method comes from the question bank (content/banks/questions-entretien.yaml).
 */
type BankQuestion = InterviewQuestionBank["questions"][number];

interface PartRule {
  label: string;
  hint: string;
  /** Sentences that say this belong here (tested on the text without accents, in lower case). */
  cue?: RegExp;
}

const PARTS: Record<AnswerFormat, PartRule[]> = {
  star: [
    {
      label: "Situation",
      hint: "Le contexte en une ou deux phrases\u00a0: où, quand, avec qui.",
      cue: /\b(en (19|20)\d\d|lors d|pendant|a l'epoque|au lycee|en (seconde|premiere|terminale)|l'ete|dans le cadre)\b/,
    },
    {
      label: "Tâche",
      hint: "Votre rôle, l'objectif ou la difficulté à surmonter.",
      cue: /\b(mon role|ma mission|mon objectif|l'objectif|il fallait|je devais|nous devions|(j'etais|je suis) (charge|responsable)|on m'a (confie|demande)|le defi|le probleme|la difficulte)\b/,
    },
    {
      label: "Action",
      hint: "Ce que vous avez fait, vous, concrètement (des verbes d'action à la première personne).",
      cue: /\b(j'ai|nous avons|on a|je me suis|j'ai decide|je suis alle|j'ai propose)\b/,
    },
    {
      label: "Résultat",
      hint: "Ce qui en est sorti, chiffré si possible, et ce que vous en avez appris.",
      cue: /\b(resultat|finalement|au final|au bout|nous avons (obtenu|gagne|recolte|atteint|reussi)|j'ai (appris|compris|retenu|reussi)|cela m'a|ca m'a|grace a|depuis ce jour|aujourd'hui)\b|\d+ ?%/,
    },
  ],
  pitch: [
    {
      label: "Hier",
      hint: "D'où vous venez\u00a0: votre parcours et un fait qui vous a marqué.",
      cue: /\b(j'ai grandi|je suis ne|enfant|j'etais|j'avais|a l'epoque|au lycee|au college|en (19|20)\d\d)\b/,
    },
    {
      label: "Aujourd'hui",
      hint: "Ce qui vous anime\u00a0: vos engagements, ce que vous faites et pourquoi.",
      cue: /\b(aujourd'hui|actuellement|en prepa|je suis|je fais|je pratique|je m'engage|me passionne|j'aime)\b/,
    },
    {
      label: "Demain",
      hint: "Où vous allez\u00a0: votre projet et ce que l'école y apporte.",
      cue: /\b(je (veux|voudrais|souhaite|compte|vise|aimerais|reve)|mon projet|plus tard|a l'avenir|demain|cette ecole|votre ecole|me permettr)/,
    },
  ],
  argument: [
    {
      label: "Position",
      hint: "Votre réponse à la question, en une phrase nette.",
      cue: /\b(je pense|je crois|selon moi|a mon sens|je considere|mon avis)\b/,
    },
    {
      label: "Raisons",
      hint: "Pourquoi\u00a0: une ou deux raisons, pas davantage.",
      cue: /\b(parce que|car|en effet|d'abord|ensuite|puisque|la raison)\b/,
    },
    {
      label: "Exemple",
      hint: "Un fait vécu et précis qui montre ce que vous dites.",
      cue: /\b(par exemple|lorsque|quand j|en (19|20)\d\d|je me souviens|comme le jour)\b/,
    },
    {
      label: "Conclusion",
      hint: "Ce que vous en retenez, ou une ouverture vers l'école.",
      cue: /\b(donc|c'est pourquoi|au final|finalement|en somme|voila pourquoi)\b/,
    },
  ],
};

/** The order the cues are tried in: the most telling first (a result says « j'ai appris », an action « j'ai »). */
const CUE_ORDER: Record<AnswerFormat, number[]> = { star: [3, 1, 0, 2], pitch: [2, 0, 1], argument: [3, 2, 1, 0] };

export function questionBank(): BankQuestion[] {
  return banksOfType("interview-questions").flatMap((bank) => bank.questions);
}

function plain(text: string): string {
  return foldAccents(text).replace(/[’‘]/g, "'").toLowerCase();
}

/** The notes cut into sentences, as written (lines first, then sentence ends). */
export function noteSentences(notes: string): string[] {
  return notes
    .split(/\n+/)
    .map((line) => line.replace(/^\s*[-•*]\s*/, "").trim())
    .filter(Boolean)
    .flatMap((line) => line.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [])
    .map((sentence) => sentence.replace(/\s+/g, " ").trim())
    .filter((sentence) => sentence.length > 1);
}

/** Each sentence into the part its cue names; a sentence without a cue follows the one before it. */
export function sortSentences(format: AnswerFormat, sentences: readonly string[]): string[][] {
  const rules = PARTS[format];
  const parts = rules.map(() => [] as string[]);
  let current = 0;
  for (const sentence of sentences) {
    const text = plain(sentence);
    const matched = CUE_ORDER[format].find((index) => rules[index].cue?.test(text));
    if (matched !== undefined) current = matched;
    parts[current].push(sentence);
  }
  return parts;
}

const STOP_WORDS = new Set(
  "avec pour dans vous votre vos nous sont etes avez quel quelle quels quelles comment pourquoi cette ceux celle plus moins tres leur leurs elle elles ils mais dont quoi entre sans sous vers chez".split(
    " ",
  ),
);

function significantWords(text: string): Set<string> {
  return new Set(
    plain(text)
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 4 && !STOP_WORDS.has(word)),
  );
}

/** The bank question closest to a typed one (two significant words in common at least). */
export function closestQuestion(question: string): BankQuestion | undefined {
  const words = significantWords(question);
  let best: { question: BankQuestion; shared: number } | undefined;
  for (const candidate of questionBank()) {
    const shared = [...significantWords(candidate.question)].filter((word) => words.has(word)).length;
    if (shared >= 2 && (!best || shared > best.shared)) best = { question: candidate, shared };
  }
  return best?.question;
}

export const ANSWER_QUESTION_UNKNOWN =
  "Cette question n'est pas dans la banque\u00a0: choisissez-en une dans la liste ou écrivez la vôtre.";

/** The question asked and the bank question whose method applies; undefined for an unknown bank id. */
export function resolveQuestion(input: AnswerInput): { question: string; bank?: BankQuestion; closest: boolean } | undefined {
  if (input.questionId) {
    const bank = questionBank().find((item) => item.id === input.questionId);
    return bank && { question: bank.question, bank, closest: false };
  }
  const bank = closestQuestion(input.question);
  return { question: input.question, bank, closest: Boolean(bank) };
}

export function answerOffline(input: AnswerInput, resolved: NonNullable<ReturnType<typeof resolveQuestion>>): AnswerOutput {
  const format: AnswerFormat = input.format || resolved.bank?.format || "star";
  const sorted = sortSentences(format, noteSentences(input.notes));
  const parts = PARTS[format].map((rule, index) => ({ label: rule.label, hint: rule.hint, sentences: sorted[index].slice(0, 20) }));
  return {
    question: resolved.question,
    format,
    expects: resolved.closest ? undefined : resolved.bank?.expects,
    parts,
    draft: parts
      .map((part) => part.sentences.join(" "))
      .filter(Boolean)
      .join("\n\n"),
    method: resolved.bank?.method ?? [],
    pitfalls: resolved.bank?.pitfalls ?? [],
    sources: [],
  };
}

/**
 * What a model's draft may not do: bring a number, a year or a name that the student did not write.
 * Names are the capitalised words that do not open a sentence.
 */
export function introducesFacts(draft: string, allowed: string): boolean {
  const known = plain(allowed);
  const numbers = draft.match(/\d+(?:[.,]\d+)?/g) ?? [];
  const names = [...draft.matchAll(/(?<![.!?\n]\s*|^)(?<=\s)\p{Lu}[\p{L}'-]+/gu)].map((match) => match[0]);
  return [...numbers, ...names].some((token) => !known.includes(plain(token)));
}
