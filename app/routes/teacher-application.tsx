import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { displayPhone } from "~/features/accounts/phone";
import { FormError } from "~/components/layout/auth-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, TextField, Textarea } from "~/components/ui/field";
import { getConfig } from "~/config.server";
import { guardRoute } from "~/features/access/guards.server";
import { hasRole } from "~/features/accounts/roles";
import { fieldErrors } from "~/features/accounts/schemas";
import { formatFileSize } from "~/features/assignments/assignments";
import { readFormData } from "~/features/http/request-body.server";
import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  type ApplicationValues,
  applicationInput,
  applicationSchema,
  formatApplicationDate,
  typedApplicationValues,
} from "~/features/requests/application-forms";
import { pendingApplicationOf, readCv, submitApplication } from "~/features/requests/applications.server";
import { ConsentCheckbox } from "~/features/requests/consent-checkbox";
import { HoneypotField } from "~/features/requests/honeypot-field";
import { checkPublicForm } from "~/features/requests/public-form.server";
import { LEVELS, SUBJECTS } from "~/features/requests/requests";
import { ChoiceGroup } from "~/features/requests/teacher-ui";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/teacher-application";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, session } = await guardRoute({ request, pattern });
  const user = session?.user;
  const isTeacher = user ? hasRole(user.role, "prof") : false;
  const pending = user && !isTeacher ? await pendingApplicationOf(user.id) : undefined;
  return {
    meta: catalogPageMeta(entry),
    signedIn: Boolean(user),
    isTeacher,
    pending: pending ? { sentOn: formatApplicationDate(pending.createdAt), email: pending.email } : null,
    prefill: { firstName: user?.firstName ?? "", email: user?.email ?? "", phone: user?.phoneNumber ? displayPhone(user.phoneNumber) : "" },
    cvMaxBytes: getConfig().uploadMaxBytes,
  };
}

