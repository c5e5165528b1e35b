import { handleSsoCallback } from "~/features/accounts/sso.server";
import type { Route } from "./+types/auth-callback";

/**
 * /auth/callback/<provider>: where Google, Microsoft, Apple (by a form post) and the OpenID Connect
 * provider send the browser back. better-auth's handler checks the state and the PKCE verifier.
 */
export function loader({ request }: Route.LoaderArgs) {
  return handleSsoCallback(request);
}

export function action({ request }: Route.ActionArgs) {
  return handleSsoCallback(request);
}
