import { data } from "react-router";
import { forwardCookies, getSessionLookup } from "~/features/accounts/session.server";
import type { Route } from "./+types/api.session";

/** The session as the browser's watcher sees it; refreshes the sliding expiry like any request. */
export async function loader({ request }: Route.LoaderArgs) {
  const { session, headers } = await getSessionLookup(request);
  const responseHeaders = forwardCookies(headers, new Headers({ "Cache-Control": "no-store" }));
  return data({ userId: session?.user.id ?? null, expiresAt: session ? session.expiresAt.getTime() : null }, { headers: responseHeaders });
}
