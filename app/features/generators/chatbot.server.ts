import type { Permission } from "../access/policy";
import { type RetrievedPassage, retrieve } from "./corpus.server";
import type { ChatbotInput, ChatbotOutput, Source } from "./generators";

/**
 * The prépa chatbot, offline: the passages of the site that best match the question, quoted with their
 * page and section. A passage counts as relevant when it holds at least half of the question's words
 * (two at least when the question has several); otherwise the answer says nothing was found.
 */
export const CHATBOT_TEXT = {
  found: "Voici ce que disent les pages de Tremplin sur votre question. Chaque extrait renvoie à la section d'où il vient.",
  notFound:
    "Je n'ai trouvé aucune page de Tremplin qui réponde à cette question. Reformulez-la avec les mots du cours (par exemple « suites adjacentes », « boucle for », « entretien de personnalité »), ou cherchez dans le catalogue des formations.",
} as const;

const MAX_QUOTES = 3;

export function isRelevant(passage: Pick<RetrievedPassage, "matched" | "terms">): boolean {
  if (passage.terms === 0) return false;
  return passage.matched >= Math.max(Math.min(2, passage.terms), Math.ceil(passage.terms / 2));
}

export function sourcesOf(passages: readonly Pick<RetrievedPassage, "pageTitle" | "url">[]): Source[] {
  const seen = new Map<string, Source>();
  for (const passage of passages) {
    const page = passage.url.split("#")[0];
    if (!seen.has(page)) seen.set(page, { title: passage.pageTitle, url: page });
  }
  return [...seen.values()];
}

/** The passages the chatbot draws on (both engines): relevant ones, at most two per page. */
export async function chatbotPassages(input: ChatbotInput, permissions: readonly Permission[]): Promise<RetrievedPassage[]> {
  const candidates = (await retrieve(input.question, { permissions, limit: 12 })).filter(isRelevant);
  const perPage = new Map<string, number>();
  return candidates.filter((passage) => {
    const page = passage.url.split("#")[0];
    perPage.set(page, (perPage.get(page) ?? 0) + 1);
    return perPage.get(page)! <= 2;
  });
}

export function chatbotOffline(passages: readonly RetrievedPassage[]): ChatbotOutput {
  const quoted = passages.slice(0, MAX_QUOTES);
  if (!quoted.length) return { found: false, answer: CHATBOT_TEXT.notFound, quotes: [], sources: [] };
  return {
    found: true,
    answer: CHATBOT_TEXT.found,
    quotes: quoted.map((passage) => ({
      text: passage.excerpt || passage.body.slice(0, 600),
      title: passage.heading === passage.pageTitle ? passage.pageTitle : `${passage.pageTitle} — ${passage.heading}`,
      url: passage.url,
    })),
    sources: sourcesOf(quoted),
  };
}
