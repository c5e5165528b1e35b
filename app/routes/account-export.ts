import { requireUser } from "~/features/access/guards.server";
import { exportUserData } from "~/features/accounts/account.server";
import { redirect } from "react-router";
import { REAUTH_MESSAGES, isRecentlyAuthenticated } from "~/features/accounts/reauthentication.server";
import { toastHeader } from "~/features/toast/toast.server";
import type { Route } from "./+types/account-export";

/** GET /compte/export: the signed-in user's own data, as a JSON download, after a recent sign-in or confirmation. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  if (!isRecentlyAuthenticated(session))
    throw redirect("/compte#confirmer-identite", {
      headers: { "Set-Cookie": await toastHeader({ type: "info", title: "Confirmation requise", description: REAUTH_MESSAGES.required }) },
    });
  const body = JSON.stringify(await exportUserData(session.user.id), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="tremplin-mes-donnees-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
