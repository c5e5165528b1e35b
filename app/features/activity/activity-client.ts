import { toast } from "~/features/toast/toaster";
import { ACTIVITY_MESSAGES } from "./activity";
import type { ClientActivity, HistoryEntry } from "./activity";

/** Saves an activity of the signed-in user; a failure shows « Erreur / Impossible de sauvegarder l'activité ». */
export async function saveActivity(activity: ClientActivity, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher("/api/activity", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(activity),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return true;
  } catch {
    toast.error(ACTIVITY_MESSAGES.saveFailed.title, { description: ACTIVITY_MESSAGES.saveFailed.description });
    return false;
  }
}

/** The user's 100 newest activities; a failure shows « Erreur / Impossible de récupérer l'historique » and gives []. */
export async function fetchHistory(fetcher: typeof fetch = fetch): Promise<HistoryEntry[]> {
  try {
    const response = await fetcher("/api/activity", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return ((await response.json()) as { history: HistoryEntry[] }).history;
  } catch {
    toast.error(ACTIVITY_MESSAGES.readFailed.title, { description: ACTIVITY_MESSAGES.readFailed.description });
    return [];
  }
}
