import { Form } from "react-router";
import { FormError } from "~/components/layout/auth-card";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { CodeField, CurrentPasswordField } from "./account-fields";
import type { SsoProvider } from "./sso";

/** The sections of /compte about how the user proves who they are (issue #27): address, identity, connections. */

export type AccountIntent =
  | "reauth-password"
  | "reauth-code-send"
  | "reauth-code"
  | "reauth-sso"
  | "link"
  | "unlink"
  | "set-password"
  | "profile"
  | "verify-email"
  | "resend-verification"
  | "email-change-start"
  | "email-change-confirm"
  | "password"
  | "revoke-session"
  | "signout"
  | "signout-all"
  | "2fa-start"
  | "2fa-confirm"
  | "2fa-disable"
  | "delete";

type Intent = AccountIntent;

export interface SecurityState {
  recent: boolean;
  hasPassword: boolean;
  identities: { providerId: string; label: string; linkedAt: string }[];
  providers: SsoProvider[];
  /** A provider to link right after a sign-in that found the address taken (?lier=…). */
  linking?: string;
  ssoError?: string;
}

interface FormHelpers {
  result: ActionResult | undefined;
  errorsFor: (intent: Intent) => Record<string, string>;
  busy: (intent: Intent) => boolean;
}

/** A 6-digit code and its button on one line. */
function InlineCodeForm({
  intent,
  label,
  submit,
  errorsFor,
  busy,
}: { intent: Intent; label: string; submit: string } & Omit<FormHelpers, "result">) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <div className="w-48">
        <CodeField label={label} error={errorsFor(intent).code} />
      </div>
      <Button type="submit" disabled={busy(intent)}>
        {submit}
      </Button>
    </Form>
  );
}

/** In place of a form that needs a recent confirmation of identity. */
export function ConfirmFirst({ what }: { what: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      Pour {what},{" "}
      <a href="#confirmer-identite" className="font-semibold text-primary underline underline-offset-4">
        confirmez d'abord votre identité
      </a>
      .
    </p>
  );
}

/** « Confirmer votre identité »: the password, a code by e-mail, or a linked provider. */
export function IdentityConfirmation({ security, result, errorsFor, busy }: { security: SecurityState } & FormHelpers) {
  const codeSent = (result?.intent === "reauth-code-send" && result.ok) || (result?.intent === "reauth-code" && !result.ok);
  const linkedProviders = security.providers.filter((provider) =>
    security.identities.some((identity) => identity.providerId === provider.id),
  );
  return (
    <div className="flex flex-col gap-5">
      <p>
        Votre dernière connexion date de plus de 15&nbsp;minutes. Pour modifier votre adresse e-mail, vos connexions, exporter vos données
        {security.hasPassword ? "" : ", définir un mot de passe, gérer la double authentification ou supprimer votre compte"}, confirmez
        qu'il s'agit bien de vous.
      </p>
      {security.hasPassword ? (
        <Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="reauth-password" />
          <CurrentPasswordField error={errorsFor("reauth-password").password} />
          <Button type="submit" className="self-start" disabled={busy("reauth-password")}>
            Confirmer avec mon mot de passe
          </Button>
        </Form>
      ) : null}
      {codeSent ? (
        <InlineCodeForm
          intent="reauth-code"
          label="Code reçu par e-mail"
          submit="Confirmer avec le code"
          errorsFor={errorsFor}
          busy={busy}
        />
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="reauth-code-send" />
          <FormError message={result?.intent === "reauth-code-send" && !result.ok ? result.message : undefined} />
          <Button type="submit" variant="outline" disabled={busy("reauth-code-send")}>
            Recevoir un code par e-mail
          </Button>
        </Form>
      )}
      {linkedProviders.map((provider) => (
        <Form method="post" key={provider.id}>
          <input type="hidden" name="intent" value="reauth-sso" />
          <input type="hidden" name="provider" value={provider.id} />
          <Button type="submit" variant="outline" disabled={busy("reauth-sso")}>
            Confirmer avec {provider.label}
          </Button>
        </Form>
      ))}
    </div>
  );
}

const linkedDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

