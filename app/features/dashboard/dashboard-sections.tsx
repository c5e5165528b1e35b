import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ACTIVITY_GAINS } from "~/catalog/types";
import type { ActivityType } from "~/catalog/types";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ProgressBar } from "~/components/ui/progress-bar";
import { readLocalData } from "../learning/local-data";
import { LOCAL_DATA_EVENT } from "../learning/local-data-keys";
import type { LocalUserData } from "../learning/local-data";
import { ACTIVITY_LABELS } from "../progress/progress";
import type { ChartDay, DashboardData, SubjectProgress } from "./dashboard";
import { plural } from "~/lib/plural";

/** A ring for the global progression: the one figure a picture says better. */
export function ProgressRing({ value }: { value: number }) {
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg viewBox="0 0 100 100" className="size-28 shrink-0" role="img" aria-label={`Progression globale : ${value} %`}>
      <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="10" className="stroke-muted" />
      <circle
        cx="50"
        cy="50"
        r={radius}
        fill="none"
        strokeWidth="10"
        strokeLinecap="round"
        className="stroke-primary"
        strokeDasharray={`${(value / 100) * circumference} ${circumference}`}
        transform="rotate(-90 50 50)"
      />
      <text x="50" y="50" textAnchor="middle" dominantBaseline="central" className="fill-foreground text-xl font-bold">
        {value}&nbsp;%
      </text>
    </svg>
  );
}

export function GlobalProgress({ progress }: { progress: DashboardData["progress"] }) {
  if ("error" in progress) {
    return (
      <Card>
        <h2 className="text-lg font-bold">Progression globale</h2>
        <p role="alert" className="mt-3 text-destructive">
          {progress.error}
        </p>
      </Card>
    );
  }
  const types = Object.keys(ACTIVITY_GAINS) as ActivityType[];
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <ProgressRing value={progress.progression} />
      <div>
        <h2 className="text-lg font-bold">Progression globale</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Chaque type d'activité découvert pour la première fois fait progresser votre parcours.
        </p>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Types d'activité">
          {types.map((type) => {
            const done = progress.completed.includes(type);
            return (
              <li key={type}>
                <Badge tone={done ? "success" : "neutral"}>
                  {done ? "✓ " : ""}
                  {ACTIVITY_LABELS[type]} (+{ACTIVITY_GAINS[type]})<span className="sr-only">{done ? ", fait" : ", à découvrir"}</span>
                </Badge>
              </li>
            );
          })}
        </ul>
      </div>
    </Card>
  );
}

