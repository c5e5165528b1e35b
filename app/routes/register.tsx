import { Form, Link, data, redirect, useNavigation } from "react-router";
import { useState } from "react";
import { findCatalogEntry } from "~/catalog/catalog";
import { AuthCard, FormError } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { safeNext } from "~/features/access/next";
import { MESSAGES, registerAccount } from "~/features/accounts/accounts.server";
import { afterSignInPath, textValues } from "~/features/accounts/after-sign-in";
import { NewPasswordField } from "~/features/accounts/account-fields";
import { fieldErrors, registerSchema } from "~/features/accounts/schemas";
import { getCurrentSession } from "~/features/accounts/session.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { toastHeader } from "~/features/toast/toast.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/register";
import { SsoButtons, SsoErrorAlert } from "~/features/accounts/sso-buttons";
import { ssoErrorMessage, ssoProviders } from "~/features/accounts/sso.server";
import { ssoAction } from "~/features/accounts/sso-action.server";
import { readFormData } from "~/features/http/request-body.server";

export async function loader({ request }: Route.LoaderArgs) {
  const next = new URL(request.url).searchParams.get("next");
  if (await getCurrentSession(request)) throw redirect(afterSignInPath(next));
  return {
    meta: catalogPageMeta(findCatalogEntry("/register")!),
    next: safeNext(next),
    sso: ssoProviders(),
    ssoError: ssoErrorMessage(new URL(request.url)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "sso") return ssoAction(request, formData, context.clientIp, "/register");
  const values = textValues(formData, ["firstName", "email", "phone", "next"]);
  // Sent back into the form and its links: only ever a same-site path.
  values.next = safeNext(values.next);
  const parsed = registerSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data(
      { values, fieldErrors: fieldErrors(parsed.error), passwordReasons: undefined, message: undefined, toast: undefined },
      { status: 400 },
    );
  }
  const result = await registerAccount(parsed.data, request, context.clientIp);
  if (!result.ok) {
    const toast = { type: "error" as const, title: MESSAGES.registerFailure.title, description: result.message };
    return data(
      { values, fieldErrors: result.fieldErrors ?? {}, passwordReasons: result.passwordReasons, message: result.message, toast },
      { status: 400 },
    );
  }
  result.headers.append(
    "Set-Cookie",
    await toastHeader({ type: "success", title: MESSAGES.registerSuccess.title, description: MESSAGES.registerSuccess.description }),
  );
  return redirect(afterSignInPath(parsed.data.next), { headers: result.headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/register");
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  const next = values?.next ?? loaderData.next;
  const [firstName, setFirstName] = useState(values?.firstName ?? "");
  const [email, setEmail] = useState(values?.email ?? "");
  useActionToast(actionData?.toast);
  return (
    <AuthCard
      title="Inscription"
      intro="Un compte gratuit pour suivre votre progression, réviser vos flashcards et accéder aux cours réservés aux membres."
      footer={
        <>
          Déjà inscrit&nbsp;?{" "}
          <Link
            to={`/login${next !== "/" ? `?next=${encodeURIComponent(next)}` : ""}`}
            className="font-semibold text-primary underline underline-offset-4"
          >
            Se connecter
          </Link>
        </>
      }
    >
      <SsoErrorAlert message={loaderData.ssoError} title="Inscription non aboutie" />
      {loaderData.sso.length ? (
        <div className="mb-5 border-b border-border pb-5">
          <SsoButtons providers={loaderData.sso} next={next} />
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <FormError message={actionData?.message && !actionData.passwordReasons ? actionData.message : undefined} />
        <input type="hidden" name="next" value={next} />
        <TextField
          label="Prénom"
          error={errors.firstName}
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          required
        />
        <TextField
          label="Adresse e-mail"
          error={errors.email}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <TextField
          label="Téléphone (facultatif)"
          hint="Pour vous connecter aussi avec votre numéro."
          error={errors.phone}
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={values?.phone}
        />
        <NewPasswordField
          label="Mot de passe"
          name="password"
          error={errors.password}
          userInputs={[email, firstName]}
          serverReasons={actionData?.passwordReasons}
        />
        <p className="text-sm text-muted-foreground">
          En créant un compte, vous acceptez les{" "}
          <Link to="/cgu" className="underline underline-offset-4">
            conditions d'utilisation
          </Link>{" "}
          et la{" "}
          <Link to="/politique-confidentialite" className="underline underline-offset-4">
            politique de confidentialité
          </Link>
          . Élève de moins de 15&nbsp;ans&nbsp;: l'inscription se fait avec un parent.
        </p>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Création du compte..." : "Créer mon compte"}
        </Button>
      </Form>
    </AuthCard>
  );
}
