import { findCatalogEntry } from "~/catalog/catalog";
import { Card } from "~/components/ui/card";
import { guardSignedInRoute } from "~/features/access/guards.server";
import {
  ActivityChart,
  MyGenerations,
  GlobalProgress,
  LocalStudyFigure,
  RecentHistory,
  ResumeLinks,
  SubjectCard,
} from "~/features/dashboard/dashboard-sections";
import { loadDashboard } from "~/features/dashboard/dashboard.server";
import { listGenerations } from "~/features/generators/generate.server";
import { generatorTool } from "~/features/generators/tool-list";
import { ReviewSession } from "~/features/review/review-session";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { data, redirect } from "react-router";
import { RATE_RULES, RateLimitedError, hit } from "~/features/accounts/rate-limit.server";
import { fieldErrors } from "~/features/accounts/schemas";
import { CLASS_MESSAGES, joinCodeSchema } from "~/features/classes/classes";
import { VERIFICATION_MESSAGES } from "~/features/accounts/verification-messages";
import { joinClass, leaveClass, listStudentClasses } from "~/features/classes/classes.server";
import { MyClasses } from "~/features/classes/my-classes";
import { formatParisDateTime, timeLeft } from "~/features/assignments/assignments";
import { listStudentAssignments } from "~/features/assignments/assignments.server";
import { type GradeStatus, formatMark } from "~/features/grades/marks";
import { dismissNotices, unreadNotices } from "~/features/notifications/notifications.server";
import { readFormData } from "~/features/http/request-body.server";
import { toastHeader } from "~/features/toast/toast.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/dashboard";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const [dashboard, classes, assignments, notices, generations] = await Promise.all([
    loadDashboard(session.user),
    listStudentClasses(session.user.id),
    listStudentAssignments(session.user.id),
    unreadNotices(session.user.id),
    listGenerations(session.user.id),
  ]);
  const now = new Date();
  return {
    assignments: assignments.map((item) => ({
      id: item.id,
      classId: item.classId,
      title: item.title,
      className: item.className,
      dueLabel: formatParisDateTime(item.dueAt),
      timeLeft: timeLeft(item.dueAt, now),
      state: item.mark ? ("graded" as const) : item.submittedAt ? ("submitted" as const) : ("pending" as const),
      late: item.late,
      mark: item.mark ? formatMark({ points: item.mark.points, status: item.mark.status as GradeStatus | null }) : null,
      maxPoints: item.maxPoints,
    })),
    notices: notices.map((notice) => ({ id: notice.id, title: notice.title, body: notice.body, link: notice.link })),
    meta: catalogPageMeta(findCatalogEntry("/dashboard")!),
    userId: session.user.id,
    emailVerified: session.user.emailVerified,
    dashboard,
    classes,
    generations: generations.flatMap((generation) => {
      const tool = generatorTool(generation.tool);
      return tool ? [{ ...generation, title: tool.title, href: `${tool.path}?generation=${generation.id}` }] : [];
    }),
    // A join link: /dashboard?rejoindre=ABCD-EF23 fills the form; joining stays a click (a POST).
    joinCode: (new URL(request.url).searchParams.get("rejoindre") ?? "").slice(0, 20),
  };
}

export async function action({ request, pattern }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const code = String(formData.get("code") ?? "").slice(0, 40);
  if (intent === "join") {
    if (!session.user.emailVerified) return data({ code, codeError: VERIFICATION_MESSAGES.classJoin, toast: undefined }, { status: 403 });
    const parsed = joinCodeSchema.safeParse({ code });
    if (!parsed.success) return data({ code, codeError: fieldErrors(parsed.error).code, toast: undefined }, { status: 400 });
    try {
      await hit(`class-join:account:${session.user.id}`, RATE_RULES.accessCodeAccount);
    } catch (error) {
      if (error instanceof RateLimitedError) return data({ code, codeError: error.message, toast: undefined }, { status: 429 });
      throw error;
    }
    const joined = await joinClass(session.user.id, parsed.data.code);
    if (!joined.ok) return data({ code, codeError: joined.message, toast: undefined }, { status: 400 });
    throw redirect("/dashboard#classes", { headers: { "Set-Cookie": await toastHeader({ type: "success", title: joined.message }) } });
  }
  if (intent === "dismiss-notices") {
    await dismissNotices(session.user.id);
    return { code: "", codeError: undefined, toast: undefined };
  }
  if (intent === "leave") {
    const name = await leaveClass(session.user.id, String(formData.get("classId") ?? "").slice(0, 100));
    if (!name)
      return data(
        { code: "", codeError: undefined, toast: { type: "error" as const, title: "Vous ne faites pas partie de cette classe." } },
        { status: 404 },
      );
    return { code: "", codeError: undefined, toast: { type: "success" as const, title: CLASS_MESSAGES.left(name) } };
  }
  return data({ code: "", codeError: undefined, toast: { type: "error" as const, title: "Action inconnue." } }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Dashboard({
  loaderData: { userId, emailVerified, dashboard, classes, joinCode, assignments, notices, generations },
  actionData,
}: Route.ComponentProps) {
  useActionToast(actionData?.toast);
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

      <section aria-label="Chiffres clés" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
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

      <MyClasses
        classes={classes}
        assignments={assignments}
        notices={notices}
        code={actionData?.code ?? joinCode}
        codeError={actionData?.codeError}
        emailVerified={emailVerified}
      />

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
        <MyGenerations generations={generations} userId={userId} />
      </div>

      <RecentHistory history={dashboard.history} />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Card className="p-3 sm:p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 font-bold sm:text-lg">{value}</p>
    </Card>
  );
}