const shortDay = new Intl.DateTimeFormat("fr-FR", { weekday: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** Study events of the last fourteen days as bars, with the same figures in a table for screen readers. */
export function ActivityChart({ days }: { days: ChartDay[] }) {
  const highest = Math.max(1, ...days.map((day) => day.events));
  const total = days.reduce((sum, day) => sum + day.events, 0);
  return (
    <Card>
      <h2 className="text-lg font-bold">Activité des 14 derniers jours</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {plural(total, "activité d'étude", "activités d'étude")}&nbsp;: pages de cours, quiz, exercices et cartes révisées.
      </p>
      <div aria-hidden="true" className="mt-4 flex h-32 items-end gap-1" data-testid="activity-chart">
        {days.map((day) => (
          <div
            key={day.day}
            className="flex h-full flex-1 flex-col justify-end"
            title={`${longDay.format(new Date(`${day.day}T00:00:00Z`))} : ${day.events}`}
          >
            <div
              className={`rounded-t ${day.events ? "bg-primary" : "bg-muted"}`}
              style={{ height: `${Math.max(4, (day.events / highest) * 100)}%` }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted-foreground">
        <span>{shortDay.format(new Date(`${days[0].day}T00:00:00Z`))}</span>
        <span>aujourd'hui</span>
      </div>
      <table className="sr-only">
        <caption>Activités d'étude par jour</caption>
        <thead>
          <tr>
            <th scope="col">Jour</th>
            <th scope="col">Activités</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <td>{longDay.format(new Date(`${day.day}T00:00:00Z`))}</td>
              <td>{day.events}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

export function SubjectCard({ subject }: { subject: SubjectProgress }) {
  const { exercises, quizzes } = subject;
  return (
    <Card>
      <h3 className="font-bold">{subject.subject}</h3>
      <div className="mt-3">
        <ProgressBar value={subject.mastery} label={`Maîtrise en ${subject.subject}`} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Exercices réussis</dt>
          <dd className="font-semibold">
            {exercises.succeeded} / {exercises.total}
            {exercises.toReview ? <span className="font-normal text-muted-foreground"> · {exercises.toReview} à revoir</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Quiz faits</dt>
          <dd className="font-semibold">
            {quizzes.taken} / {quizzes.total}
            {quizzes.averageBest !== null ? (
              <span className="font-normal text-muted-foreground"> · meilleur score moyen {quizzes.averageBest}&nbsp;%</span>
            ) : null}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

export function ResumeLinks({ resume }: { resume: DashboardData["resume"] }) {
  return (
    <Card>
      <h2 className="text-lg font-bold">Reprendre là où vous vous êtes arrêté</h2>
      {resume.length ? (
        <ul className="mt-3 divide-y divide-border">
          {resume.map((item) => (
            <li key={item.path} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <Badge tone="accent">{item.kind}</Badge> <span className="font-medium">{item.title}</span>
              </span>
              <Link
                to={item.path}
                className="shrink-0 text-sm font-semibold text-primary underline-offset-4 hover:underline"
                aria-label={`Reprendre : ${item.title}`}
              >
                Reprendre
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-muted-foreground">
          Ouvrez un cours, une série d'exercices ou un quiz&nbsp;: vous le retrouverez ici. Pour commencer, les{" "}
          <Link to="/chapitres-libres" className="font-semibold text-primary underline underline-offset-4">
            chapitres libres d'accès
          </Link>{" "}
          sont ouverts à tous.
        </p>
      )}
    </Card>
  );
}

export function RecentHistory({ history }: { history: DashboardData["history"] }) {
  return (
    <Card>
      <h2 className="text-lg font-bold">Activité récente</h2>
      {history.length ? (
        <div
          role="region"
          className="mt-3 max-h-[28rem] space-y-4 overflow-y-auto pr-2"
          tabIndex={0}
          aria-label="Activité récente, jour par jour"
        >
          {history.map((group) => (
            <section key={group.day}>
              <h3 className="text-sm font-semibold text-muted-foreground first-letter:uppercase">{group.day}</h3>
              <ul className="mt-1 space-y-1">
                {group.entries.map((entry) => (
                  <li key={entry.id} className="flex gap-3 text-sm">
                    <span className="w-12 shrink-0 tabular-nums text-muted-foreground">{entry.time}</span>
                    {entry.href ? (
                      <Link to={entry.href} className="underline-offset-4 hover:underline">
                        {entry.label}
                      </Link>
                    ) : (
                      <span>{entry.label}</span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <p className="mt-3 text-muted-foreground">Aucune activité enregistrée pour l'instant.</p>
      )}
    </Card>
  );
}

/** Study data kept in this browser (platform-core §3): re-read whenever it changes. */
export function useLocalData(userId: string): LocalUserData | null {
  const [data, setData] = useState<LocalUserData | null>(null);
  useEffect(() => {
    const read = () => setData(readLocalData(userId));
    read();
    window.addEventListener(LOCAL_DATA_EVENT, read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener(LOCAL_DATA_EVENT, read);
      window.removeEventListener("storage", read);
    };
  }, [userId]);
  return data;
}

const generatedAtFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Paris" });

export interface GenerationItem {
  id: number;
  title: string;
  href: string;
  createdAt: string;
  engine: string;
}

/** « Mes générations »: the account's latest generations (issue #15), each opening again on its tool's page. */
export function MyGenerations({ generations, userId }: { generations: readonly GenerationItem[]; userId: string }) {
  const data = useLocalData(userId);
  return (
    <Card>
      <h2 id="generations" className="text-lg font-bold">
        Mes générations
      </h2>
      {generations.length ? (
        <ul className="mt-3 divide-y divide-border">
          {generations.map((item) => (
            <li key={item.id} className="py-2">
              <Link to={item.href} className="font-medium text-primary underline underline-offset-4">
                {item.title}
              </Link>
              <span className="block text-sm text-muted-foreground">
                {generatedAtFormat.format(new Date(item.createdAt))} · {item.engine === "model" ? "modèle de langue" : "moteur hors ligne"}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-muted-foreground">
          Vos flashcards, réponses et corrections générées s'afficheront ici, les plus récentes en premier.{" "}
          <Link to="/generator" className="text-primary underline underline-offset-4">
            Découvrir les générateurs
          </Link>
        </p>
      )}
      {data && data.progress.totalContentGenerated > 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          {plural(data.progress.totalContentGenerated, "contenu généré", "contenus générés")} sur cet appareil.
        </p>
      ) : null}
    </Card>
  );
}

/** Cards studied on this device, from the local statistics. */
export function LocalStudyFigure({ userId }: { userId: string }) {
  const data = useLocalData(userId);
  return <>{data ? data.progress.totalFlashcardsStudied : "…"}</>;
}
