import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { placeholderProblems, typographyProblems } from "../pipeline/checks.ts";
import { type Bank, bankSchema } from "./schema.ts";

/** The folder of the item banks, beside this file. */
export const BANKS_DIR = import.meta.dirname;

/** The French fields of a bank, where French typography applies (the other fields are in the language taught). */
function frenchFields(bank: Bank): { where: string; text: string }[] {
  switch (bank.type) {
    case "theme-drills":
      return bank.items.flatMap((item) => [
        { where: `${item.id}, point`, text: item.point },
        { where: `${item.id}, french`, text: item.french },
        { where: `${item.id}, explanation`, text: item.explanation },
      ]);
    case "interview-questions":
      return bank.questions.flatMap((question) =>
        [question.question, question.expects, ...question.method, ...question.pitfalls].map((text) => ({ where: question.id, text })),
      );
    case "connectors":
      return bank.groups.flatMap((group) => [
        { where: group.id, text: group.function },
        ...group.items.flatMap((item) => [item.translation, item.note ?? ""].map((text) => ({ where: `${group.id}, ${item.term}`, text }))),
      ]);
    case "writing-methods":
      return bank.exercises.flatMap((exercise) => [
        ...[exercise.title, ...exercise.formats].map((text) => ({ where: exercise.id, text })),
        ...exercise.steps.flatMap((step) => [step.heading, ...step.advice].map((text) => ({ where: `${exercise.id}, ${step.id}`, text }))),
      ]);
  }
}

/** The site paths a bank links to. */
function linkedPaths(bank: Bank): string[] {
  return bank.type === "theme-drills" ? bank.items.flatMap((item) => (item.page ? [item.page] : [])) : [];
}

/**
 * Reads and checks every bank of `dir`: schema, file name equal to the id, typography and placeholders
 * of the French fields, links to pages of the catalogue. Returns the problems, one line each.
 */
export async function checkBanks(knownPaths: ReadonlySet<string>, dir = BANKS_DIR): Promise<{ count: number; problems: string[] }> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(".yaml")).sort();
  const problems: string[] = [];
  const loaded: Bank[] = [];
  for (const name of files) {
    const where = `banks/${name}`;
    let data: unknown;
    try {
      data = parseYaml(await readFile(path.join(dir, name), "utf8"));
    } catch (error) {
      problems.push(`${where}: YAML invalide — ${(error as Error).message.split("\n")[0]}`);
      continue;
    }
    const parsed = bankSchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${where}: ${issue.path.join(".")} ${issue.message}`);
      continue;
    }
    const bank = parsed.data;
    loaded.push(bank);
    if (`${bank.id}.yaml` !== name) problems.push(`${where}: le nom du fichier doit être ${bank.id}.yaml`);
    for (const field of frenchFields(bank)) {
      for (const problem of [...typographyProblems(field.text), ...placeholderProblems(field.text)]) problems.push(`${where} (${field.where}): ${problem.message}`);
    }
    for (const link of linkedPaths(bank)) if (!knownPaths.has(link)) problems.push(`${where}: lien vers une page inexistante : ${link}`);
  }
  problems.push(...connectorGroupProblems(loaded));
  return { count: files.length, problems };
}

/** A writing method names connector groups: every language's connector bank must have each of them. */
function connectorGroupProblems(banks: readonly Bank[]): string[] {
  const connectorBanks = banks.filter((bank) => bank.type === "connectors");
  return banks.flatMap((bank) =>
    bank.type !== "writing-methods"
      ? []
      : bank.exercises.flatMap((exercise) =>
          exercise.steps.flatMap((step) =>
            step.connectors.flatMap((group) =>
              connectorBanks
                .filter((connectors) => !connectors.groups.some((candidate) => candidate.id === group))
                .map((connectors) => `banks/${bank.id}.yaml (${exercise.id}, ${step.id}): groupe de connecteurs absent de ${connectors.id} : ${group}`),
            ),
          ),
        ),
  );
}
