import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { useTestDatabase } from "../../../tests/support/accounts";
import { findCatalogEntry } from "~/catalog/catalog";
import { retrieve, syncCorpus, withoutQuestionWords } from "./corpus.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(() => handle.close());

const PUBLIC = ["read:content:public"] as const;
const EVERYTHING = ["read:content:public", "read:content:python", "read:content:maths"] as const;

describe("the generators' corpus", () => {
  it("holds the published pages, re-reads only what changed, and finds words without their accents", async () => {
    const first = await syncCorpus();
    expect(first.updated).toBeGreaterThan(30);
    expect(await syncCorpus()).toEqual({ updated: 0, removed: 0 });
    const result = (await handle.db.execute(sql`select count(*)::int as count from corpus_passages`)) as unknown as {
      rows: { count: number }[];
    };
    const [{ count }] = result.rows;
    expect(count).toBeGreaterThan(200);

    // Unaccented words find accented passages; the probability chapters have a limite monotone theorem too.
    const found = await retrieve("theoreme de la limite monotone suite croissante majoree", { permissions: EVERYTHING });
    expect(found[0].url).toMatch(
      /^\/(chapitres-libres\/suites-|formation\/maths-suites-numeriques|formation\/math\/terminale-vers-prepa\/suites-)/,
    );
    expect(`${found[0].heading} ${found[0].excerpt}`).toMatch(/monoton/i);
    for (const passage of found) expect(findCatalogEntry(passage.url.split("#")[0])).toBeDefined();
  });

  it("leaves French question words out of the words a passage must match", () => {
    expect(withoutQuestionWords("Quelle est la capitale du Kazakhstan ?").trim()).toBe("est la capitale du Kazakhstan ?");
    expect(withoutQuestionWords("Comment et pourquoi les quels ; combien, quand").replace(/\s+/g, " ").trim()).toBe("et les ; ,");
    expect(withoutQuestionWords("Les querelles et les quelques commentaires")).toBe("Les querelles et les quelques commentaires");
  });

  it("never returns a passage the viewer may not read", async () => {
    const asVisitor = await retrieve("boucle for range liste Python", { permissions: PUBLIC, limit: 20 });
    const asMember = await retrieve("boucle for range liste Python", { permissions: EVERYTHING, limit: 20 });
    expect(asMember.some((passage) => passage.url.startsWith("/formation/python"))).toBe(true);
    for (const passage of asVisitor) {
      const entry = findCatalogEntry(passage.url.split("#")[0])!;
      expect(entry.section, passage.url).toBeUndefined();
      expect(entry.protected, passage.url).toBeFalsy();
    }
  });

  it("keeps formulas as LaTeX in the passages", async () => {
    const [passage] = await retrieve("suite récurrente u_{n+1} = f(u_n) point fixe", { permissions: EVERYTHING });
    expect(passage.body).toMatch(/\$[^$]*u_\{n \+ 1\}[^$]*\$/);
  });
});
