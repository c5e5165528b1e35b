import { formulaTextToHtml } from "./formula-text.server";
import type { ChatbotOutput, FlashcardsOutput } from "./generators";

/**
 * Results as the pages show them: the texts with `$…$` formulas rendered as MathML on the server (the
 * browser gets HTML it only inserts), and the plain text the copy buttons put on the clipboard.
 */
export function presentChatbot(output: ChatbotOutput) {
  const quotes = output.quotes.map((quote) => ({ ...quote, html: formulaTextToHtml(quote.text) }));
  const plainText = [output.answer, ...output.quotes.map((quote) => `« ${quote.text} » (${quote.title}, ${quote.url})`)].join("\n\n");
  return { ...output, quotes, plainText };
}

export function presentCards(output: FlashcardsOutput) {
  return {
    ...output,
    cards: output.cards.map((card) => ({ ...card, frontHtml: formulaTextToHtml(card.front), backHtml: formulaTextToHtml(card.back) })),
  };
}
