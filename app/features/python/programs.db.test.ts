import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { exportUserData } from "../accounts/account.server";
import { isKnownProgram, readPrograms, readSetPrograms, saveProgram } from "./programs.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe("the students' Python programs on the server", () => {
  it("keeps the last program of each exercise, for its author only, and exports it", async () => {
    const alice = await registerStudent("Alice");
    const bob = await registerStudent("Bob");
    await saveProgram(alice.id, "python-fondamentaux-exercices/factorielle", "print(1)", new Date("2026-11-24T10:00:00Z"));
    await saveProgram(alice.id, "python-fondamentaux-exercices/factorielle", "print(2)", new Date("2026-11-24T10:05:00Z"));
    await saveProgram(alice.id, "bac-a-sable", "import numpy as np");
    expect(await readPrograms(alice.id, ["python-fondamentaux-exercices/factorielle"])).toEqual({
      "python-fondamentaux-exercices/factorielle": { code: "print(2)", at: Date.parse("2026-11-24T10:05:00Z") },
    });
    expect(
      await readSetPrograms(alice.id, {
        id: "python-fondamentaux-exercices",
        exercises: [{ id: "factorielle", runner: {} }, { id: "autre" }],
      }),
    ).toEqual({ factorielle: { code: "print(2)", at: Date.parse("2026-11-24T10:05:00Z") } });
    expect(await readPrograms(bob.id, ["python-fondamentaux-exercices/factorielle", "bac-a-sable"])).toEqual({});
    expect((await exportUserData(alice.id)).pythonPrograms.map((row) => row.programId)).toEqual([
      "bac-a-sable",
      "python-fondamentaux-exercices/factorielle",
    ]);
  });

  it("knows only the runnable exercises of the content and the sandbox", () => {
    expect(isKnownProgram("bac-a-sable")).toBe(true);
    expect(isKnownProgram("python-fondamentaux-exercices/factorielle")).toBe(true);
    expect(isKnownProgram("python-fondamentaux-exercices/inconnu")).toBe(false);
    expect(isKnownProgram("chapitres-libres-suites-exercices/limite-quotient")).toBe(false);
    expect(isKnownProgram("python-fondamentaux-exercices/factorielle/x")).toBe(false);
    expect(isKnownProgram("../../etc")).toBe(false);
  });
});
