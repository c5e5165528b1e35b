import { Form, Link, data, redirect, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { AuthCard, FormError } from "~/components/layout/auth-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { safeNext } from "~/features/access/next";
import { MESSAGES, signIn } from "~/features/accounts/accounts.server";
import { afterSignInPath, textValues } from "~/features/accounts/after-sign-in";
import { CurrentPasswordField } from "~/features/accounts/account-fields";
import { fieldErrors, loginSchema } from "~/features/accounts/schemas";
import { getCurrentSession } from "~/features/accounts/session.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { toastHeader } from "~/features/toast/toast.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/login";
import { SsoButtons, SsoErrorAlert } from "~/features/accounts/sso-buttons";
import { findSsoProvider, ssoErrorMessage, ssoProviders } from "~/features/accounts/sso.server";
import { ssoAction } from "~/features/accounts/sso-action.server";
import { readFormData } from "~/features/http/request-body.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = url.searchParams.get("next");
  if (await getCurrentSession(request)) throw redirect(afterSignInPath(next));
  // An identity whose address already has an account: sign in first, then link it from /compte.
  const linking = url.searchParams.get("error") === "account_not_linked" ? findSsoProvider(url.searchParams.get("sso")) : undefined;
  return {
    meta: catalogPageMeta(findCatalogEntry("/login")!),
    next: linking ? `/compte?lier=${linking.id}` : safeNext(next),
    sso: ssoProviders(),
    ssoError: ssoErrorMessage(url),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "sso") return ssoAction(request, formData, context.clientIp, "/login");
  const values = textValues(formData, ["identifier", "next"]);
  // Sent back into the form and its links: only ever a same-site path.
  values.next = safeNext(values.next);
  const parsed = loginSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return data({ values, fieldErrors: fieldErrors(parsed.error), message: undefined, toast: undefined }, { status: 400 });

  const result = await signIn(parsed.data, request, context.clientIp);
  if (!result.ok) {
    const toast = { type: "error" as const, title: MESSAGES.loginFailure.title, description: result.message };
    return data({ values, fieldErrors: {}, message: result.message, toast }, { status: 401 });
  }
  if (result.twoFactor) {
    return redirect(`/login/verification?next=${encodeURIComponent(safeNext(parsed.data.next))}`, { headers: result.headers });
  }
  result.headers.append(
    "Set-Cookie",
    await toastHeader({ type: "success", title: MESSAGES.loginSuccess.title, description: MESSAGES.loginSuccess.description }),
  );
  return redirect(afterSignInPath(parsed.data.next), { headers: result.headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login");
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const next = actionData?.values.next ?? loaderData.next;
  const nextQuery = next !== "/" ? `?next=${encodeURIComponent(next)}` : "";
  useActionToast(actionData?.toast);
  return (
    <AuthCard
      title="Connexion"
      intro="Retrouvez vos cours, votre progression et vos révisions."
      footer={
        <>
          Pas encore de compte&nbsp;?{" "}
          <Link to={`/register${nextQuery}`} className="font-semibold text-primary underline underline-offset-4">
            S'inscrire
          </Link>
        </>
      }
    >
      <SsoErrorAlert message={loaderData.ssoError} title="Connexion non aboutie" />
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <FormError message={actionData?.message} />
        <input type="hidden" name="next" value={next} />
        <TextField
          label="Adresse e-mail ou numéro de téléphone"
          error={errors.identifier}
          name="identifier"
          autoComplete="username"
          defaultValue={actionData?.values.identifier}
          required
        />
        <CurrentPasswordField error={errors.password} />
        <div className="-mt-2 text-right text-sm">
          <Link to="/mot-de-passe-oublie" className="font-medium text-primary underline underline-offset-4">
            Mot de passe oublié ?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Connexion..." : "Se connecter"}
        </Button>
      </Form>
      <div className="mt-5 flex flex-col gap-3 border-t border-border pt-5">
        <ButtonLink to={`/login/code${nextQuery}`} variant="outline" size="lg">
          Recevoir un code par e-mail
        </ButtonLink>
        <SsoButtons providers={loaderData.sso} next={next} />
      </div>
    </AuthCard>
  );
}
