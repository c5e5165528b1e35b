import { useEffect } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { FormError } from "~/components/layout/auth-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox, Field, TextField } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import {
  changePassword,
  confirmTwoFactor,
  deleteAccount,
  disableTwoFactor,
  listSessions,
  revokeSession,
  signOutEverywhere,
  startTwoFactor,
  updateProfile,
} from "~/features/accounts/account.server";
import { MESSAGES, signOut } from "~/features/accounts/accounts.server";
import { textValues } from "~/features/accounts/after-sign-in";
import { clearLocalUserState } from "~/features/accounts/local-state";
import { PasswordInput } from "~/features/accounts/password-input";
import {
  changePasswordSchema,
  emailChangeCodeSchema,
  emailChangeSchema,
  fieldErrors,
  profileSchema,
  totpCodeSchema,
} from "~/features/accounts/schemas";
import {
  VERIFICATION_MESSAGES,
  confirmEmailChange,
  requestEmailChange,
  resendVerificationEmail,
  verifyEmailCode,
} from "~/features/accounts/verification.server";
import { emitSessionEvent } from "~/features/accounts/session-events";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Toast } from "~/features/toast/toast";
import { toastHeader } from "~/features/toast/toast.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/account";
import { readFormData } from "~/features/http/request-body.server";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const { user } = session;
  return {
    meta: catalogPageMeta(findCatalogEntry("/compte")!),
    profile: {
      firstName: user.firstName,
      email: user.email,
      phone: user.phoneNumber ?? "",
      twoFactorEnabled: user.twoFactorEnabled,
      emailVerified: user.emailVerified,
      role: user.role,
    },
    sessions: await listSessions(user.id, session.sessionId),
  };
}

type Intent =
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

const success = (intent: Intent, toast: Toast, extra: Record<string, unknown> = {}) => ({ intent, ok: true as const, toast, ...extra });

function failure(
  intent: Intent,
  result: { message: string; fieldErrors?: Record<string, string>; passwordReasons?: string[] },
  values: Record<string, string> = {},
  title = "Erreur",
  status = 400,
) {
  return data(
    {
      intent,
      ok: false as const,
      message: result.message,
      fieldErrors: result.fieldErrors ?? {},
      passwordReasons: result.passwordReasons,
      values,
      toast: { type: "error" as const, title, description: result.message },
    },
    { status },
  );
}

async function redirectWithCookies(url: string, headers: Headers, toast: Toast) {
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { headers });
}

