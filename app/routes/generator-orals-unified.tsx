import { useEffect, useState } from "react";
import { Form, Link, data, useFetcher, useNavigation } from "react-router";
import { INTERVIEW_THEMES } from "../../content/banks/schema";
import { FormError } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Fieldset, SelectField, Textarea } from "~/components/ui/field";
import { EngineNote, SubmitRow, ToolHeader } from "~/features/generators/generator-ui";
import {
  ORALS_MESSAGES,
  ORAL_COUNTS,
  ORAL_DURATIONS,
  type OralsOutput,
  SELF_SCORES,
  generatorTool,
  oralsAssessmentSchema,
  oralsInputSchema,
} from "~/features/generators/generators";
import { saveAssessments } from "~/features/generators/orals.server";
import { generatorRoute, requestedGeneration, toolPageData } from "~/features/generators/route.server";
import { startOralSession } from "~/features/generators/tools.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import type { Route } from "./+types/generator-orals-unified";

const TOOL = generatorTool("orals-unified")!;

export async function loader(args: Route.LoaderArgs) {
  const { entry, viewer } = await generatorRoute(args);
  const previous = await requestedGeneration(args.request, viewer, "orals-unified");
  return {
    ...(await toolPageData(entry, viewer)),
    previous: previous && { generationId: previous.id, session: previous.output as OralsOutput },
  };
}

export async function action(args: Route.ActionArgs) {
  const { viewer } = await generatorRoute(args);
  const formData = await readFormData(args.request);
  if (formData.get("intent") === "finish") {
    let assessments: unknown;
    try {
      assessments = JSON.parse(String(formData.get("assessments") ?? "").slice(0, 10_000));
    } catch {
      assessments = undefined;
    }
    const parsed = oralsAssessmentSchema.safeParse(assessments);
    const generationId = Number(formData.get("generationId"));
    const saved = viewer.userId && parsed.success ? await saveAssessments(viewer.userId, generationId, parsed.data) : false;
    return saved
      ? { intent: "finish" as const, ok: true as const }
      : data({ intent: "finish" as const, ok: false as const }, { status: 400 });
  }
  const values = {
    themes: formData.getAll("themes").map(String).slice(0, 12),
    count: String(formData.get("count") ?? "5"),
    seconds: String(formData.get("seconds") ?? "120"),
  };
  const parsed = oralsInputSchema.safeParse(values);
  if (!parsed.success)
    return data({ intent: "start" as const, ok: false as const, values, error: parsed.error.issues[0].message }, { status: 400 });
  const generated = await startOralSession(parsed.data, viewer);
  if (!generated.ok)
    return data({ intent: "start" as const, ok: false as const, values, error: generated.message }, { status: generated.status });
  return { intent: "start" as const, ok: true as const, values, session: generated.result.output, generationId: generated.generationId };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function OralsUnified({ loaderData, actionData }: Route.ComponentProps) {
  const { modelOn, quota, previous } = loaderData;
  const started = actionData?.intent === "start" ? actionData : undefined;
  const busy = useNavigation().state === "submitting";
  const current = started?.ok ? started : previous;
  const values = started?.values ?? { themes: Object.keys(INTERVIEW_THEMES), count: "5", seconds: "120" };
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ToolHeader tool={TOOL} modelOn={modelOn} quota={quota} />
      {current ? (
        <div className="mt-8">
          <OralSession key={current.generationId ?? "visitor"} session={current.session} generationId={current.generationId} />
        </div>
      ) : (
        <Card className="mt-8">
          <Form method="post" className="space-y-5">
            <input type="hidden" name="intent" value="start" />
            <Fieldset legend="Thèmes">
              <div className="grid gap-x-6 sm:grid-cols-2">
                {Object.entries(INTERVIEW_THEMES).map(([theme, label]) => (
                  <label key={theme} className="inline-flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      name="themes"
                      value={theme}
                      defaultChecked={values.themes.includes(theme)}
                      className="size-5 accent-[var(--primary)]"
                    />
                    {label}
                  </label>
                ))}
              </div>
            </Fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField label="Nombre de questions" name="count" options={ORAL_COUNTS} defaultValue={values.count} />
              <SelectField label="Temps de réponse" name="seconds" options={ORAL_DURATIONS} defaultValue={values.seconds} />
            </div>
            <SubmitRow
              busy={busy}
              label="Commencer la séance"
              busyLabel="Tirage…"
              error={started?.ok === false ? started.error : undefined}
            />
          </Form>
        </Card>
      )}
    </div>
  );
}

