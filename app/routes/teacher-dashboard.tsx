import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { FormError } from "~/components/layout/auth-card";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox, Field, TextField, Textarea } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { hasRole } from "~/features/accounts/roles";
import { fieldErrors } from "~/features/accounts/schemas";
import { readFormData } from "~/features/http/request-body.server";
import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  type TeacherProfileValues,
  formatApplicationDate,
  keysOf,
  teacherProfileSchema,
  teacherProfileValues,
} from "~/features/requests/application-forms";
import { latestApplicationOf } from "~/features/requests/applications.server";
import { APPLICATION_STATUSES, LEVELS, SUBJECTS, type Level, type Subject } from "~/features/requests/requests";
import { findTeacherProfile, saveTeacherProfile } from "~/features/requests/teacher-profiles.server";
import { ChoiceGroup, TeacherCard } from "~/features/requests/teacher-ui";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/teacher-dashboard";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, session } = await guardSignedInRoute({ request, pattern });
  const { user } = session;
  const application = await latestApplicationOf(user.id);
  const isTeacher = hasRole(user.role, "prof");
  let profile: (TeacherProfileValues & { saved: boolean }) | null = null;
  if (isTeacher) {
    const saved = await findTeacherProfile(user.id);
    // Not saved yet: what the accepted application said, to start from.
    const accepted = application?.status === "accepted" ? application : undefined;
    profile = saved
      ? {
          displayName: saved.displayName,
          subjects: saved.subjects,
          levels: saved.levels,
          bio: saved.bio,
          isPublic: saved.isPublic,
          saved: true,
        }
      : {
          displayName: user.firstName,
          subjects: accepted ? keysOf(accepted.subjects, SUBJECTS) : [],
          levels: accepted ? keysOf(accepted.levels, LEVELS) : [],
          bio: "",
          isPublic: false,
          saved: false,
        };
  }
  return {
    meta: catalogPageMeta(entry),
    userId: user.id,
    isTeacher,
    application: application
      ? {
          status: application.status,
          sentOn: formatApplicationDate(application.createdAt),
          decidedOn: application.decidedAt ? formatApplicationDate(application.decidedAt) : null,
          email: application.email,
          message: application.status === "declined" ? application.decisionMessage : "",
        }
      : null,
    profile,
  };
}

