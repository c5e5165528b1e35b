import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chapterFiles } from "../scaffold";
import { contentRoot, loadContentFile, loadValidMeta } from "./load";
import { validateContent } from "./validate";

const folder = await mkdtemp(path.join(tmpdir(), "tremplin-load-"));
afterAll(() => rm(folder, { recursive: true, force: true }));

describe("loadValidMeta", () => {
  it("keeps the pages of valid files when a draft beside them is not valid yet", async () => {
    // A chapter just scaffolded by content:new: its descriptions are empty, which the schema refuses.
    const draft = path.join(folder, "maths-brouillon.md");
    await writeFile(draft, chapterFiles({ id: "maths-brouillon", title: "Maths – Brouillon", section: "maths", track: "maths-approfondies-1", order: 40 })["courses/maths-brouillon.md"]);
    const finished = path.join(contentRoot, "courses", "maths-series-numeriques.md");

    const loaded = await loadValidMeta([
      { kind: "course", file: draft },
      { kind: "course", file: finished },
    ]);

    expect(loaded.map(({ source }) => source.meta.path)).toEqual(["/formation/maths-series-numeriques"]);
  });
});

describe("a page's checks", () => {
  it("run with content:check, and a wrong result fails it", async () => {
    const page = path.join(folder, "sujet-essai.md");
    const frontMatter = [
      "---",
      "id: sujet-essai",
      "path: /formation/sujet-essai",
      "title: Sujet d’essai",
      "description: Un sujet d’essai dont le corrigé affirme un résultat faux, pour vérifier que son check échoue.",
      "checks: |",
      "  from math import comb",
      "  assert comb(5, 2) == 11",
      "---",
      "Le corrigé annonce $\\binom{5}{2} = 11$.",
      "",
    ];
    await writeFile(page, frontMatter.join("\n"));

    const loaded = await loadContentFile("page", page);
    const report = validateContent([loaded], { knownPaths: new Set(), python: true });

    expect(loaded.source.checks).toEqual([{ where: "checks", code: "from math import comb\nassert comb(5, 2) == 11" }]);
    expect(report.problems).toEqual([expect.stringMatching(/sujet-essai\.md \(checks, check\): erreur à l'exécution[\s\S]*AssertionError/)]);
  });
});