export async function action({ request, pattern, context }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const formData = await readFormData(request);
  const intent = String(formData.get("intent")) as Intent;
  const password = String(formData.get("password") ?? "");

  switch (intent) {
    case "profile": {
      const values = textValues(formData, ["firstName", "phone"]);
      const parsed = profileSchema.safeParse(values);
      if (!parsed.success)
        return failure(intent, { message: "Vérifiez les champs indiqués.", fieldErrors: fieldErrors(parsed.error) }, values);
      const result = await updateProfile(request, session.user.id, parsed.data);
      if (!result.ok) return failure(intent, result, values);
      return success(intent, { type: "success", title: "Profil mis à jour" }, { sessionEvent: "USER_UPDATED" });
    }
    case "verify-email": {
      const parsed = totpCodeSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return failure(intent, { message: "Le code comporte 6 chiffres.", fieldErrors: fieldErrors(parsed.error) });
      const result = await verifyEmailCode(session.user, parsed.data.code, context.clientIp);
      if (!result.ok) return failure(intent, result);
      return success(intent, { type: "success", title: VERIFICATION_MESSAGES.verified });
    }
    case "resend-verification": {
      const result = await resendVerificationEmail(request, session.user);
      if (!result.ok) return failure(intent, result, {}, "Erreur", 429);
      return success(intent, { type: "success", title: "E-mail envoyé", description: VERIFICATION_MESSAGES.sent(session.user.email) });
    }
    case "email-change-start": {
      const values = textValues(formData, ["newEmail"]);
      const parsed = emailChangeSchema.safeParse(values);
      if (!parsed.success)
        return failure(intent, { message: "Vérifiez les champs indiqués.", fieldErrors: fieldErrors(parsed.error) }, values);
      const result = await requestEmailChange(request, session.user, parsed.data.newEmail);
      if (!result.ok) return failure(intent, result, values);
      return success(
        intent,
        { type: "info", title: "Code envoyé", description: VERIFICATION_MESSAGES.changeSent(parsed.data.newEmail) },
        { newEmail: parsed.data.newEmail },
      );
    }
    case "email-change-confirm": {
      const values = textValues(formData, ["newEmail"]);
      const parsed = emailChangeCodeSchema.safeParse({ ...values, code: formData.get("code") ?? "" });
      if (!parsed.success)
        return failure(intent, { message: "Le code comporte 6 chiffres.", fieldErrors: fieldErrors(parsed.error) }, values);
      const result = await confirmEmailChange(request, session.user, parsed.data, context.clientIp);
      if (!result.ok) return failure(intent, result, values);
      return data(
        success(
          intent,
          {
            type: "success",
            title: VERIFICATION_MESSAGES.changed,
            description: `Votre compte utilise maintenant ${parsed.data.newEmail}.`,
          },
          { sessionEvent: "USER_UPDATED" },
        ),
        { headers: result.headers },
      );
    }
    case "password": {
      const parsed = changePasswordSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return failure(intent, { message: "Vérifiez les champs indiqués.", fieldErrors: fieldErrors(parsed.error) });
      const result = await changePassword(request, session.user.id, parsed.data, [session.user.email, session.user.firstName]);
      if (!result.ok) return failure(intent, result);
      return data(
        success(intent, { type: "success", title: "Mot de passe modifié", description: "Vos autres appareils ont été déconnectés." }),
        { headers: result.headers },
      );
    }
    case "revoke-session": {
      if (!(await revokeSession(session.user.id, String(formData.get("sessionId") ?? ""))))
        return failure(intent, { message: "Appareil introuvable\u00a0: il est peut-être déjà déconnecté." }, {}, "Erreur", 404);
      return success(intent, { type: "success", title: "Appareil déconnecté" });
    }
    case "signout": {
      const result = await signOut(request, session.user.id);
      if (!result.ok) return failure(intent, result, {}, MESSAGES.logoutFailure.title);
      return redirectWithCookies("/login", result.headers, {
        type: "success",
        title: MESSAGES.logoutSuccess.title,
        description: MESSAGES.logoutSuccess.description,
      });
    }
    case "signout-all": {
      const result = await signOutEverywhere(request);
      if (!result.ok) return failure(intent, result, {}, MESSAGES.logoutFailure.title);
      return redirectWithCookies("/login", result.headers, {
        type: "success",
        title: "Déconnexion de tous les appareils",
        description: MESSAGES.logoutSuccess.description,
      });
    }
    case "2fa-start": {
      const result = await startTwoFactor(request, session.user.id, password);
      if (!result.ok) return failure(intent, result);
      return data(success(intent, { type: "info", title: "Scannez le code avec votre application" }, { enrolment: result.enrolment }), {
        headers: result.headers,
      });
    }
    case "2fa-confirm": {
      const parsed = totpCodeSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return failure(intent, { message: "Le code comporte 6 chiffres.", fieldErrors: fieldErrors(parsed.error) });
      const result = await confirmTwoFactor(request, session.user.id, context.clientIp, parsed.data.code);
      if (!result.ok) return failure(intent, result);
      return data(success(intent, { type: "success", title: "Double authentification activée" }), { headers: result.headers });
    }
    case "2fa-disable": {
      const result = await disableTwoFactor(request, session.user.id, password);
      if (!result.ok) return failure(intent, result);
      return data(success(intent, { type: "success", title: "Double authentification désactivée" }), { headers: result.headers });
    }
    case "delete": {
      if (formData.get("confirm") !== "on")
        return failure(intent, {
          message: "Cochez la case pour confirmer la suppression.",
          fieldErrors: { confirm: "Cochez la case pour confirmer la suppression." },
        });
      const result = await deleteAccount(request, session.user.id, password);
      if (!result.ok) return failure(intent, result);
      return redirectWithCookies("/", result.headers, {
        type: "success",
        title: "Compte supprimé",
        description: "Vos données personnelles ont été effacées.",
      });
    }
    default:
      return failure("profile", { message: "Action inconnue." });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <Card className="scroll-mt-24" id={id}>
      <h2 className="text-xl font-bold">{title}</h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

type ActionResult = {
  intent: Intent;
  ok: boolean;
  message?: string;
  values?: Record<string, string>;
  newEmail?: string;
};

/** The address, whether it is confirmed (code, « Renvoyer l'e-mail »), and its change in two steps. */
function EmailSection({
  email,
  verified,
  result,
  errorsFor,
  busy,
}: {
  email: string;
  verified: boolean;
  result: ActionResult | undefined;
  errorsFor: (intent: Intent) => Record<string, string>;
  busy: (intent: Intent) => boolean;
}) {
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
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
              <input type="hidden" name="intent" value="verify-email" />
              <div className="w-48">
                <TextField
                  label="Code de confirmation"
                  error={errorsFor("verify-email").code}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                />
              </div>
              <Button type="submit" disabled={busy("verify-email")}>
                Confirmer
              </Button>
            </Form>
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
            <TextField
              label="Code reçu"
              error={errorsFor("email-change-confirm").code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
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

const dateTime = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, sessions } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: Intent) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const result = actionData as
    | (typeof actionData & {
        intent: Intent;
        fieldErrors?: Record<string, string>;
        values?: Record<string, string>;
        passwordReasons?: string[];
        message?: string;
        enrolment?: { secret: string; qrSvg: string; backupCodes: string[] };
        newEmail?: string;
        sessionEvent?: "USER_UPDATED";
      })
    | undefined;
  const errorsFor = (intent: Intent) => (result?.intent === intent && !result.ok ? (result.fieldErrors ?? {}) : {});
  const enrolment = result?.intent === "2fa-start" && result.ok ? result.enrolment : undefined;
  useActionToast(actionData?.toast);
  useEffect(() => {
    if (result?.sessionEvent) emitSessionEvent(result.sessionEvent);
  }, [result]);

  return (
    <div className="mx-auto max-w-3xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Mon compte</h1>
      <p className="mt-2 text-muted-foreground">
        Connecté avec <strong>{profile.email}</strong>
        {profile.role !== "user" ? (
          <>
            {" "}
            <Badge tone="primary">
              {{ prof: "Professeur", admin: "Administrateur", super_admin: "Super administrateur", user: "Élève" }[profile.role]}
            </Badge>
          </>
        ) : null}
      </p>

      <div className="mt-8 flex flex-col gap-6">
        <Section title="Profil" id="profil">
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="profile" />
            <TextField
              label="Prénom"
              error={errorsFor("profile").firstName}
              name="firstName"
              autoComplete="given-name"
              defaultValue={result?.intent === "profile" && !result.ok ? result.values?.firstName : profile.firstName}
            />
            <TextField
              label="Téléphone (facultatif)"
              error={errorsFor("profile").phone}
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={result?.intent === "profile" && !result.ok ? result.values?.phone : profile.phone}
            />
            <Button type="submit" className="self-start" disabled={busy("profile")}>
              Enregistrer
            </Button>
          </Form>
        </Section>

        <Section title="Adresse e-mail" id="adresse-email">
          <EmailSection email={profile.email} verified={profile.emailVerified} result={result} errorsFor={errorsFor} busy={busy} />
        </Section>

        <Section title="Mot de passe" id="mot-de-passe">
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="password" />
            <FormError
              message={
                result?.intent === "password" && !result.ok && !errorsFor("password").currentPassword && !result.passwordReasons
                  ? result.message
                  : undefined
              }
            />
            <Field label="Mot de passe actuel" error={errorsFor("password").currentPassword}>
              {({ id, describedBy, invalid }) => (
                <PasswordInput id={id} name="currentPassword" autoComplete="current-password" describedBy={describedBy} invalid={invalid} />
              )}
            </Field>
            <Field label="Nouveau mot de passe" error={result?.passwordReasons ? undefined : errorsFor("password").newPassword}>
              {({ id, describedBy, invalid }) => (
                <PasswordInput
                  id={id}
                  name="newPassword"
                  autoComplete="new-password"
                  describedBy={describedBy}
                  invalid={invalid}
                  withMeter
                  userInputs={[profile.email, profile.firstName]}
                  serverReasons={result?.intent === "password" ? result.passwordReasons : undefined}
                />
              )}
            </Field>
            <Button type="submit" className="self-start" disabled={busy("password")}>
              Changer le mot de passe
            </Button>
          </Form>
        </Section>

        <Section title="Appareils connectés" id="sessions">
          <ul className="flex flex-col divide-y divide-border">
            {sessions.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">
                    {item.device} {item.current ? <Badge tone="success">Cet appareil</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">Dernière activité le {dateTime.format(new Date(item.lastSeenAt))}</p>
                </div>
                {!item.current ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke-session" />
                    <input type="hidden" name="sessionId" value={item.id} />
                    <Button type="submit" variant="outline" size="sm">
                      Déconnecter
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post" onSubmit={() => clearLocalUserState()}>
              <input type="hidden" name="intent" value="signout" />
              <Button type="submit" variant="outline" disabled={busy("signout")}>
                {busy("signout") ? "Déconnexion..." : "Se déconnecter de cet appareil"}
              </Button>
            </Form>
            <Form method="post" onSubmit={() => clearLocalUserState()}>
              <input type="hidden" name="intent" value="signout-all" />
              <Button type="submit" variant="outline" disabled={busy("signout-all")}>
                Se déconnecter de tous les appareils
              </Button>
            </Form>
          </div>
        </Section>

        <Section title="Double authentification" id="double-authentification">
          {profile.twoFactorEnabled ? (
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <p>
                <Badge tone="success">Activée</Badge> Un code de votre application d'authentification est demandé à chaque connexion.
              </p>
              <input type="hidden" name="intent" value="2fa-disable" />
              <Field label="Mot de passe" error={errorsFor("2fa-disable").password}>
                {({ id, describedBy, invalid }) => (
                  <PasswordInput id={id} name="password" autoComplete="current-password" describedBy={describedBy} invalid={invalid} />
                )}
              </Field>
              <Button type="submit" variant="outline" className="self-start">
                Désactiver la double authentification
              </Button>
            </Form>
          ) : enrolment || (result?.intent === "2fa-confirm" && !result.ok) ? (
            <Form method="post" className="flex flex-col gap-4" noValidate>
              {enrolment ? (
                <>
                  <p>
                    Scannez ce code avec votre application d'authentification (ou saisissez la clé), puis entrez le code à 6 chiffres
                    qu'elle affiche.
                  </p>
                  <div
                    className="w-fit rounded-xl bg-white p-2"
                    role="img"
                    aria-label="QR code de configuration"
                    dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
                  />
                  <p className="text-sm">
                    Clé&nbsp;:{" "}
                    <code className="break-all" data-testid="totp-secret">
                      {enrolment.secret}
                    </code>
                  </p>
                  <div>
                    <p className="font-semibold">Codes de secours (à conserver en lieu sûr, affichés une seule fois)&nbsp;:</p>
                    <ul className="mt-1 grid grid-cols-2 gap-1 font-mono text-sm">
                      {enrolment.backupCodes.map((code) => (
                        <li key={code}>{code}</li>
                      ))}
                    </ul>
                  </div>
                </>
              ) : null}
              <input type="hidden" name="intent" value="2fa-confirm" />
              <TextField
                label="Code à 6 chiffres"
                error={errorsFor("2fa-confirm").code}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              <Button type="submit" className="self-start">
                Activer
              </Button>
            </Form>
          ) : (
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <p>
                Protégez votre compte avec un code temporaire (application Google Authenticator, Aegis, 1Password…) en plus du mot de passe.
              </p>
              <input type="hidden" name="intent" value="2fa-start" />
              <Field label="Mot de passe" error={errorsFor("2fa-start").password}>
                {({ id, describedBy, invalid }) => (
                  <PasswordInput id={id} name="password" autoComplete="current-password" describedBy={describedBy} invalid={invalid} />
                )}
              </Field>
              <Button type="submit" className="self-start">
                Configurer la double authentification
              </Button>
            </Form>
          )}
        </Section>

        <Section title="Mes données" id="donnees">
          <p>
            Téléchargez tout ce que Tremplin conserve sur vous, au format JSON (profil, historique, progression, droits d'accès, appareils).
          </p>
          <a
            href="/compte/export"
            download
            className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-border px-4 font-semibold hover:bg-muted"
          >
            Exporter mes données (JSON)
          </a>
        </Section>

        <Section title="Supprimer mon compte" id="suppression">
          <Form method="post" className="flex flex-col gap-4" noValidate onSubmit={() => clearLocalUserState()}>
            <p>
              La suppression est définitive&nbsp;: votre profil, votre historique, votre progression et vos droits d'accès sont effacés.
            </p>
            <input type="hidden" name="intent" value="delete" />
            <Field label="Mot de passe" error={errorsFor("delete").password}>
              {({ id, describedBy, invalid }) => (
                <PasswordInput id={id} name="password" autoComplete="current-password" describedBy={describedBy} invalid={invalid} />
              )}
            </Field>
            <div>
              <Checkbox name="confirm" label="Je comprends que cette suppression est définitive." />
              {errorsFor("delete").confirm ? <p className="text-sm font-medium text-destructive">{errorsFor("delete").confirm}</p> : null}
            </div>
            <Button type="submit" variant="destructive" className="self-start" disabled={busy("delete")}>
              Supprimer définitivement mon compte
            </Button>
          </Form>
        </Section>
      </div>
    </div>
  );
}
