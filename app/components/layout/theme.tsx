import { Moon, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { LOCAL_DATA_EVENT } from "~/features/learning/local-data-keys";
import type { loader as rootLoader } from "~/root";
import { resolveDarkMode } from "./theme-preference";

export { themeBootScriptFor } from "./theme-preference";

/**
 * The header's theme toggle. The theme is preferences.darkMode of the current user's local data (the
 * guest key for visitors), used only once chosen here; until then the system preference applies and
 * is followed live.
 */
export function ThemeToggle() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const userId = rootData?.sessionState.userId ?? null;
  const [dark, setDark] = useState<boolean | null>(null);

  useEffect(() => {
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const apply = () => {
      let next = media.matches;
      try {
        next = resolveDarkMode(userId, localStorage, media.matches);
      } catch {
        // Storage unavailable: the system preference.
      }
      document.documentElement.classList.toggle("dark", next);
      setDark(next);
    };
    // Also re-applied when the session changes without a reload (sign-in, sign-out) and when preferences change.
    apply();
    media.addEventListener("change", apply);
    window.addEventListener(LOCAL_DATA_EVENT, apply);
    window.addEventListener("storage", apply);
    return () => {
      media.removeEventListener("change", apply);
      window.removeEventListener(LOCAL_DATA_EVENT, apply);
      window.removeEventListener("storage", apply);
    };
  }, [userId]);

  const toggle = () => {
    const next = !document.documentElement.classList.contains("dark");
    document.documentElement.classList.toggle("dark", next);
    setDark(next);
    // The study-data model loads on demand: the theme of every page needs only to read the choice.
    import("~/features/learning/local-data")
      .then(({ setPreferences }) => setPreferences(userId, { darkMode: next }))
      .catch(() => {
        // Storage unavailable: the choice lasts for this page.
      });
  };
  const label = dark ? "Activer le thème clair" : "Activer le thème sombre";
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-muted"
    >
      {dark ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
    </button>
  );
}
