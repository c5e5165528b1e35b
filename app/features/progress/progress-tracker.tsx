import { useEffect } from "react";
import { useLocation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { isTrackedPage } from "./progress";

/**
 * Tells the server which page a signed-in user rendered, one event-loop tick after it rendered
 * (platform-core §4). The server decides what it counts for; failures are logged only.
 */
export function ProgressTracker({ userId }: { userId: string | null }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!userId) return;
    const entry = findCatalogEntry(pathname);
    if (!isTrackedPage(entry)) return;
    const tick = setTimeout(() => {
      fetch("/api/progress", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ path: entry.path }),
      })
        .then((response) => {
          if (!response.ok && response.status !== 403) console.error(`Progress tracking answered ${response.status}.`);
        })
        .catch((error) => console.error("Progress tracking failed.", error));
    }, 0);
    return () => clearTimeout(tick);
  }, [userId, pathname]);
  return null;
}