export async function action({ request, pattern }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const formData = await readFormData(request);
  const values = teacherProfileValues(formData);
  if (formData.get("intent") !== "profile")
    return data({ values, fieldErrors: {}, message: APPLICATION_MESSAGES.unknownAction, toast: undefined }, { status: 400 });
  if (!hasRole(session.user.role, "prof"))
    return data({ values, fieldErrors: {}, message: APPLICATION_MESSAGES.notTeacher, toast: undefined }, { status: 403 });
  const parsed = teacherProfileSchema.safeParse(values);
  if (!parsed.success)
    return data(
      { values, fieldErrors: fieldErrors(parsed.error), message: APPLICATION_MESSAGES.checkFields, toast: undefined },
      { status: 400 },
    );
  await saveTeacherProfile(session.user.id, parsed.data);
  return {
    values: undefined,
    fieldErrors: {},
    message: undefined,
    toast: {
      type: "success" as const,
      title: parsed.data.isPublic ? APPLICATION_MESSAGES.profilePublished : APPLICATION_MESSAGES.profileSaved,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const STATUS_TONES = { pending: "accent", accepted: "success", declined: "danger" } as const;

export default function TeacherDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { application, isTeacher, profile, userId } = loaderData;
  useActionToast(actionData?.toast);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-3xl font-extrabold tracking-tight">Espace professeur</h1>
          <p className="text-muted-foreground">
            {isTeacher
              ? "Votre profil public, et l'accès à votre espace de cours."
              : "Votre candidature pour enseigner sur Tremplin, et la réponse de l'équipe."}
          </p>
        </div>
        {isTeacher ? <ButtonLink to="/prof">Ouvrir mon espace de cours</ButtonLink> : null}
      </header>

      {application ? (
        <section aria-labelledby="candidature">
          <Card className="space-y-3">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="candidature" className="text-xl font-bold">
                Ma candidature
              </h2>
              <Badge tone={STATUS_TONES[application.status]}>{APPLICATION_STATUSES[application.status]}</Badge>
            </div>
            <p>Envoyée le {application.sentOn}.</p>
            {application.status === "pending" ? (
              <p>
                L'équipe la lit et vous répondra par e-mail à <strong>{application.email}</strong>.
              </p>
            ) : null}
            {application.status === "accepted" ? <p>Acceptée le {application.decidedOn}. Bienvenue dans l'équipe Tremplin&nbsp;!</p> : null}
            {application.status === "declined" ? (
              <>
                <p>Réponse de l'équipe, le {application.decidedOn}&nbsp;:</p>
                <blockquote className="border-l-4 border-border pl-4 whitespace-pre-line">{application.message}</blockquote>
                {!isTeacher ? (
                  <p>
                    Votre situation a changé depuis&nbsp;?{" "}
                    <Link to="/professeur" className="font-semibold text-primary underline underline-offset-4">
                      Envoyer une nouvelle candidature
                    </Link>
                  </p>
                ) : null}
              </>
            ) : null}
          </Card>
        </section>
      ) : null}

      {isTeacher && profile ? (
        <ProfileEditor
          userId={userId}
          initial={actionData?.values ?? profile}
          saved={profile.saved}
          errors={actionData?.fieldErrors ?? {}}
          message={actionData?.message}
        />
      ) : null}

      {!application && !isTeacher ? (
        <Card className="space-y-3">
          <h2 className="text-xl font-bold">Vous n'avez pas encore candidaté</h2>
          <p>
            Cet espace suit votre candidature pour enseigner sur Tremplin, puis, une fois acceptée, votre profil public de professeur. Vous
            êtes professeur de prépa, colleur ou étudiant d'une grande école&nbsp;? Présentez-vous.
          </p>
          <ButtonLink to="/professeur" className="self-start">
            Devenir professeur
          </ButtonLink>
        </Card>
      ) : null}
    </div>
  );
}

function ProfileEditor({
  userId,
  initial,
  saved,
  errors,
  message,
}: {
  userId: string;
  initial: TeacherProfileValues;
  saved: boolean;
  errors: Record<string, string>;
  message: string | undefined;
}) {
  const navigation = useNavigation();
  const [profile, setProfile] = useState(initial);
  const toggle = (key: "subjects" | "levels") => (value: string, checked: boolean) =>
    setProfile((current) => ({
      ...current,
      [key]: checked ? [...current[key].filter((item) => item !== value), value] : current[key].filter((item) => item !== value),
    }));
  const preview = {
    userId,
    displayName: profile.displayName,
    subjects: (Object.keys(SUBJECTS) as Subject[]).filter((key) => profile.subjects.includes(key)),
    levels: (Object.keys(LEVELS) as Level[]).filter((key) => profile.levels.includes(key)),
    bio: profile.bio,
  };
  return (
    <section aria-labelledby="profil" className="space-y-4">
      <div>
        <h2 id="profil" className="text-2xl font-bold">
          Mon profil public
        </h2>
        <p className="text-muted-foreground">
          {saved
            ? "Ce que les familles lisent sur la page Nos professeurs quand votre profil y est affiché."
            : "Complétez votre profil, puis choisissez de l'afficher sur la page Nos professeurs. Il n'y est pas encore."}{" "}
          <Link to="/nos-profs" className="font-semibold text-primary underline underline-offset-4">
            Voir la page Nos professeurs
          </Link>
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card>
          <Form method="post" className="flex flex-col gap-5" noValidate>
            <input type="hidden" name="intent" value="profile" />
            <FormError message={message} />
            <TextField
              label="Nom affiché"
              name="displayName"
              value={profile.displayName}
              onChange={(event) => setProfile({ ...profile, displayName: event.currentTarget.value })}
              maxLength={APPLICATION_LIMITS.displayName}
              hint={"Par exemple\u00a0: Camille D."}
              error={errors.displayName}
              required
            />
            <ChoiceGroup
              legend="Matières"
              name="subjects"
              options={SUBJECTS}
              values={profile.subjects}
              onToggle={toggle("subjects")}
              error={errors.subjects}
            />
            <ChoiceGroup
              legend="Niveaux"
              name="levels"
              options={LEVELS}
              values={profile.levels}
              onToggle={toggle("levels")}
              error={errors.levels}
            />
            <Field
              label="Présentation"
              hint={`Votre parcours, votre façon de travailler, ce que vous apportez aux élèves\u00a0: ${profile.bio.length}\u00a0/\u00a01\u00a0200 caractères.`}
              error={errors.bio}
            >
              {({ id, describedBy, invalid }) => (
                <Textarea
                  id={id}
                  name="bio"
                  rows={7}
                  maxLength={APPLICATION_LIMITS.bio}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  value={profile.bio}
                  onChange={(event) => setProfile({ ...profile, bio: event.currentTarget.value })}
                />
              )}
            </Field>
            <Checkbox
              name="isPublic"
              label="Afficher mon profil sur la page Nos professeurs"
              checked={profile.isPublic}
              onChange={(event) => setProfile({ ...profile, isPublic: event.currentTarget.checked })}
            />
            <Button type="submit" className="self-start" disabled={navigation.state !== "idle"}>
              Enregistrer mon profil
            </Button>
          </Form>
        </Card>
        <aside aria-labelledby="apercu" className="space-y-3">
          <h3 id="apercu" className="text-lg font-bold">
            Aperçu
          </h3>
          <TeacherCard profile={preview} preview />
          <p className="text-sm text-muted-foreground">
            {profile.isPublic
              ? "Une fois enregistré, votre profil est affiché sur la page Nos professeurs."
              : `Votre profil n'est pas affiché tant que la case «\u00a0Afficher mon profil\u00a0» n'est pas cochée.`}
          </p>
        </aside>
      </div>
    </section>
  );
}
