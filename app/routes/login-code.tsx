import { Form, Link, data, redirect, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { AuthCard, FormError } from "~/components/layout/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CodeField } from "~/features/accounts/account-fields";
import { TextField } from "~/components/ui/field";
import { safeNext } from "~/features/access/next";
import { CODE_MESSAGES, MESSAGES, requestSignInCode, signInWithCode } from "~/features/accounts/accounts.server";
import { afterSignInPath, textValues } from "~/features/accounts/after-sign-in";
import { codeRequestSchema, codeSignInSchema, fieldErrors } from "~/features/accounts/schemas";
import { getCurrentSession } from "~/features/accounts/session.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { toastHeader } from "~/features/toast/toast.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/login-code";

/** Sign-in without a password: the address, then the 6-digit code mailed to it (issue #27). */
export async function loader({ request }: Route.LoaderArgs) {
  const next = new URL(request.url).searchParams.get("next");
  if (await getCurrentSession(request)) throw redirect(afterSignInPath(next));
  return { meta: catalogPageMeta(findCatalogEntry("/login/code")!), next: safeNext(next) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const values = textValues(formData, ["email", "next"]);
  values.next = safeNext(values.next);
  const step = formData.get("intent") === "verify" ? "code" : "email";
  if (step === "email") {
    const parsed = codeRequestSchema.safeParse(values);
    if (!parsed.success)
      return data(
        { step, values, fieldErrors: fieldErrors(parsed.error), message: undefined, sent: undefined, toast: undefined },
        { status: 400 },
      );
    const result = await requestSignInCode(parsed.data.email, context.clientIp);
    if (!result.ok)
      return data({ step, values, fieldErrors: {}, message: result.message, sent: undefined, toast: undefined }, { status: 429 });
    values.email = parsed.data.email;
    return {
      step: "code" as const,
      values,
      fieldErrors: {},
      message: undefined,
      sent: CODE_MESSAGES.signInSent(parsed.data.email),
      toast: undefined,
    };
  }
  const parsed = codeSignInSchema.safeParse({ ...values, code: formData.get("code") ?? "" });
  if (!parsed.success)
    return data(
      { step, values, fieldErrors: fieldErrors(parsed.error), message: undefined, sent: undefined, toast: undefined },
      { status: 400 },
    );
  const result = await signInWithCode(parsed.data, request, context.clientIp);
  if (!result.ok) {
    const toast = { type: "error" as const, title: MESSAGES.loginFailure.title, description: result.message };
    return data({ step, values, fieldErrors: { code: result.message }, message: result.message, sent: undefined, toast }, { status: 401 });
  }
  if (result.twoFactor) return redirect(`/login/verification?next=${encodeURIComponent(values.next)}`, { headers: result.headers });
  result.headers.append(
    "Set-Cookie",
    await toastHeader(
      result.passwordRemoved
        ? { type: "info", title: MESSAGES.loginSuccess.title, description: CODE_MESSAGES.passwordRemoved }
        : { type: "success", title: MESSAGES.loginSuccess.title, description: MESSAGES.loginSuccess.description },
    ),
  );
  return redirect(afterSignInPath(values.next), { headers: result.headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const next = actionData?.values.next ?? loaderData.next;
  const nextQuery = next !== "/" ? `?next=${encodeURIComponent(next)}` : "";
  useActionToast(actionData?.toast);
  return (
    <AuthCard
      title="Connexion par code"
      intro="Recevez un code à 6 chiffres par e-mail pour vous connecter sans mot de passe."
      footer={
        <Link to={`/login${nextQuery}`} className="font-semibold text-primary underline underline-offset-4">
          Se connecter avec un mot de passe
        </Link>
      }
    >
      {actionData?.step === "code" ? (
        <div className="flex flex-col gap-5">
          {actionData.sent ? (
            <Alert tone="success" title="Vérifiez votre boîte de réception">
              {actionData.sent}
            </Alert>
          ) : null}
          <Form method="post" className="flex flex-col gap-5" noValidate>
            <FormError message={actionData.message && !errors.code ? actionData.message : undefined} />
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="email" value={actionData.values.email} />
            <input type="hidden" name="next" value={next} />
            <CodeField label="Code reçu par e-mail" error={errors.code} />
            <Button type="submit" size="lg" disabled={busy}>
              Se connecter
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="email" value={actionData.values.email} />
            <input type="hidden" name="next" value={next} />
            <Button type="submit" variant="outline" disabled={busy}>
              Renvoyer un code
            </Button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <FormError message={actionData?.message} />
          <input type="hidden" name="next" value={next} />
          <TextField
            label="Adresse e-mail"
            error={errors.email}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.values.email}
            required
          />
          <Button type="submit" size="lg" disabled={busy}>
            Recevoir un code
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
