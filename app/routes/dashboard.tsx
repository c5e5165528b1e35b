import { findCatalogEntry } from "~/catalog/catalog";
import { Card } from "~/components/ui/card";
import { guardSignedInRoute } from "~/features/access/guards.server";
import {
  ActivityChart,
  GeneratedContentList,
  GlobalProgress,
  LocalStudyFigure,
  RecentHistory,
  ResumeLinks,
  SubjectCard,
} from "~/features/dashboard/dashboard-sections";
import { loadDashboard } from "~/features/dashboard/dashboard.server";
import { ReviewSession } from "~/features/review/review-session";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  return {
    meta: catalogPageMeta(findCatalogEntry("/dashboard")!),
    userId: session.user.id,
    dashboard: await loadDashboard(session.user),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Dashboard({ loaderData: { userId, dashboard } }: Route.ComponentProps) {
  const days = (n: number) => `${n} jour${n > 1 ? "s" : ""}`;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Bonjour {dashboard.firstName}&nbsp;!</h1>
        <p className="mt-2 text-muted-foreground">
          {dashboard.streak > 1
            ? `Vous étudiez depuis ${days(dashboard.streak)} d'affilée : continuez sur cette lancée.`
            : "Voici où vous en êtes dans votre préparation."}
        </p>
      </header>

      <section aria-label="Chiffres clés" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Série d'étude" value={days(dashboard.streak)} />
        <Figure label="Dernière activité" value={dashboard.lastActivity ?? "Aucune pour l'instant"} />
        <Figure
          label="Matières étudiées"
          value={dashboard.subjectsStudied.length ? dashboard.subjectsStudied.join(", ") : "Aucune pour l'instant"}
        />
        <Figure label="Cartes révisées sur cet appareil" value={<LocalStudyFigure userId={userId} />} />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <GlobalProgress progress={dashboard.progress} />
        <ResumeLinks resume={dashboard.resume} />
      </div>

      <section aria-labelledby="matieres" className="space-y-3">
        <h2 id="matieres" className="text-xl font-bold">
          Progression par matière
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {dashboard.subjects.map((subject) => (
            <SubjectCard key={subject.subject} subject={subject} />
          ))}
        </div>
      </section>

      <div id="revision" className="scroll-mt-24">
        <ReviewSession userId={userId} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <ActivityChart days={dashboard.chart} />
        <GeneratedContentList userId={userId} />
      </div>

      <RecentHistory history={dashboard.history} />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-lg font-bold first-letter:uppercase">{value}</p>
    </Card>
  );
}
