import { useEffect } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { AuthCard, FormError } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { resetPassword } from "~/features/accounts/accounts.server";
import { NewPasswordField } from "~/features/accounts/account-fields";
import { fieldErrors, resetPasswordSchema } from "~/features/accounts/schemas";
import { emitSessionEvent } from "~/features/accounts/session-events";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { toastHeader } from "~/features/toast/toast.server";
import type { Route } from "./+types/reset-password";
import { readFormData } from "~/features/http/request-body.server";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { meta: catalogPageMeta(findCatalogEntry("/reinitialiser-mot-de-passe")!), token };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = resetPasswordSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success)
    return data(
      { fieldErrors: fieldErrors(parsed.error), passwordReasons: undefined, message: "Ce lien de réinitialisation est incomplet." },
      { status: 400 },
    );
  const result = await resetPassword(parsed.data.token, parsed.data.password);
  if (!result.ok)
    return data(
      {
        fieldErrors: result.fieldErrors ?? {},
        passwordReasons: result.passwordReasons,
        message: result.passwordReasons ? undefined : result.message,
      },
      { status: 400 },
    );
  return redirect("/login", {
    headers: {
      "Set-Cookie": await toastHeader({
        type: "success",
        title: "Mot de passe modifié",
        description: "Connectez-vous avec votre nouveau mot de passe.",
      }),
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useEffect(() => emitSessionEvent("PASSWORD_RECOVERY"), []);
  if (!loaderData.token) {
    return (
      <AuthCard title="Nouveau mot de passe">
        <FormError message="Ce lien de réinitialisation est incomplet. Demandez-en un nouveau." />
        <Link to="/mot-de-passe-oublie" className="mt-4 inline-block font-semibold text-primary underline underline-offset-4">
          Demander un nouveau lien
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Nouveau mot de passe" intro="Choisissez un mot de passe d'au moins 10 caractères, difficile à deviner.">
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <FormError message={actionData?.message} />
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordField
          name="password"
          error={actionData?.fieldErrors?.password}
          userInputs={[]}
          serverReasons={actionData?.passwordReasons}
        />
        <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
          Enregistrer le mot de passe
        </Button>
      </Form>
    </AuthCard>
  );
}
