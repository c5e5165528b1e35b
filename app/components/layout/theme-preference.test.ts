import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../tests/support/memory-storage";
import { setPreferences } from "~/features/learning/local-data";
import { storageKey } from "~/features/learning/local-data-keys";
import { resolveDarkMode, themeBootScriptFor } from "./theme-preference";

/** Runs the inline boot script against a fake page; returns whether it set the dark class. */
function runBootScript(userId: string | null, storage: Storage, systemDark: boolean): boolean {
  const classes = new Set<string>();
  const document = {
    documentElement: { classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) } },
  };
  const window = { matchMedia: () => ({ matches: systemDark }) };
  new Function("localStorage", "document", "window", themeBootScriptFor(userId))(storage, document, window);
  return classes.has("dark");
}

/** Each case: what is stored, the system preference, and the expected theme for a visitor and for user u1. */
const cases: { name: string; setup: (storage: Storage) => void; system: boolean; guest: boolean; user: boolean }[] = [
  { name: "nothing chosen follows the system (dark)", setup: () => {}, system: true, guest: true, user: true },
  { name: "nothing chosen follows the system (light)", setup: () => {}, system: false, guest: false, user: false },
  {
    name: "the spec's default darkMode false alone is not a choice",
    setup: (s) => s.setItem(storageKey(null), JSON.stringify({ preferences: { darkMode: false } })),
    system: true,
    guest: true,
    user: true,
  },
  {
    name: "the guest's choice applies to the user until the user chooses",
    setup: (s) => void setPreferences(null, { darkMode: true }, s),
    system: false,
    guest: true,
    user: true,
  },
  {
    name: "the user's choice wins for the user only",
    setup: (s) => {
      setPreferences(null, { darkMode: true }, s);
      setPreferences("u1", { darkMode: false }, s);
    },
    system: true,
    guest: true,
    user: false,
  },
  {
    name: "a corrupt entry falls back to the system",
    setup: (s) => s.setItem(storageKey("u1"), "{oops"),
    system: true,
    guest: true,
    user: true,
  },
];

describe("theme preference", () => {
  it.each(cases)("$name (boot script and client agree)", ({ setup, system, guest, user }) => {
    for (const [userId, expected] of [
      [null, guest],
      ["u1", user],
    ] as const) {
      const forScript = new MemoryStorage();
      setup(forScript);
      expect(runBootScript(userId, forScript, system)).toBe(expected);

      const forClient = new MemoryStorage();
      setup(forClient);
      expect(resolveDarkMode(userId, forClient, system)).toBe(expected);
    }
  });

  it("embeds the user id safely", () => {
    expect(themeBootScriptFor("</script><script>alert(1)</script>")).not.toContain("</script>");
    expect(themeBootScriptFor(null)).toContain("})(null);");
  });
});