/** The password and each linked provider; link another configured one, unlink one (never the last). */
export function Connections({ security, result, busy }: { security: SecurityState } & FormHelpers) {
  const unlinkable = security.identities.length + (security.hasPassword ? 1 : 0) > 1;
  const linkable = security.providers.filter((provider) => !security.identities.some((identity) => identity.providerId === provider.id));
  const pending = linkable.find((provider) => provider.id === security.linking);
  return (
    <div className="flex flex-col gap-5">
      {security.ssoError ? (
        <Alert tone="warning" title="Liaison non aboutie">
          {security.ssoError}
        </Alert>
      ) : null}
      {pending ? (
        <Alert tone="info" title={`Dernière étape : liez votre compte ${pending.label}`}>
          Votre mot de passe est confirmé. Liez maintenant votre compte {pending.label} pour vous connecter aussi avec lui.
        </Alert>
      ) : null}
      <ul className="flex flex-col divide-y divide-border">
        <li className="flex flex-wrap items-center justify-between gap-3 py-3">
          <p className="font-medium">Mot de passe</p>
          {security.hasPassword ? <Badge tone="success">Défini</Badge> : <Badge>Aucun</Badge>}
        </li>
        {security.identities.map((identity) => (
          <li key={identity.providerId} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium">{identity.label}</p>
              <p className="text-sm text-muted-foreground">Lié le {linkedDate.format(new Date(identity.linkedAt))}</p>
            </div>
            {security.recent && unlinkable ? (
              <Form method="post">
                <input type="hidden" name="intent" value="unlink" />
                <input type="hidden" name="provider" value={identity.providerId} />
                <Button type="submit" variant="outline" size="sm" disabled={busy("unlink")}>
                  Délier {identity.label}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <FormError message={result?.intent === "unlink" && !result.ok ? result.message : undefined} />
      {!unlinkable && security.identities.length ? (
        <p className="text-sm text-muted-foreground">
          C'est votre seule façon de vous connecter (avec un code par e-mail)&nbsp;: définissez un mot de passe pour pouvoir le délier.
        </p>
      ) : null}
      {linkable.length ? (
        security.recent ? (
          <div className="flex flex-wrap gap-3">
            {linkable.map((provider) => (
              <Form method="post" key={provider.id}>
                <input type="hidden" name="intent" value="link" />
                <input type="hidden" name="provider" value={provider.id} />
                <Button type="submit" variant={provider === pending ? "primary" : "outline"} disabled={busy("link")}>
                  Lier mon compte {provider.label}
                </Button>
              </Form>
            ))}
          </div>
        ) : (
          <ConfirmFirst what="lier ou délier un compte" />
        )
      ) : null}
    </div>
  );
}

export type ActionResult = {
  intent: Intent;
  ok: boolean;
  message?: string;
  values?: Record<string, string>;
  newEmail?: string;
};

/** The address, whether it is confirmed (code, « Renvoyer l'e-mail »), and its change in two steps. */
export function EmailSection({
  email,
  verified,
  recent,
  result,
  errorsFor,
  busy,
}: { email: string; verified: boolean; recent: boolean } & FormHelpers) {
  // The code step stays open while its code is being corrected.
  const pendingEmail =
    result?.intent === "email-change-start" && result.ok
      ? result.newEmail
      : result?.intent === "email-change-confirm" && !result.ok
        ? result.values?.newEmail
        : undefined;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="flex flex-wrap items-center gap-2">
          <strong className="break-all">{email}</strong>
          {verified ? <Badge tone="success">Confirmée</Badge> : <Badge tone="accent">À confirmer</Badge>}
        </p>
        {verified ? null : (
          <>
            <p className="mt-2 text-sm text-muted-foreground">
              Vous pouvez étudier dès maintenant. Pour rejoindre la classe d'un professeur et publier un avis, confirmez votre
              adresse&nbsp;: ouvrez le lien de l'e-mail reçu à l'inscription, ou saisissez son code ici.
            </p>
            <div className="mt-4">
              <InlineCodeForm intent="verify-email" label="Code de confirmation" submit="Confirmer" errorsFor={errorsFor} busy={busy} />
            </div>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="resend-verification" />
              <FormError message={result?.intent === "resend-verification" && !result.ok ? result.message : undefined} />
              <Button type="submit" variant="outline" size="sm" className="mt-2" disabled={busy("resend-verification")}>
                Renvoyer l'e-mail
              </Button>
            </Form>
          </>
        )}
      </div>
      {pendingEmail ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <p>
            Saisissez le code envoyé à <strong className="break-all">{pendingEmail}</strong>. Votre adresse actuelle reste celle du compte
            tant que le code n'est pas saisi.
          </p>
          <input type="hidden" name="intent" value="email-change-confirm" />
          <input type="hidden" name="newEmail" value={pendingEmail} />
          <div className="w-48">
            <CodeField label="Code reçu" error={errorsFor("email-change-confirm").code} />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy("email-change-confirm")}>
              Confirmer la nouvelle adresse
            </Button>
            <a href="/compte#adresse-email" className="inline-flex min-h-11 items-center px-2 font-semibold underline underline-offset-4">
              Annuler
            </a>
          </div>
        </Form>
      ) : !recent ? (
        <ConfirmFirst what="changer d'adresse e-mail" />
      ) : (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="email-change-start" />
          <TextField
            label="Nouvelle adresse e-mail"
            hint="Un code y sera envoyé : l'adresse change quand vous l'aurez saisi."
            error={errorsFor("email-change-start").newEmail}
            name="newEmail"
            type="email"
            autoComplete="email"
            defaultValue={result?.intent === "email-change-start" && !result.ok ? result.values?.newEmail : undefined}
          />
          <Button type="submit" variant="outline" className="self-start" disabled={busy("email-change-start")}>
            Changer d'adresse
          </Button>
        </Form>
      )}
    </div>
  );
}