export async function action({ request, pattern, context }: Route.ActionArgs) {
  const { session } = await guardRoute({ request, pattern });
  const user = session?.user;
  const formData = await readFormData(request);
  const values = typedApplicationValues(formData);
  const refuse = (status: number, message: string, errors: Record<string, string> = {}) =>
    data({ sent: false as const, values, fieldErrors: errors, message }, { status });
  if (user && hasRole(user.role, "prof")) return refuse(400, APPLICATION_MESSAGES.alreadyTeacher);
  if (user && (await pendingApplicationOf(user.id))) return refuse(409, APPLICATION_MESSAGES.pendingExists);
  const parsed = applicationSchema.safeParse(applicationInput(formData));
  const cv = await readCv(formData);
  if (!parsed.success || !cv.ok) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (!cv.ok) errors.cv = cv.error;
    return refuse(400, APPLICATION_MESSAGES.checkFields, errors);
  }
  const refused = await checkPublicForm(formData, { form: "teacher-application", clientIp: context.clientIp, email: parsed.data.email });
  if (refused) return refuse(400, refused);
  await submitApplication(parsed.data, cv.cv, user?.id ?? null);
  return { sent: true as const, firstName: parsed.data.firstName, email: parsed.data.email, signedIn: Boolean(user) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function TeacherApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, isTeacher, pending, prefill, cvMaxBytes } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Enseigner sur Tremplin</h1>
        <p className="text-lg text-muted-foreground">
          Tremplin accompagne des élèves de prépa ECG, et aussi des élèves du primaire au lycée. Nous cherchons des professeurs exigeants et
          disponibles pour les faire progresser.
        </p>
      </header>

      <section aria-labelledby="profils" className="space-y-3">
        <h2 id="profils" className="text-2xl font-bold">
          Qui nous cherchons
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Des professeurs de classes préparatoires ECG et des colleurs, en mathématiques, informatique, langues, géopolitique, ESH ou
            culture générale.
          </li>
          <li>Des étudiants et diplômés de grandes écoles, pour accompagner les élèves du primaire, du collège et du lycée.</li>
        </ul>
      </section>

      <section aria-labelledby="travail" className="space-y-3">
        <h2 id="travail" className="text-2xl font-bold">
          Le travail
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>Du coaching individuel, en ligne ou à domicile, au rythme de chaque élève.</li>
          <li>Des stages pendant les vacances, pour revoir le programme ou préparer les concours.</li>
          <li>La correction de copies&nbsp;: devoirs, DS et concours blancs.</li>
          <li>
            Un espace professeur sur la plateforme pour suivre vos classes&nbsp;: devoirs en ligne, copies rendues, notes et moyennes.
          </li>
        </ul>
      </section>

      <section aria-labelledby="deroulement" className="space-y-3">
        <h2 id="deroulement" className="text-2xl font-bold">
          Comment se passe la candidature
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>Vous remplissez le formulaire ci-dessous et joignez votre CV en PDF.</li>
          <li>L'équipe lit chaque candidature et vous répond par e-mail.</li>
          <li>
            Si elle est acceptée, votre compte Tremplin devient un compte professeur&nbsp;: vous complétez votre profil public, que vous
            choisissez d'afficher sur la page{" "}
            <Link to="/nos-profs" className="font-semibold text-primary underline underline-offset-4">
              Nos professeurs
            </Link>
            .
          </li>
        </ol>
      </section>

      {actionData?.sent ? (
        <Card className="space-y-3" role="status">
          <h2 className="text-2xl font-bold">Candidature envoyée</h2>
          <p>
            Merci {actionData.firstName}&nbsp;! Un accusé de réception part à <strong>{actionData.email}</strong>. L'équipe lit votre
            candidature et vous répond par e-mail.
          </p>
          {actionData.signedIn ? (
            <ButtonLink to="/professeur-dashboard">Suivre ma candidature</ButtonLink>
          ) : (
            <p>
              Si elle est retenue, votre accès à l'espace professeur sera ouvert sur un compte Tremplin créé avec cette adresse e-mail.{" "}
              <Link to="/register" className="font-semibold text-primary underline underline-offset-4">
                Créer mon compte
              </Link>
            </p>
          )}
        </Card>
      ) : isTeacher ? (
        <Card className="space-y-3">
          <h2 className="text-2xl font-bold">Vous êtes déjà professeur sur Tremplin</h2>
          <p>Votre profil public et votre espace de cours vous attendent.</p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/professeur-dashboard">Mon espace professeur</ButtonLink>
            <ButtonLink to="/prof" variant="outline">
              Ouvrir mon espace de cours
            </ButtonLink>
          </div>
        </Card>
      ) : pending ? (
        <Card className="space-y-3">
          <h2 className="text-2xl font-bold">Votre candidature est en attente</h2>
          <p>
            Envoyée le {pending.sentOn}. L'équipe la lit et vous répondra par e-mail à <strong>{pending.email}</strong>.
          </p>
          <ButtonLink to="/professeur-dashboard">Suivre ma candidature</ButtonLink>
        </Card>
      ) : (
        <ApplicationForm
          key={signedIn ? "signed-in" : "visitor"}
          values={actionData?.values}
          errors={actionData?.fieldErrors ?? {}}
          message={actionData?.message}
          prefill={prefill}
          cvMaxBytes={cvMaxBytes}
        />
      )}
    </div>
  );
}

