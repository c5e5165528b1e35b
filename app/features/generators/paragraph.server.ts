import type { RetrievedPassage } from "./corpus.server";
import { sourcesOf } from "./chatbot.server";
import type { ParagraphInput, ParagraphOutput } from "./generators";

/**
 * The argued-paragraph generator, offline: the student's idea, argument and example put in the order of
 * the method (idée, argument, exemple, analyse), joined by connectors, with the method's checklist and
 * passages of the site that may support it. The words are the student's: only connectors are added.
 */
const YEAR = /\b(1[0-9]{3}|20[0-9]{2})\b/;
const NUMBER = /\d/;
/** A capitalised word that does not open the text: a name, a place, an institution. */
const PROPER_NOUN = /\s\p{Lu}[\p{L}'’-]+/u;
/** First words that stay lowercase after a connector (not names). */
const COMMON_START =
  /^(le|la|les|l['’]|un|une|des|du|de|d['’]|ce|cet|cette|ces|en|dans|au|aux|à|on|il|elle|ils|elles|depuis|lors|pendant|si|quand|lorsque|selon|plus|moins|tout|toute|tous|toutes)\b/i;
const CONNECTOR_START = /^(en effet|car|ainsi|par exemple|de fait|c['’]est|ainsi,|de plus|d['’]abord|notamment)\b/i;

function withoutFinalStop(text: string): string {
  return text.trim().replace(/[\s.;:!?…]+$/u, "");
}

function asSentence(text: string): string {
  const trimmed = withoutFinalStop(text);
  return `${trimmed.charAt(0).toLocaleUpperCase("fr")}${trimmed.slice(1)}.`;
}

/** The text after a connector: lowercase first letter when it is a common word, kept otherwise (a name). */
function continued(text: string): string {
  const trimmed = withoutFinalStop(text);
  return COMMON_START.test(trimmed) ? `${trimmed.charAt(0).toLocaleLowerCase("fr")}${trimmed.slice(1)}` : trimmed;
}

/** « que » elided before a vowel. */
function that(clause: string): string {
  return /^[aeiouyàâéèêëîïôûù]/i.test(clause) ? `qu'${clause}` : `que ${clause}`;
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function paragraphParts(input: ParagraphInput): ParagraphOutput["parts"] {
  const parts: ParagraphOutput["parts"] = [{ label: "Idée directrice", text: asSentence(input.idea) }];
  if (input.argument)
    parts.push({
      label: "Argument",
      text: CONNECTOR_START.test(input.argument) ? asSentence(input.argument) : `En effet, ${continued(input.argument)}.`,
    });
  parts.push({
    label: "Exemple",
    text: CONNECTOR_START.test(input.example) ? asSentence(input.example) : `Par exemple, ${continued(input.example)}.`,
  });
  parts.push({ label: "Analyse", text: `Cet exemple montre ainsi ${that(continued(input.idea))}.` });
  return parts;
}

export function paragraphChecklist(input: ParagraphInput, paragraph: string): ParagraphOutput["checklist"] {
  const ideaWords = words(input.idea);
  const length = words(paragraph);
  const everything = `${input.idea} ${input.argument} ${input.example}`;
  return [
    {
      label: "Une idée directrice en une phrase",
      ok: ideaWords >= 5 && ideaWords <= 40 && !/^par exemple/i.test(input.idea.trim()),
      advice: "L'idée ouvre le paragraphe et répond à une partie de la problématique, en une phrase affirmative de 5 à 40 mots.",
    },
    {
      label: "Un argument qui explique pourquoi",
      ok: words(input.argument) >= 6,
      advice: "Entre l'idée et l'exemple, dites pourquoi l'idée est vraie\u00a0: un mécanisme, une cause, une définition.",
    },
    {
      label: "Un exemple précis",
      ok: YEAR.test(input.example) || NUMBER.test(input.example) || PROPER_NOUN.test(` ${input.example.trim().slice(1)}`),
      advice: "Un exemple se vérifie\u00a0: une date, un lieu, un acteur, un chiffre avec son année et sa source.",
    },
    {
      label: "Une analyse qui relie l'exemple à l'idée",
      ok: true,
      advice: "La phrase d'analyse reprend votre idée\u00a0: développez-la en montrant en quoi l'exemple la prouve, ou où il s'arrête.",
    },
    {
      label: "Pas de « je » dans une dissertation",
      ok: !/(^|\s)(je|j['’])/i.test(everything),
      advice: "À l'écrit, l'argumentation reste impersonnelle\u00a0: « on peut montrer que », « il apparaît que ».",
    },
    {
      label: "Une longueur de paragraphe",
      ok: length >= 80 && length <= 220,
      advice: `Un paragraphe de dissertation compte d'ordinaire 80 à 220 mots\u00a0; celui-ci en compte ${length}.`,
    },
    {
      label: "Une transition vers l'idée suivante",
      ok: false,
      advice: "À écrire vous-même\u00a0: une phrase qui tire le bilan du paragraphe et annonce le suivant.",
    },
  ];
}

export function paragraphOffline(input: ParagraphInput, passages: readonly RetrievedPassage[]): ParagraphOutput {
  const parts = paragraphParts(input);
  const paragraph = parts.map((part) => part.text).join(" ");
  const related = passages.slice(0, 3).map((passage) => ({
    title: passage.heading === passage.pageTitle ? passage.pageTitle : `${passage.pageTitle} — ${passage.heading}`,
    url: passage.url,
    excerpt: passage.excerpt || passage.body.slice(0, 600),
  }));
  return { paragraph, parts, checklist: paragraphChecklist(input, paragraph), related, sources: sourcesOf(passages.slice(0, 3)) };
}
