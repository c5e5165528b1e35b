import { type ReactNode, useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { displayPhone } from "~/features/accounts/phone";
import { FormError } from "~/components/layout/auth-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Fieldset, SelectField, TextField, Textarea } from "~/components/ui/field";
import { guardRoute } from "~/features/access/guards.server";
import { fieldErrors } from "~/features/accounts/schemas";
import { readFormData } from "~/features/http/request-body.server";
import { ConsentCheckbox } from "~/features/requests/consent-checkbox";
import { HoneypotField } from "~/features/requests/honeypot-field";
import {
  FOLLOW_UP_PREFERENCES,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  LESSON_FORMATS,
  PARENT_RELATIONS,
  type ParentValues,
  parentSchema,
  parentValues,
} from "~/features/requests/lead-forms";
import { type TeacherChoice, createParentLead, findTeacherChoice, listTeacherChoices } from "~/features/requests/leads.server";
import { checkPublicForm } from "~/features/requests/public-form.server";
import { LEVELS, SUBJECTS } from "~/features/requests/requests";
import { ChoiceGroup } from "~/features/requests/teacher-ui";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/parent-form";

/*
 * A signed-in visitor finds their name, e-mail and phone already filled in. No header is needed for that
 * to stay private: a request carrying the session cookie is answered `Cache-Control: private, no-store`
 * (server/private-responses.ts) and the anonymous HTML cache neither stores nor serves it. A visitor
 * without a cookie gets empty fields and the published teachers, the same for everyone; a change of a
 * published profile empties that cache (teacher-profiles.server.ts). `?prof=` is never cached.
 */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, session } = await guardRoute({ request, pattern });
  const teachers = await listTeacherChoices();
  // « Demander ce professeur » on /nos-profs: an unknown or unpublished id is ignored.
  const asked = new URL(request.url).searchParams.get("prof") ?? "";
  const user = session?.user;
  return {
    meta: catalogPageMeta(entry),
    teachers: teachers.map((teacher) => ({ userId: teacher.userId, label: `${teacher.displayName} — ${teacher.subjects}` })),
    askedTeacherId: teachers.some((teacher) => teacher.userId === asked) ? asked : "",
    signedIn: Boolean(user),
    prefill: { name: user?.firstName ?? "", email: user?.email ?? "", phone: user?.phoneNumber ? displayPhone(user.phoneNumber) : "" },
  };
}

