import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { guardRoute } from "~/features/access/guards.server";
import { listPublishedProfiles } from "~/features/requests/teacher-profiles.server";
import { TeacherCard } from "~/features/requests/teacher-ui";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/teachers";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry } = await guardRoute({ request, pattern });
  return { meta: catalogPageMeta(entry), teachers: await listPublishedProfiles() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Teachers({ loaderData: { teachers } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Nos professeurs</h1>
        <p className="max-w-3xl text-lg text-muted-foreground">
          Les professeurs qui accompagnent les élèves de Tremplin, en prépa ECG et du primaire au lycée. Choisissez-en un pour votre demande
          d'accompagnement, ou laissez-nous vous proposer celui qui convient.
        </p>
      </header>
      {teachers.length === 0 ? (
        <Card className="space-y-3">
          <p>Aucun professeur n'a encore publié son profil sur cette page.</p>
          <p>Vous cherchez un accompagnement&nbsp;? Décrivez votre besoin&nbsp;: nous vous proposons un professeur.</p>
          <ButtonLink to="/parent-form" className="self-start">
            Réserver un accompagnement
          </ButtonLink>
        </Card>
      ) : (
        <>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {teachers.map((teacher) => (
              <li key={teacher.userId}>
                <TeacherCard profile={teacher} />
              </li>
            ))}
          </ul>
          <p>
            Vous ne savez pas qui choisir&nbsp;?{" "}
            <ButtonLink to="/parent-form" variant="outline" size="sm">
              Décrire mon besoin
            </ButtonLink>
          </p>
        </>
      )}
    </div>
  );
}
