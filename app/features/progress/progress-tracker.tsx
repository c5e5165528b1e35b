import { useEffect } from "react";
import { useLocation } from "react-router";
import { PAGE_FLAGS, normalizePagePath } from "~/catalog/page-flags";
import { hasPageFlag } from "~/catalog/site-pages";

/**
 * Tells the server which page a signed-in user rendered, one event-loop tick after it rendered
 * (platform-core §4). The server decides what it counts for; failures are logged only.
 */
export function ProgressTracker({ userId }: { userId: string | null }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!userId) return;
    if (!hasPageFlag(pathname, PAGE_FLAGS.tracked)) return;
    const tick = setTimeout(() => {
      fetch("/api/progress", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ path: normalizePagePath(pathname) }),
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