function ApplicationForm({
  values,
  errors,
  message,
  prefill,
  cvMaxBytes,
}: {
  values: ApplicationValues | undefined;
  errors: Record<string, string>;
  message: string | undefined;
  prefill: { firstName: string; email: string; phone: string };
  cvMaxBytes: number;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/professeur");
  const [fileError, setFileError] = useState<string>();
  return (
    <section aria-labelledby="candidater">
      <Card>
        <h2 id="candidater" className="mb-1 text-2xl font-bold">
          Envoyer ma candidature
        </h2>
        <p className="mb-6 text-sm text-muted-foreground">Tous les champs sont obligatoires, sauf ceux marqués facultatifs.</p>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-5" noValidate>
          <FormError message={message} />
          <HoneypotField />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Prénom"
              name="firstName"
              autoComplete="given-name"
              maxLength={APPLICATION_LIMITS.name}
              defaultValue={values?.firstName ?? prefill.firstName}
              error={errors.firstName}
              required
            />
            <TextField
              label="Nom"
              name="lastName"
              autoComplete="family-name"
              maxLength={APPLICATION_LIMITS.name}
              defaultValue={values?.lastName ?? ""}
              error={errors.lastName}
              required
            />
            <TextField
              label="Adresse e-mail"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={APPLICATION_LIMITS.email}
              defaultValue={values?.email ?? prefill.email}
              error={errors.email}
              required
            />
            <TextField
              label="Téléphone"
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={APPLICATION_LIMITS.phone}
              defaultValue={values?.phone ?? prefill.phone}
              error={errors.phone}
              required
            />
          </div>
          <ChoiceGroup
            legend="Matières que vous enseignez"
            name="subjects"
            options={SUBJECTS}
            defaultValues={values?.subjects}
            error={errors.subjects}
          />
          <ChoiceGroup legend="Niveaux" name="levels" options={LEVELS} defaultValues={values?.levels} error={errors.levels} />
          <Field
            label="Diplômes et formation"
            hint={`Vos diplômes, concours et école, ou votre formation en cours\u00a0; 2\u00a0000 caractères au plus.`}
            error={errors.diplomas}
          >
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="diplomas"
                rows={4}
                maxLength={APPLICATION_LIMITS.diplomas}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                defaultValue={values?.diplomas ?? ""}
              />
            )}
          </Field>
          <Field
            label="Expérience d'enseignement (facultatif)"
            hint={`Classes, colles, cours particuliers, stages encadrés…\u00a0; 3\u00a0000 caractères au plus.`}
            error={errors.experience}
          >
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="experience"
                rows={5}
                maxLength={APPLICATION_LIMITS.experience}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                defaultValue={values?.experience ?? ""}
              />
            )}
          </Field>
          <Field
            label="Disponibilités (facultatif)"
            hint={`Jours, horaires, vacances, en ligne ou à domicile (et où)\u00a0; 1\u00a0000 caractères au plus.`}
            error={errors.availability}
          >
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="availability"
                rows={3}
                maxLength={APPLICATION_LIMITS.availability}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                defaultValue={values?.availability ?? ""}
              />
            )}
          </Field>
          <Field
            label="Motivation"
            hint={`Pourquoi vous souhaitez enseigner sur Tremplin, et ce que vous apporteriez aux élèves\u00a0; de 50 à 3\u00a0000 caractères.`}
            error={errors.motivation}
          >
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="motivation"
                rows={6}
                maxLength={APPLICATION_LIMITS.motivation}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                defaultValue={values?.motivation ?? ""}
              />
            )}
          </Field>
          <Field label="CV (PDF)" hint={`Un fichier PDF de ${formatFileSize(cvMaxBytes)} au plus.`} error={errors.cv ?? fileError}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="file"
                name="cv"
                accept="application/pdf,.pdf"
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className="text-sm"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  setFileError(file && file.size > cvMaxBytes ? APPLICATION_MESSAGES.cvTooLarge(cvMaxBytes) : undefined);
                }}
              />
            )}
          </Field>
          <ConsentCheckbox
            purpose="et mon CV pour étudier ma candidature et me répondre"
            checked={values?.consent ?? false}
            error={errors.consent}
          />
          <Button type="submit" size="lg" className="self-start" disabled={submitting || Boolean(fileError)}>
            {submitting ? "Envoi en cours..." : "Envoyer ma candidature"}
          </Button>
        </Form>
      </Card>
    </section>
  );
}
