import { data, redirect } from "react-router";
import { MESSAGES } from "./accounts.server";
import { findSsoProvider, startSsoSignIn } from "./sso.server";

/** The « Continuer avec … » buttons of /login and /register: off to the provider, `next` kept. */
export async function ssoAction(request: Request, formData: FormData, clientIp: string, from: "/login" | "/register") {
  const provider = findSsoProvider(formData.get("provider"));
  const next = String(formData.get("next") ?? "/").slice(0, 2000);
  const fail = (message: string, status: number) =>
    data(
      {
        values: { next } as Record<string, string>,
        fieldErrors: {},
        passwordReasons: undefined as string[] | undefined,
        message,
        toast: { type: "error" as const, title: MESSAGES.loginFailure.title, description: message },
      },
      { status },
    );
  if (!provider) return fail("Ce moyen de connexion n'est pas proposé.", 400);
  const started = await startSsoSignIn(request, provider, next, clientIp, from);
  if (!started.ok) return fail(started.message, 429);
  return redirect(started.url, { headers: started.headers });
}
