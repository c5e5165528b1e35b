import { parse as parseYaml } from "yaml";
import { type Bank, bankSchema } from "../../../content/banks/schema";

/**
 * The item banks (content/banks/*.yaml), bundled with the server as text and parsed on first use. They
 * are validated by `npm run content:check`; a bank that fails here is a build that skipped it.
 */
const sources = import.meta.glob<string>("../../../content/banks/*.yaml", { query: "?raw", import: "default", eager: true });

let loaded: Map<string, Bank> | undefined;

function banks(): Map<string, Bank> {
  loaded ??= new Map(
    Object.values(sources).map((text) => {
      const bank = bankSchema.parse(parseYaml(text));
      return [bank.id, bank];
    }),
  );
  return loaded;
}

export function getBank<T extends Bank["type"]>(type: T, id: string): Extract<Bank, { type: T }> | undefined {
  const bank = banks().get(id);
  return bank?.type === type ? (bank as Extract<Bank, { type: T }>) : undefined;
}

export function banksOfType<T extends Bank["type"]>(type: T): Extract<Bank, { type: T }>[] {
  return [...banks().values()].filter((bank): bank is Extract<Bank, { type: T }> => bank.type === type);
}
