import { useEffect } from "react";

/** The per-tab flag saying this browser already merged its list into the user's deck (sessionStorage is cleared at sign-out). */
const mergedFlag = (userId: string) => `tremplin-review-merged:${userId}`;

/**
 * Merges this browser's « À revoir » list into the signed-in user's server deck, once per tab session and
 * user (mount it once, in the root layout). Renders nothing; a failed merge is retried at the next page load.
 */
export function ReviewDeckSync({ userId }: { userId: string | null }) {
  useEffect(() => {
    if (!userId) return;
    try {
      if (sessionStorage.getItem(mergedFlag(userId))) return;
    } catch {
      return; // Storage unavailable: there is no local list to merge.
    }
    let cancelled = false;
    import("./review-client")
      .then(({ mergeLocalReviews }) => mergeLocalReviews(userId, localStorage, () => !cancelled))
      .then((merged) => {
        if (merged) sessionStorage.setItem(mergedFlag(userId), "1");
      })
      .catch(() => {
        // Offline or signed out meanwhile: the flag stays unset, so the next page load tries again.
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);
  return null;
}
