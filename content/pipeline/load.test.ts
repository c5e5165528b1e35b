import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chapterFiles } from "../scaffold";
import { contentRoot, loadValidMeta } from "./load";

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
