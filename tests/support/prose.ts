/**
 * A run of plain prose from compiled HTML (letters, digits, ordinary spaces; no maths, code or
 * entities), long enough to be unique, to look for in a bundle or a page.
 */
export function proseSentinel(html: string): string | undefined {
  // Text nodes only: formulas and code are cut into short nodes and never form such a run.
  for (const text of html.split(/<[^>]+>/)) {
    const run = /[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9 ,.()-]{29,}/.exec(text)?.[0];
    if (run && run.split(" ").length >= 5) return run.slice(0, 30);
  }
  return undefined;
}
