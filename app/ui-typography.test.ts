import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { typographyProblems } from "../content/pipeline/checks";

/** The interface text follows the same French typography as the content (CONTENT-STYLE). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Generated catalogue titles are the inventory's own, kept exactly.
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".generated.ts") ? [full] : [];
  });
}

const FRENCH = /[àâçéèêëîïôûùœÀÂÇÉÈÊÎÔ]|\b(le|la|les|des|du|vous|une|et|pour)\b/;

/** French text of a file: string literals and JSX text (template literals are code here). */
export function uiTexts(source: string): string[] {
  const literals = [...source.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map((match) => match[1]);
  const jsxText = [...source.matchAll(/>([^<>{}\n]*[A-Za-zÀ-ÿ][^<>{}\n]*)</g)].map((match) => match[1].replace(/&nbsp;/g, "\u00a0"));
  return [...literals, ...jsxText].filter((text) => FRENCH.test(text) && !/^[\w\s-]+$/.test(text.trim()));
}

describe("interface typography", () => {
  it("uses non-breaking spaces before : ; ! ? and inside « »", () => {
    // The application's text, and the French answers the Express layer gives (server/).
    const files = [...sourceFiles(path.resolve(import.meta.dirname)), ...sourceFiles(path.resolve(import.meta.dirname, "../server"))];
    const problems = files.flatMap((file) =>
      uiTexts(readFileSync(file, "utf8")).flatMap((text) =>
        typographyProblems(text, { apostrophes: false }).map((problem) => `${path.basename(file)}: « ${text} » — ${problem.message}`),
      ),
    );
    expect(problems).toEqual([]);
  });
});
