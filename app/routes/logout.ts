import { data, redirect } from "react-router";
import { MESSAGES, signOut } from "~/features/accounts/accounts.server";
import { getCurrentSession } from "~/features/accounts/session.server";
import { toastHeader } from "~/features/toast/toast.server";
import type { Route } from "./+types/logout";

/** POST only: signs out this device, records the logout, then goes to /login. */
export async function action({ request }: Route.ActionArgs) {
  const session = await getCurrentSession(request);
  const result = await signOut(request, session?.user.id ?? null);
  if (!result.ok) return data({ ok: false as const, message: result.message }, { status: 500 });
  result.headers.append(
    "Set-Cookie",
    await toastHeader({ type: "success", title: MESSAGES.logoutSuccess.title, description: MESSAGES.logoutSuccess.description }),
  );
  return redirect("/login", { headers: result.headers });
}

export function loader() {
  return redirect("/");
}