export async function action({ request, pattern, context }: Route.ActionArgs) {
  const { session } = await guardRoute({ request, pattern });
  const formData = await readFormData(request);
  const values = parentValues(formData);
  const refuse = (message: string, errors: Record<string, string> = {}) =>
    data({ sent: false as const, values, fieldErrors: errors, message }, { status: 400 });
  const parsed = parentSchema.safeParse(values);
  if (!parsed.success) return refuse(LEAD_MESSAGES.checkFields, fieldErrors(parsed.error));
  let teacher: TeacherChoice | undefined;
  if (parsed.data.teacherId !== null) {
    teacher = await findTeacherChoice(parsed.data.teacherId);
    if (!teacher) return refuse(LEAD_MESSAGES.checkFields, { teacherId: LEAD_MESSAGES.teacherUnavailable });
  }
  const refusal = await checkPublicForm(formData, { form: "parent-form", clientIp: context.clientIp, email: parsed.data.email });
  if (refusal) return refuse(refusal);
  await createParentLead(parsed.data, session?.user.id ?? null, teacher);
  return {
    sent: true as const,
    name: parsed.data.name,
    email: parsed.data.email,
    phone: displayPhone(parsed.data.phone),
    studentFirstName: parsed.data.studentFirstName,
    teacherName: teacher?.displayName ?? null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function ParentForm({ loaderData, actionData }: Route.ComponentProps) {
  const { teachers, askedTeacherId, signedIn, prefill } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Réserver un accompagnement</h1>
        <p className="text-lg text-muted-foreground">
          Pour un élève de primaire, de collège, de lycée ou de prépa ECG. Décrivez-nous sa situation&nbsp;: nous vous rappelons sous deux
          jours ouvrés pour vous proposer un professeur, un format et un premier cours.
        </p>
        <p>
          Vous avez une autre question&nbsp;?{" "}
          <Link to="/contact" className="font-semibold text-primary underline underline-offset-4">
            Écrivez-nous
          </Link>
          . Vous cherchez d'abord à connaître l'équipe&nbsp;?{" "}
          <Link to="/nos-profs" className="font-semibold text-primary underline underline-offset-4">
            Découvrez nos professeurs
          </Link>
          .
        </p>
      </header>

      {actionData?.sent ? (
        <Card className="space-y-3" role="status">
          <h2 className="text-2xl font-bold">{LEAD_MESSAGES.parentSent}</h2>
          <p>
            Merci {actionData.name}&nbsp;!{" "}
            {actionData.teacherName
              ? `Nous vérifions les disponibilités de ${actionData.teacherName} et vous rappelons sous deux jours ouvrés au ${actionData.phone} pour organiser l'accompagnement de ${actionData.studentFirstName}.`
              : `Nous vous rappelons sous deux jours ouvrés au ${actionData.phone} pour organiser l'accompagnement de ${actionData.studentFirstName}.`}
          </p>
          <p>
            Un récapitulatif de votre demande a été envoyé à <strong>{actionData.email}</strong>.
          </p>
          <ButtonLink to="/parent" variant="outline" className="mt-2">
            Retour à l'espace parents
          </ButtonLink>
        </Card>
      ) : (
        <RequestForm
          key={signedIn ? "signed-in" : "visitor"}
          values={actionData?.values}
          errors={actionData?.fieldErrors ?? {}}
          message={actionData?.message}
          prefill={prefill}
          teachers={teachers}
          askedTeacherId={askedTeacherId}
        />
      )}
    </div>
  );
}

function RequestForm({
  values,
  errors,
  message,
  prefill,
  teachers,
  askedTeacherId,
}: {
  values: ParentValues | undefined;
  errors: Record<string, string>;
  message: string | undefined;
  prefill: { name: string; email: string; phone: string };
  teachers: { userId: string; label: string }[];
  askedTeacherId: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/parent-form");
  const [preference, setPreference] = useState(values?.preference || (askedTeacherId ? "professeur" : "rappel"));
  const teacherOptions = Object.fromEntries(teachers.map((teacher) => [teacher.userId, teacher.label]));
  return (
    <section aria-labelledby="demande">
      <Card>
        <h2 id="demande" className="mb-1 text-2xl font-bold">
          Votre demande
        </h2>
        <p className="mb-6 text-sm text-muted-foreground">Tous les champs sont obligatoires, sauf ceux marqués facultatifs.</p>
        <Form method="post" className="flex flex-col gap-8" noValidate>
          <FormError message={message} />
          <HoneypotField />

          <div className="flex flex-col gap-5">
            <h3 className="text-lg font-bold">Vous</h3>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Votre nom"
                name="name"
                autoComplete="name"
                maxLength={LEAD_LIMITS.name}
                defaultValue={values?.name ?? prefill.name}
                error={errors.name}
                required
              />
              <SelectField
                label="Vous êtes"
                name="relation"
                options={PARENT_RELATIONS}
                placeholder="Choisir…"
                defaultValue={values?.relation ?? ""}
                error={errors.relation}
                required
              />
              <TextField
                label="Adresse e-mail"
                name="email"
                type="email"
                autoComplete="email"
                maxLength={LEAD_LIMITS.email}
                defaultValue={values?.email ?? prefill.email}
                error={errors.email}
                required
              />
              <TextField
                label="Téléphone"
                hint="Pour vous rappeler."
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={LEAD_LIMITS.phone}
                defaultValue={values?.phone ?? prefill.phone}
                error={errors.phone}
                required
              />
            </div>
          </div>

          <div className="flex flex-col gap-5">
            <h3 className="text-lg font-bold">L'élève</h3>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Prénom de l'élève"
                name="studentFirstName"
                maxLength={LEAD_LIMITS.studentFirstName}
                defaultValue={values?.studentFirstName ?? ""}
                error={errors.studentFirstName}
                required
              />
              <SelectField
                label="Niveau"
                name="level"
                options={LEVELS}
                placeholder="Choisir…"
                defaultValue={values?.level ?? ""}
                error={errors.level}
                required
              />
              <TextField
                label="Établissement (facultatif)"
                name="school"
                autoComplete="off"
                maxLength={LEAD_LIMITS.school}
                defaultValue={values?.school ?? ""}
                error={errors.school}
              />
            </div>
          </div>

          <div className="flex flex-col gap-5">
            <h3 className="text-lg font-bold">L'accompagnement</h3>
            <ChoiceGroup legend="Matières" name="subjects" options={SUBJECTS} defaultValues={values?.subjects} error={errors.subjects} />
            <Field
              label="Besoins"
              hint={"Où en est l'élève, ce qui lui pose difficulté, l'objectif (notes, concours, oraux…). De 10 à 3\u00a0000 caractères."}
              error={errors.needs}
            >
              {({ id, describedBy, invalid }) => (
                <Textarea
                  id={id}
                  name="needs"
                  rows={6}
                  maxLength={LEAD_LIMITS.needs}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  defaultValue={values?.needs ?? ""}
                  required
                />
              )}
            </Field>
            <RadioGroup legend="Format" name="format" options={LESSON_FORMATS} defaultValue={values?.format ?? ""} error={errors.format} />
            <Field
              label="Disponibilités (facultatif)"
              hint={"Jours, horaires, période de stage souhaitée. 500 caractères au plus."}
              error={errors.availability}
            >
              {({ id, describedBy, invalid }) => (
                <Textarea
                  id={id}
                  name="availability"
                  rows={3}
                  maxLength={LEAD_LIMITS.availability}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  defaultValue={values?.availability ?? ""}
                />
              )}
            </Field>
          </div>

          <div className="flex flex-col gap-5">
            <h3 className="text-lg font-bold">La suite</h3>
            <RadioGroup
              legend="Vous préférez"
              name="preference"
              options={FOLLOW_UP_PREFERENCES}
              value={preference}
              onChange={setPreference}
              disabled={teachers.length === 0 ? ["professeur"] : []}
              hint={
                teachers.length === 0
                  ? "Aucun professeur ne présente encore son profil en ligne\u00a0: l'équipe vous en propose un en vous rappelant."
                  : "L'équipe vous rappelle dans les deux cas pour organiser le premier cours."
              }
              error={errors.preference}
            />
            {preference === "professeur" && teachers.length > 0 ? (
              <SelectField
                label="Professeur souhaité"
                hint="Les professeurs présentés sur la page Nos professeurs."
                name="teacherId"
                options={teacherOptions}
                placeholder="Choisir un professeur…"
                defaultValue={values?.teacherId ?? askedTeacherId}
                error={errors.teacherId}
                required
              />
            ) : null}
          </div>

          <ConsentCheckbox purpose="pour traiter ma demande et me recontacter" checked={values?.consent ?? false} error={errors.consent} />
          <Button type="submit" size="lg" className="self-start" disabled={submitting}>
            {submitting ? "Envoi en cours..." : "Envoyer ma demande"}
          </Button>
        </Form>
      </Card>
    </section>
  );
}

interface RadioGroupProps {
  legend: string;
  name: string;
  /** value → label, in display order. */
  options: Readonly<Record<string, string>>;
  error?: string;
  hint?: ReactNode;
  /** Uncontrolled: the choice selected at first. */
  defaultValue?: string;
  /** Controlled: the choice selected, and what a click does. */
  value?: string;
  onChange?: (value: string) => void;
  /** Choices shown but not available. */
  disabled?: readonly string[];
}

/** Radio buttons under one legend, the hint and the error wired for screen readers. */
function RadioGroup({ legend, name, options, error, hint, defaultValue, value, onChange, disabled = [] }: RadioGroupProps) {
  return (
    <Fieldset legend={legend} hint={hint} error={error}>
      <div className="flex flex-wrap gap-x-6">
        {Object.entries(options).map(([option, label]) => (
          <label key={option} className="inline-flex min-h-11 items-center gap-2 text-base has-[:disabled]:text-muted-foreground">
            <input
              type="radio"
              name={name}
              value={option}
              className="size-5 accent-[var(--primary)]"
              disabled={disabled.includes(option)}
              {...(value !== undefined
                ? { checked: value === option, onChange: () => onChange?.(option) }
                : { defaultChecked: defaultValue === option })}
            />
            {label}
          </label>
        ))}
      </div>
    </Fieldset>
  );
}
