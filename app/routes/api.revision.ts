import { data } from "react-router";
import { getCurrentSession } from "~/features/accounts/session.server";
import { CardNotInDeckError, gradeCard, markCard, mergeLocalCards, readDeck, unmarkCard } from "~/features/review/review-deck.server";
import { REVIEW_MESSAGES, reviewRequestSchema } from "~/features/review/review";
import type { Route } from "./+types/api.revision";
import { readJson } from "~/features/http/request-body.server";
import { orUnavailable } from "~/features/http/unavailable.server";

const noStore = { "Cache-Control": "no-store" };

/** GET: the signed-in user's review deck, due cards first, with the due and total counts. */
export async function loader({ request }: Route.LoaderArgs) {
  return orUnavailable("Reading the review deck", async () => {
    const session = await getCurrentSession(request);
    if (!session) return data({ error: REVIEW_MESSAGES.signInRequired }, { status: 401, headers: noStore });
    return data(await readDeck(session.user.id), { headers: noStore });
  });
}

/**
 * POST JSON { intent: "mark" | "unmark" | "merge" | "grade", … } for the signed-in user (the user id comes
 * from the session, never from the body).
 */
export async function action({ request }: Route.ActionArgs) {
  return orUnavailable("Updating the review deck", async () => {
    const session = await getCurrentSession(request);
    if (!session) return data({ error: REVIEW_MESSAGES.signInRequired }, { status: 401, headers: noStore });
    const parsed = reviewRequestSchema.safeParse(await readJson(request));
    if (!parsed.success) return data({ error: REVIEW_MESSAGES.invalidRequest }, { status: 400, headers: noStore });
    const userId = session.user.id;
    const body = parsed.data;
    switch (body.intent) {
      case "mark":
        return (await markCard(userId, body.cardId, body.language))
          ? data({ ok: true }, { headers: noStore })
          : data({ error: REVIEW_MESSAGES.cardNotFound }, { status: 404, headers: noStore });
      case "unmark":
        return data({ ok: true, removed: await unmarkCard(userId, body.cardId, body.language) }, { headers: noStore });
      case "merge":
        return data(await mergeLocalCards(userId, body.cards), { headers: noStore });
      case "grade":
        try {
          return data({ card: await gradeCard(userId, body.cardId, body.language, body.rating) }, { headers: noStore });
        } catch (error) {
          if (error instanceof CardNotInDeckError) return data({ error: REVIEW_MESSAGES.cardNotFound }, { status: 404, headers: noStore });
          throw error;
        }
    }
  });
}
