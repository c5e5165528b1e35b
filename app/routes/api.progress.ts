import { data } from "react-router";
import { z } from "zod";
import { getCurrentSession } from "~/features/accounts/session.server";
import { PROGRESS_READ_ERROR } from "~/features/progress/progress";
import { readProgress } from "~/features/progress/progress.server";
import { recordPageVisit } from "~/features/progress/tracking.server";
import type { Route } from "./+types/api.progress";
import { readJson } from "~/features/http/request-body.server";
import { orUnavailable } from "~/features/http/unavailable.server";

const noStore = { "Cache-Control": "no-store" };
const visitSchema = z.object({ path: z.string().startsWith("/").max(300) });

/** GET: the signed-in user's progression; 0 when signed out or when there is no row yet. */
export async function loader({ request }: Route.LoaderArgs) {
  return orUnavailable(
    "Reading progress",
    async () => {
      const session = await getCurrentSession(request);
      if (!session) return data({ progression: 0, completedActivities: {} }, { headers: noStore });
      const state = await readProgress(session.user.id);
      return data(state ?? { progression: 0, completedActivities: {} }, { headers: noStore });
    },
    PROGRESS_READ_ERROR,
  );
}

/** POST {path}: the page the user just rendered; its activity type comes from the catalogue. */
export async function action({ request }: Route.ActionArgs) {
  return orUnavailable("Recording a page visit", async () => {
    const session = await getCurrentSession(request);
    if (!session) return data({ error: "Connexion requise." }, { status: 401, headers: noStore });
    const parsed = visitSchema.safeParse(await readJson(request));
    if (!parsed.success) return data({ error: "Requête invalide." }, { status: 400, headers: noStore });
    const outcome = await recordPageVisit(session.user, parsed.data.path);
    if (!outcome.ok) return data({ error: "Page sans suivi de progression." }, { status: outcome.status, headers: noStore });
    return data({ progression: outcome.progression }, { headers: noStore });
  });
}
