import temml from "temml";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * HTML of a generated text: the text escaped, each `$…$` formula rendered as MathML by Temml (as the
 * content pipeline does), line breaks kept. A formula Temml cannot read stays as its source text.
 */
export function formulaTextToHtml(text: string): string {
  return text
    .split(/(\$[^$\n]{1,400}\$)/g)
    .map((part) => {
      if (part.length > 2 && part.startsWith("$") && part.endsWith("$")) {
        try {
          // The text may be a student's: sizes and macro expansions are bounded (`\rule{100em}{100em}`…).
          return temml.renderToString(part.slice(1, -1), { throwOnError: true, maxSize: [10, 120], maxExpand: 100 });
        } catch {
          return escapeHtml(part);
        }
      }
      return escapeHtml(part).replace(/\n/g, "<br>");
    })
    .join("");
}
