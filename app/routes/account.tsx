import { useEffect } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { FormError } from "~/components/layout/auth-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox, TextField } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import {
  changePassword,
  confirmTwoFactor,
  deleteAccount,
  disableTwoFactor,
  listSessions,
  hasPassword as accountHasPassword,
  revokeSession,
  setPassword,
  signOutEverywhere,
  startTwoFactor,
  updateProfile,
} from "~/features/accounts/account.server";
import { MESSAGES, signOut } from "~/features/accounts/accounts.server";
import { textValues } from "~/features/accounts/after-sign-in";
import { clearLocalUserState } from "~/features/accounts/local-state";
import {
  changePasswordSchema,
  emailChangeCodeSchema,
  emailChangeSchema,
  fieldErrors,
  profileSchema,
  setPasswordSchema,
  totpCodeSchema,
} from "~/features/accounts/schemas";
import {
  REAUTH_MESSAGES,
  confirmWithCode,
  confirmWithPassword,
  endReplacedSession,
  isRecentlyAuthenticated,
  sendConfirmationCode,
} from "~/features/accounts/reauthentication.server";
import { SSO_MESSAGES } from "~/features/accounts/sso";
import {
  findSsoProvider,
  listIdentities,
  ssoErrorMessage,
  ssoProviders,
  startSsoLink,
  startSsoReauthentication,
  unlinkIdentity,
} from "~/features/accounts/sso.server";
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
import { CodeField, CurrentPasswordField, NewPasswordField } from "~/features/accounts/account-fields";
import { type AccountIntent, Connections, ConfirmFirst, EmailSection, IdentityConfirmation } from "~/features/accounts/account-security";
import { readFormData } from "~/features/http/request-body.server";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const { user } = session;
  const url = new URL(request.url);
  // Back from a provider: a confirmation of identity (its new session replaces the old one) or a link.
  const replaced = url.searchParams.get("remplace");
  if (replaced) {
    await endReplacedSession(session, replaced.slice(0, 100));
    throw redirect("/compte", {
      headers: {
        "Set-Cookie": await toastHeader({
          type: "success",
          title: REAUTH_MESSAGES.confirmed,
          description: REAUTH_MESSAGES.confirmedDescription,
        }),
      },
    });
  }
  const linked = findSsoProvider(url.searchParams.get("lie"));
  if (linked)
    throw redirect("/compte#connexions", {
      headers: { "Set-Cookie": await toastHeader({ type: "success", title: SSO_MESSAGES.linked(linked.label) }) },
    });
  const { identities, hasPassword } = await listIdentities(user.id);
  return {
    security: {
      recent: isRecentlyAuthenticated(session),
      hasPassword,
      identities,
      providers: ssoProviders(),
      linking: findSsoProvider(url.searchParams.get("lier"))?.id,
      ssoError: ssoErrorMessage(url),
    },
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

type Intent = AccountIntent;

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

/** What needs a recent sign-in or confirmation of identity (all of it for an account without a password). */
function needsRecentAuthentication(intent: Intent, hasPassword: boolean): boolean {
  if (["email-change-start", "link", "unlink", "set-password"].includes(intent)) return true;
  return !hasPassword && ["2fa-start", "2fa-disable", "delete"].includes(intent);
}

export async function action({ request, pattern, context }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const formData = await readFormData(request);
  const intent = String(formData.get("intent")) as Intent;
  const password = String(formData.get("password") ?? "");
  if (needsRecentAuthentication(intent, await accountHasPassword(session.user.id)) && !isRecentlyAuthenticated(session))
    return failure(intent, { message: REAUTH_MESSAGES.required }, textValues(formData, ["newEmail"]), "Confirmation requise", 403);

  switch (intent) {
    case "reauth-password": {
      const result = await confirmWithPassword(request, session, password);
      if (!result.ok) return failure(intent, result);
      return success(intent, { type: "success", title: REAUTH_MESSAGES.confirmed, description: REAUTH_MESSAGES.confirmedDescription });
    }
    case "reauth-code-send": {
      const result = await sendConfirmationCode(session);
      if (!result.ok) return failure(intent, result, {}, "Erreur", 429);
      return success(intent, { type: "info", title: "Code envoyé", description: REAUTH_MESSAGES.codeSent(session.user.email) });
    }
    case "reauth-code": {
      const parsed = totpCodeSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return failure(intent, { message: "Le code comporte 6 chiffres.", fieldErrors: fieldErrors(parsed.error) });
      const result = await confirmWithCode(session, parsed.data.code, context.clientIp);
      if (!result.ok) return failure(intent, result);
      return success(intent, { type: "success", title: REAUTH_MESSAGES.confirmed, description: REAUTH_MESSAGES.confirmedDescription });
    }
    case "reauth-sso":
    case "link": {
      const provider = findSsoProvider(formData.get("provider"));
      if (!provider) return failure(intent, { message: "Ce moyen de connexion n'est pas proposé." });
      const started =
        intent === "link"
          ? await startSsoLink(request, provider, context.clientIp)
          : await startSsoReauthentication(request, provider, session.sessionId, context.clientIp);
      if (!started.ok) return failure(intent, started, {}, "Erreur", 429);
      return redirect(started.url, { headers: started.headers });
    }
    case "unlink": {
      const providerId = String(formData.get("provider") ?? "").slice(0, 40);
      const result = await unlinkIdentity(request, session.user.id, providerId);
      if (!result.ok) return failure(intent, result);
      const label = findSsoProvider(providerId)?.label ?? providerId;
      return success(intent, { type: "success", title: SSO_MESSAGES.unlinked(label) });
    }
    case "set-password": {
      const parsed = setPasswordSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return failure(intent, { message: "Vérifiez les champs indiqués.", fieldErrors: fieldErrors(parsed.error) });
      const result = await setPassword(request, session.user.id, parsed.data.newPassword, [session.user.email, session.user.firstName]);
      if (!result.ok) return failure(intent, result);
      return success(intent, {
        type: "success",
        title: "Mot de passe défini",
        description: "Vous pouvez maintenant vous connecter avec lui.",
      });
    }
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

/** The password of an account that has one; without one, the action's own message (after a confirmation of identity). */
function PasswordIfAny({
  hasPassword,
  intent,
  result,
  errorsFor,
}: {
  hasPassword: boolean;
  intent: Intent;
  result: { intent: Intent; ok: boolean; message?: string } | undefined;
  errorsFor: (intent: Intent) => Record<string, string>;
}) {
  if (hasPassword) return <CurrentPasswordField error={errorsFor(intent).password} />;
  return <FormError message={result?.intent === intent && !result.ok ? result.message : undefined} />;
}

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <Card className="scroll-mt-24" id={id}>
      <h2 className="text-xl font-bold">{title}</h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

const dateTime = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, sessions, security } = loaderData;
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

        {security.recent ? null : (
          <Section title="Confirmer votre identité" id="confirmer-identite">
            <IdentityConfirmation security={security} result={result} errorsFor={errorsFor} busy={busy} />
          </Section>
        )}

        <Section title="Adresse e-mail" id="adresse-email">
          <EmailSection
            email={profile.email}
            verified={profile.emailVerified}
            recent={security.recent}
            result={result}
            errorsFor={errorsFor}
            busy={busy}
          />
        </Section>

        <Section title="Mot de passe" id="mot-de-passe">
          {security.hasPassword ? null : !security.recent ? (
            <ConfirmFirst what="définir un mot de passe" />
          ) : (
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <p>Votre compte n'a pas de mot de passe&nbsp;: vous vous connectez avec un code par e-mail ou un compte lié.</p>
              <input type="hidden" name="intent" value="set-password" />
              <NewPasswordField
                error={errorsFor("set-password").newPassword}
                userInputs={[profile.email, profile.firstName]}
                serverReasons={result?.intent === "set-password" ? result.passwordReasons : undefined}
              />
              <Button type="submit" className="self-start" disabled={busy("set-password")}>
                Définir le mot de passe
              </Button>
            </Form>
          )}
          {security.hasPassword ? (
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="password" />
              <FormError
                message={
                  result?.intent === "password" && !result.ok && !errorsFor("password").currentPassword && !result.passwordReasons
                    ? result.message
                    : undefined
                }
              />
              <CurrentPasswordField label="Mot de passe actuel" name="currentPassword" error={errorsFor("password").currentPassword} />
              <NewPasswordField
                error={errorsFor("password").newPassword}
                userInputs={[profile.email, profile.firstName]}
                serverReasons={result?.intent === "password" ? result.passwordReasons : undefined}
              />
              <Button type="submit" className="self-start" disabled={busy("password")}>
                Changer le mot de passe
              </Button>
            </Form>
          ) : null}
        </Section>

        {security.providers.length || security.identities.length ? (
          <Section title="Connexions" id="connexions">
            <Connections security={security} result={result} errorsFor={errorsFor} busy={busy} />
          </Section>
        ) : null}

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
          {!security.hasPassword && !security.recent ? (
            <ConfirmFirst what="gérer la double authentification" />
          ) : profile.twoFactorEnabled ? (
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <p>
                <Badge tone="success">Activée</Badge> Un code de votre application d'authentification est demandé à chaque connexion.
              </p>
              <input type="hidden" name="intent" value="2fa-disable" />
              <PasswordIfAny hasPassword={security.hasPassword} intent="2fa-disable" result={result} errorsFor={errorsFor} />
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
              <CodeField label="Code à 6 chiffres" error={errorsFor("2fa-confirm").code} />
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
              <PasswordIfAny hasPassword={security.hasPassword} intent="2fa-start" result={result} errorsFor={errorsFor} />
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
          {security.recent ? (
            <a
              href="/compte/export"
              download
              className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-border px-4 font-semibold hover:bg-muted"
            >
              Exporter mes données (JSON)
            </a>
          ) : (
            <div className="mt-4">
              <ConfirmFirst what="exporter vos données" />
            </div>
          )}
        </Section>

        <Section title="Supprimer mon compte" id="suppression">
          {!security.hasPassword && !security.recent ? (
            <ConfirmFirst what="supprimer votre compte" />
          ) : (
            <Form method="post" className="flex flex-col gap-4" noValidate onSubmit={() => clearLocalUserState()}>
              <p>
                La suppression est définitive&nbsp;: votre profil, votre historique, votre progression et vos droits d'accès sont effacés.
              </p>
              <input type="hidden" name="intent" value="delete" />
              <PasswordIfAny hasPassword={security.hasPassword} intent="delete" result={result} errorsFor={errorsFor} />
              <div>
                <Checkbox name="confirm" label="Je comprends que cette suppression est définitive." />
                {errorsFor("delete").confirm ? <p className="text-sm font-medium text-destructive">{errorsFor("delete").confirm}</p> : null}
              </div>
              <Button type="submit" variant="destructive" className="self-start" disabled={busy("delete")}>
                Supprimer définitivement mon compte
              </Button>
            </Form>
          )}
        </Section>
      </div>
    </div>
  );
}
