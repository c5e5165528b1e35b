import { describe, expect, it } from "vitest";
import { answerInputSchema } from "./generators";
import { answerOffline, closestQuestion, introducesFacts, noteSentences, resolveQuestion, sortSentences } from "./answer.server";

const NOTES = `En 2023, j'ai rejoint l'association d'aide aux devoirs de mon lycée.
Mon rôle était de trouver des bénévoles pour la rentrée.
J'ai démarché les classes de terminale une par une et monté un planning partagé.
Au final, nous sommes passés de 6 à 15 bénévoles.
J'ai appris à convaincre sans forcer.`;

describe("interview answers, offline", () => {
  it("sorts the student's own sentences into the STAR parts, adding nothing", () => {
    const input = answerInputSchema.parse({ questionId: "", question: "Parlez-moi d'un engagement.", format: "star", notes: NOTES });
    const output = answerOffline(input, resolveQuestion(input)!);
    expect(output.parts.map((part) => [part.label, part.sentences])).toEqual([
      ["Situation", ["En 2023, j'ai rejoint l'association d'aide aux devoirs de mon lycée."]],
      ["Tâche", ["Mon rôle était de trouver des bénévoles pour la rentrée."]],
      ["Action", ["J'ai démarché les classes de terminale une par une et monté un planning partagé."]],
      ["Résultat", ["Au final, nous sommes passés de 6 à 15 bénévoles.", "J'ai appris à convaincre sans forcer."]],
    ]);
    const written = noteSentences(NOTES);
    for (const part of output.parts) for (const sentence of part.sentences) expect(written).toContain(sentence);
    expect(output.draft.replace(/\s+/g, " ")).toBe(written.join(" "));
  });

  it("leaves a part empty when the notes say nothing of it", () => {
    expect(sortSentences("pitch", ["Je veux travailler dans l'énergie.", "Plus tard, je rejoindrai un cabinet."])).toEqual([
      [],
      [],
      ["Je veux travailler dans l'énergie.", "Plus tard, je rejoindrai un cabinet."],
    ]);
  });

  it("takes the method of a bank question, or of the closest one for a typed question", () => {
    const bank = answerInputSchema.parse({ questionId: "presentez-vous", notes: NOTES });
    const output = answerOffline(bank, resolveQuestion(bank)!);
    expect(output).toMatchObject({ question: "Présentez-vous.", format: "pitch", expects: expect.stringContaining("synthétiser") });
    expect(output.method.length).toBeGreaterThan(1);
    expect(closestQuestion("Pourquoi avez-vous choisi une prépa ECG ?")?.id).toBe("pourquoi-la-prepa");
    expect(closestQuestion("Quel temps fait-il ?")).toBeUndefined();
    expect(resolveQuestion(answerInputSchema.parse({ questionId: "inconnue", notes: NOTES }))).toBeUndefined();
  });

  it("catches a draft that brings a number or a name the student did not write", () => {
    expect(introducesFacts("En 2023, j'ai aidé l'association. Nous étions 15 bénévoles.", NOTES)).toBe(false);
    expect(introducesFacts("En 2022, j'ai aidé l'association.", NOTES)).toBe(true);
    expect(introducesFacts("J'ai travaillé avec la Croix-Rouge.", NOTES)).toBe(true);
  });

  it("asks for a question and for real notes, in French", () => {
    const refused = answerInputSchema.safeParse({ questionId: "", question: "", notes: "trop court" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toContain(
      "Écrivez vos notes en quelques phrases (40 caractères au moins)\u00a0: le générateur n'utilise que ce que vous écrivez.",
    );
  });
});