function formatSeconds(total: number): string {
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** One question at a time with its timer, then the ratings; a signed-in student's session is saved. */
function OralSession({ session, generationId }: { session: OralsOutput; generationId: number | null }) {
  const [index, setIndex] = useState(session.assessments ? session.questions.length : 0);
  const [left, setLeft] = useState(session.seconds);
  const [running, setRunning] = useState(true);
  const [scores, setScores] = useState<(number | null)[]>(
    session.questions.map((question) => session.assessments?.find((item) => item.id === question.id)?.score ?? null),
  );
  const [notes, setNotes] = useState<string[]>(
    session.questions.map((question) => session.assessments?.find((item) => item.id === question.id)?.note ?? ""),
  );
  const finish = useFetcher<typeof action>();
  const done = index >= session.questions.length;

  useEffect(() => {
    if (done || !running) return;
    const timer = window.setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1_000);
    return () => window.clearInterval(timer);
  }, [done, running, index]);

  if (done) {
    return (
      <OralSummary
        session={session}
        scores={scores}
        notes={notes}
        saved={Boolean(session.assessments) || (finish.data?.intent === "finish" && finish.data.ok)}
        failed={finish.data?.intent === "finish" && !finish.data.ok}
        generationId={generationId}
      />
    );
  }
  const question = session.questions[index];
  const last = index === session.questions.length - 1;
  const next = () => {
    if (last && generationId) {
      const assessments = session.questions.map((item, position) => ({ id: item.id, score: scores[position] ?? 0, note: notes[position] }));
      void finish.submit({ intent: "finish", generationId, assessments: JSON.stringify(assessments) }, { method: "post" });
    }
    setIndex(index + 1);
    setLeft(session.seconds);
    setRunning(true);
  };
  return (
    <section aria-labelledby="question" className="space-y-4">
      <EngineNote engine="offline" />
      <p className="text-sm text-muted-foreground">
        Question {index + 1} sur {session.questions.length} · {question.theme}
      </p>
      <h2 id="question" className="text-2xl font-bold">
        {question.question}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <p role="timer" aria-label="Temps restant" className={`font-mono text-3xl font-bold ${left === 0 ? "text-destructive" : ""}`}>
          {formatSeconds(left)}
        </p>
        {left === 0 ? <p className="font-semibold text-destructive">Temps écoulé</p> : null}
        <Button variant="outline" size="sm" onClick={() => setRunning(!running)} disabled={left === 0}>
          {running ? "Pause" : "Reprendre"}
        </Button>
      </div>
      <details className="rounded-xl border border-border p-4">
        <summary className="cursor-pointer font-semibold">Ce que le jury attend et la méthode</summary>
        <p className="mt-2">{question.expects}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {question.method.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </details>
      <Card className="space-y-4 p-4">
        <Fieldset legend="Mon auto-évaluation">
          <div className="flex flex-wrap gap-x-6">
            {SELF_SCORES.map((label, score) => (
              <label key={label} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`score-${question.id}`}
                  checked={scores[index] === score}
                  onChange={() => setScores(scores.map((value, position) => (position === index ? score : value)))}
                  className="size-5 accent-[var(--primary)]"
                />
                {label}
              </label>
            ))}
          </div>
        </Fieldset>
        <Field label="Ce que je retiens (facultatif)">
          {({ id }) => (
            <Textarea
              id={id}
              value={notes[index]}
              maxLength={500}
              onChange={(event) => setNotes(notes.map((value, position) => (position === index ? event.currentTarget.value : value)))}
              className="min-h-20"
            />
          )}
        </Field>
        <Button onClick={next} disabled={scores[index] === null}>
          {last ? "Terminer la séance" : "Question suivante"}
        </Button>
      </Card>
    </section>
  );
}

function OralSummary({
  session,
  scores,
  notes,
  saved,
  failed,
  generationId,
}: {
  session: OralsOutput;
  scores: (number | null)[];
  notes: string[];
  saved: boolean;
  failed: boolean;
  generationId: number | null;
}) {
  const toRework = session.questions.filter((_, index) => (scores[index] ?? 0) <= 1).length;
  return (
    <section aria-labelledby="bilan" className="space-y-4">
      <h2 id="bilan" className="text-2xl font-bold">
        Bilan de la séance
      </h2>
      <p>
        {toRework === 0
          ? "Toutes vos réponses sont au moins « Bien »."
          : `${toRework} réponse${toRework > 1 ? "s" : ""} à retravailler sur ${session.questions.length}.`}
      </p>
      <ol className="space-y-3">
        {session.questions.map((question, index) => (
          <li key={question.id}>
            <Card className="space-y-1 p-4">
              <p className="font-semibold">{question.question}</p>
              <p className="text-sm">
                Auto-évaluation&nbsp;: <strong>{SELF_SCORES[scores[index] ?? 0]}</strong>
              </p>
              {notes[index] ? <p className="text-sm text-muted-foreground">{notes[index]}</p> : null}
            </Card>
          </li>
        ))}
      </ol>
      <div aria-live="polite">
        {saved ? (
          <p role="status" className="font-semibold text-success">
            {ORALS_MESSAGES.saved}
          </p>
        ) : failed ? (
          <FormError message={ORALS_MESSAGES.notSaved} />
        ) : !generationId ? (
          <p>
            {ORALS_MESSAGES.visitor}{" "}
            <Link to="/register" className="text-primary underline underline-offset-4">
              Créer un compte
            </Link>
          </p>
        ) : null}
      </div>
      <Link to="/generator/orals-unified" className="font-semibold text-primary underline underline-offset-4">
        Nouvelle séance
      </Link>
    </section>
  );
}
