import { data } from "react-router";
import { activityInputSchema } from "~/features/activity/activity-schema";
import { readHistory, saveActivity } from "~/features/activity/history.server";
import { getCurrentSession } from "~/features/accounts/session.server";
import type { Route } from "./+types/api.activity";
import { readJson } from "~/features/http/request-body.server";
import { orUnavailable } from "~/features/http/unavailable.server";

const noStore = { "Cache-Control": "no-store" };
/** platform-core §8: « Fetching history fails ». */
const HISTORY_READ_ERROR = "Impossible de récupérer l'historique";

/** GET: the signed-in user's 100 newest activities. Only ever this user's rows. */
export async function loader({ request }: Route.LoaderArgs) {
  return orUnavailable(
    "Reading the history",
    async () => {
      const session = await getCurrentSession(request);
      if (!session) return data({ error: "Connexion requise." }, { status: 401, headers: noStore });
      const rows = await readHistory(session.user.id);
      return data({ history: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) }, { headers: noStore });
    },
    HISTORY_READ_ERROR,
  );
}

/** POST: records one activity for the signed-in user (the user id comes from the session, never from the body). */
export async function action({ request }: Route.ActionArgs) {
  return orUnavailable("Saving an activity", async () => {
    const session = await getCurrentSession(request);
    if (!session) return data({ error: "Connexion requise." }, { status: 401 });
    const parsed = activityInputSchema.safeParse(await readJson(request));
    if (!parsed.success) return data({ error: "Activité invalide." }, { status: 400 });
    const row = await saveActivity(session.user.id, parsed.data);
    return data({ id: row.id }, { status: 201 });
  });
}
