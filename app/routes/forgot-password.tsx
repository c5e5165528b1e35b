import { Form, Link, data, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { AuthCard, FormError } from "~/components/layout/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { requestPasswordReset } from "~/features/accounts/accounts.server";
import { textValues } from "~/features/accounts/after-sign-in";
import { fieldErrors, forgotPasswordSchema } from "~/features/accounts/schemas";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/forgot-password";
import { readFormData } from "~/features/http/request-body.server";

export function loader() {
  return { meta: catalogPageMeta(findCatalogEntry("/mot-de-passe-oublie")!) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const values = textValues(formData, ["email"]);
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return data({ sent: false, values, fieldErrors: fieldErrors(parsed.error), message: undefined }, { status: 400 });
  const result = await requestPasswordReset(parsed.data.email, context.clientIp);
  if (!result.ok) return data({ sent: false, values, fieldErrors: {}, message: result.message }, { status: 429 });
  // Same answer whether or not an account uses this address.
  return { sent: true, values, fieldErrors: {}, message: undefined };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title="Mot de passe oublié"
      intro="Indiquez l'adresse e-mail de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe."
      footer={
        <Link to="/login" className="font-semibold text-primary underline underline-offset-4">
          Retour à la connexion
        </Link>
      }
    >
      {actionData?.sent ? (
        <Alert tone="success" title="Vérifiez votre boîte de réception">
          Si un compte Tremplin utilise l'adresse {actionData.values.email}, un e-mail avec un lien de réinitialisation vient de lui être
          envoyé. Le lien est valable une heure.
        </Alert>
      ) : (
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <FormError message={actionData?.message} />
          <TextField
            label="Adresse e-mail"
            error={errors.email}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.values.email}
            required
          />
          <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
            Envoyer le lien
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
