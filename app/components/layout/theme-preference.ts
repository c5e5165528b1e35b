import { LOCAL_USER_KEY_PREFIX } from "~/features/accounts/local-state";
import { isRecord, readStoredEntry, storageKey } from "~/features/learning/local-data-keys";

/** preferences.darkMode of a stored entry when the user chose it (themeChosen), else null. */
function chosenDarkMode(userId: string | null, storage: Storage): boolean | null {
  const { preferences } = readStoredEntry(storageKey(userId), storage);
  if (!isRecord(preferences) || preferences.themeChosen !== true || typeof preferences.darkMode !== "boolean") return null;
  return preferences.darkMode;
}

/**
 * Which theme applies: the user's explicit choice, else the guest's (a choice made before signing in
 * still applies until the user chooses), else the system preference. preferences.darkMode counts only
 * with preferences.themeChosen (see Preferences in local-data.ts).
 */
export function resolveDarkMode(userId: string | null, storage: Storage, systemDark: boolean): boolean {
  for (const key of userId ? [userId, null] : [null]) {
    const chosen = chosenDarkMode(key, storage);
    if (chosen !== null) return chosen;
  }
  return systemDark;
}

/**
 * The inline script that sets the theme before first paint (run with the CSP nonce). It does what
 * resolveDarkMode does, without any import: keep the two in step (the unit test runs this script
 * against the same cases).
 */
export function themeBootScriptFor(userId: string | null): string {
  // JSON is valid JavaScript; "<" is escaped so the value can never close the <script> element.
  const user = JSON.stringify(userId).replace(/</g, "\\u003c");
  const prefix = JSON.stringify(LOCAL_USER_KEY_PREFIX);
  return (
    `(function(u){try{var s=localStorage,P=${prefix},G=P+"guest";` +
    `function r(k){try{var d=JSON.parse(s.getItem(k)||"{}");return d&&typeof d==="object"&&!Array.isArray(d)?d:{}}catch(e){return {}}}` +
    `function c(d){var p=d.preferences;return p&&typeof p==="object"&&p.themeChosen===true&&typeof p.darkMode==="boolean"?p.darkMode:null}` +
    `var d=u?c(r(P+u)):null;if(d===null)d=c(r(G));if(d===null)d=window.matchMedia("(prefers-color-scheme: dark)").matches;` +
    `document.documentElement.classList.toggle("dark",d)}catch(e){}})(${user});`
  );
}
