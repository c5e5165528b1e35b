import { Form, data, redirect, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { AuthCard, FormError } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { CodeField } from "~/features/accounts/account-fields";
import { safeNext } from "~/features/access/next";
import { MESSAGES, verifySignInCode } from "~/features/accounts/accounts.server";
import { afterSignInPath } from "~/features/accounts/after-sign-in";
import { fieldErrors, totpCodeSchema } from "~/features/accounts/schemas";
import { getCurrentSession } from "~/features/accounts/session.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { toastHeader } from "~/features/toast/toast.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/login-verification";
import { readFormData } from "~/features/http/request-body.server";

const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?tremplin\.two_factor=/;

export async function loader({ request }: Route.LoaderArgs) {
  const next = new URL(request.url).searchParams.get("next");
  if (await getCurrentSession(request)) throw redirect(afterSignInPath(next));
  // Without the pending-verification cookie of a first step, there is nothing to verify.
  if (!TWO_FACTOR_COOKIE.test(request.headers.get("Cookie") ?? "")) throw redirect("/login");
  return { meta: catalogPageMeta(findCatalogEntry("/login/verification")!), next: safeNext(next) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const next = String(formData.get("next") ?? "/");
  const parsed = totpCodeSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error), message: undefined, toast: undefined }, { status: 400 });
  const result = await verifySignInCode(parsed.data.code, request, context.clientIp);
  if (!result.ok) {
    return data(
      {
        fieldErrors: {},
        message: result.message,
        toast: { type: "error" as const, title: MESSAGES.loginFailure.title, description: result.message },
      },
      { status: 401 },
    );
  }
  result.headers.append(
    "Set-Cookie",
    await toastHeader({ type: "success", title: MESSAGES.loginSuccess.title, description: MESSAGES.loginSuccess.description }),
  );
  return redirect(afterSignInPath(next), { headers: result.headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function LoginVerification({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  useActionToast(actionData?.toast);
  return (
    <AuthCard title="Vérification en deux étapes" intro="Saisissez le code à 6 chiffres affiché par votre application d'authentification.">
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <FormError message={actionData?.message} />
        <input type="hidden" name="next" value={loaderData.next} />
        <CodeField label="Code de vérification" error={errors.code} />
        <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
          Vérifier
        </Button>
      </Form>
    </AuthCard>
  );
}
