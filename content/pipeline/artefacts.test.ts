import { mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ContentIndex, changedIndexEntries, compileContentStore } from "./artefacts";
import { contentFiles } from "./load";

const work = mkdtempSync(path.join(tmpdir(), "tremplin-artefacts-"));
const [cacheDir, outDir] = [path.join(work, "cache"), path.join(work, "out")];
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("compiled content artefacts", () => {
  it("compiles each file once, then only what changed", { timeout: 120_000 }, async () => {
    const files = (await contentFiles()).length;
    expect(await compileContentStore(outDir, cacheDir)).toEqual({ entries: files, compiled: files, reused: 0 });
    expect(await compileContentStore(outDir, cacheDir)).toEqual({ entries: files, compiled: 0, reused: files });
    // A file whose source changed has no artefact under its new key: the same as removing one.
    const compiledDir = path.join(cacheDir, "compiled");
    unlinkSync(path.join(compiledDir, readdirSync(compiledDir)[0]));
    expect(await compileContentStore(outDir, cacheDir)).toEqual({ entries: files, compiled: 1, reused: files - 1 });
  });

  it("writes a small index and one artefact per entry", () => {
    const index = JSON.parse(readFileSync(path.join(outDir, "index.json"), "utf8")) as ContentIndex;
    const course = index.entries.find((entry) => entry.id === "chapitres-libres-suites-cours");
    expect(course).toMatchObject({ kind: "course", path: "/chapitres-libres/suites-cours", track: expect.any(String), hasMath: true });
    expect(index.entries.find((entry) => entry.id === "apropos")).toMatchObject({ kind: "page", hasMath: false });
    expect(readdirSync(path.join(outDir, "entries")).sort()).toEqual(index.entries.map((entry) => `${entry.id}.json`).sort());
    // The index carries no compiled body: it stays small whatever the size of the chapters.
    expect(readFileSync(path.join(outDir, "index.json"), "utf8").length).toBeLessThan(index.entries.length * 1024);
  });

  it("tells a body-only edit (build:content may ship it) from an index change (npm run build)", () => {
    const { entries } = JSON.parse(readFileSync(path.join(outDir, "index.json"), "utf8")) as ContentIndex;
    expect(changedIndexEntries(structuredClone(entries), entries)).toEqual([]);
    const retitled = structuredClone(entries);
    retitled[1].title = "Un autre titre";
    expect(changedIndexEntries(retitled, entries)).toEqual([entries[1].id]);
    expect(changedIndexEntries(entries.slice(1), entries)).toEqual([entries[0].id]);
    expect(changedIndexEntries(entries, entries.slice(1))).toEqual([entries[0].id]);
  });
});
