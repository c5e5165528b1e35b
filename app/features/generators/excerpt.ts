/** Quotations from the generators' corpus (corpus.server.ts retrieve), kept whole. */
const FRAGMENT_DELIMITER = " … ";
/** How far a fragment may grow to reach the start or the end of its sentence. */
const SENTENCE_REACH = 160;

/**
 * ts_headline cuts fragments on word counts: in the middle of a sentence, or of a `$…$` formula (whose
 * LaTeX it reads as words). Each fragment is widened, within the passage, to whole formulas and, when
 * they are near, to whole sentences; a fragment not found as it is in the passage is left out.
 */
export function wholeExcerpt(body: string, excerpt: string): string {
  const formulas = [...body.matchAll(/\$[^$]+\$/g)].map((match) => [match.index, match.index + match[0].length] as const);
  const fragments = excerpt.split(FRAGMENT_DELIMITER).flatMap((fragment) => {
    const trimmed = fragment.trim();
    let start = trimmed ? body.indexOf(trimmed) : -1;
    if (start < 0) return [];
    let end = start + trimmed.length;
    for (const [from, to] of formulas) {
      if (from < start && start < to) start = from;
      if (from < end && end < to) end = to;
    }
    const before = body.slice(Math.max(0, start - SENTENCE_REACH), start);
    const sentenceStart = Math.max(before.lastIndexOf(". "), before.lastIndexOf("\n"), before.lastIndexOf(" : "));
    if (start > 0 && sentenceStart >= 0) start = start - before.length + sentenceStart + (before[sentenceStart] === "\n" ? 1 : 2);
    const after = body.slice(end, end + SENTENCE_REACH).search(/[.!?](\s|$)|\n/);
    if (after >= 0) end += after + 1;
    return [body.slice(start, end).trim()];
  });
  return fragments.join(FRAGMENT_DELIMITER);
}
