import { Form, useNavigation } from "react-router";
import { INTERVIEW_THEMES } from "../../content/banks/schema";
import { Card } from "~/components/ui/card";
import { Field, Select, SelectField, TextField, TextareaField } from "~/components/ui/field";
import { questionBank } from "~/features/generators/answer.server";
import { CopyButton, PointList, SubmitRow, EngineNote, ExampleLink, Examples, ToolHeader } from "~/features/generators/generator-ui";
import {
  ANSWER_FORMAT_LABELS,
  ANSWER_NOTES_MAX,
  type AnswerInput,
  type AnswerOutput,
  answerInputSchema,
  generatorTool,
} from "~/features/generators/generators";
import { generationAction, generatorRoute, requestedGeneration, toolPageData } from "~/features/generators/route.server";
import { generateAnswer } from "~/features/generators/tools.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import type { Route } from "./+types/generator-answer";

const TOOL = generatorTool("answer")!;
const EXAMPLE_NOTES = `En 2023, j'ai rejoint l'association d'aide aux devoirs de mon lycée.
Mon rôle était de trouver des bénévoles pour la rentrée.
J'ai démarché les classes de terminale une par une et monté un planning partagé.
Au final, nous sommes passés de 6 à 15 bénévoles.
J'ai appris à convaincre sans forcer.`;

interface AnswerValues {
  questionId: string;
  question: string;
  format: string;
  notes: string;
}

export async function loader(args: Route.LoaderArgs) {
  const { entry, viewer } = await generatorRoute(args);
  const previous = await requestedGeneration(args.request, viewer, "answer");
  const query = new URL(args.request.url).searchParams;
  const questions = questionBank().map(({ id, question, theme }) => ({ id, question, theme }));
  const values: AnswerValues = previous
    ? { ...(previous.input as AnswerInput) }
    : {
        questionId: questions.some((item) => item.id === query.get("question")) ? query.get("question")! : "",
        question: "",
        format: "",
        notes: query.get("exemple") === "engagement" ? EXAMPLE_NOTES : "",
      };
  return {
    ...(await toolPageData(entry, viewer)),
    questions,
    values,
    previous: previous && { engine: previous.engine, result: previous.output as AnswerOutput },
  };
}

export async function action(args: Route.ActionArgs) {
  const { viewer } = await generatorRoute(args);
  const formData = await readFormData(args.request);
  const values: AnswerValues = {
    questionId: String(formData.get("questionId") ?? "").slice(0, 200),
    question: String(formData.get("question") ?? "").slice(0, 1_000),
    format: String(formData.get("format") ?? "").slice(0, 20),
    notes: String(formData.get("notes") ?? "").slice(0, ANSWER_NOTES_MAX + 1_000),
  };
  return generationAction(values, answerInputSchema, (input) => generateAnswer(input, viewer));
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function AnswerGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const { modelOn, quota, questions, previous } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const busy = useNavigation().state === "submitting";
  const shown = actionData?.ok ? actionData : previous ? { ...previous, notice: undefined } : undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ToolHeader tool={TOOL} modelOn={modelOn} quota={quota} />
      <Card className="mt-8">
        <Form method="post" className="space-y-5" key={JSON.stringify(loaderData.values)}>
          <Field label="Question de la banque" hint="Ou laissez « Ma propre question » et écrivez-la ci-dessous.">
            {({ id, describedBy }) => (
              <Select id={id} name="questionId" aria-describedby={describedBy} defaultValue={values.questionId}>
                <option value="">Ma propre question</option>
                {Object.entries(INTERVIEW_THEMES).map(([theme, label]) => (
                  <optgroup key={theme} label={label}>
                    {questions
                      .filter((item) => item.theme === theme)
                      .map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.question}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </Select>
            )}
          </Field>
          <TextField label="Ma propre question" name="question" defaultValue={values.question} maxLength={300} />
          <SelectField
            label="Structure de la réponse"
            name="format"
            options={ANSWER_FORMAT_LABELS}
            placeholder="Celle que la question appelle"
            defaultValue={values.format}
          />
          <TextareaField
            label="Mes notes"
            hint="Vos faits, vos expériences, vos idées, en phrases courtes. Le générateur les range dans la structure sans rien ajouter."
            name="notes"
            defaultValue={values.notes}
            maxLength={ANSWER_NOTES_MAX}
            required
            className="min-h-40"
          />
          <SubmitRow
            busy={busy}
            label="Structurer ma réponse"
            busyLabel="Construction…"
            error={actionData?.ok === false ? actionData.error : undefined}
          />
        </Form>
      </Card>
      {shown ? <AnswerResult {...shown} /> : null}
      <div className="mt-10">
        <Examples>
          <ExampleLink to="?question=engagement-associatif&exemple=engagement">Un engagement associatif, en STAR</ExampleLink>
          <ExampleLink to="?question=presentez-vous">Présentez-vous</ExampleLink>
          <ExampleLink to="?question=pourquoi-la-prepa">Pourquoi la prépa ECG</ExampleLink>
        </Examples>
      </div>
    </div>
  );
}

function AnswerResult({ engine, notice, result }: { engine: "offline" | "model"; notice?: string; result: AnswerOutput }) {
  return (
    <section aria-labelledby="reponse" className="mt-8 space-y-6">
      <div className="space-y-2">
        <h2 id="reponse" className="text-2xl font-bold">
          {result.question}
        </h2>
        <p className="text-sm text-muted-foreground">Structure&nbsp;: {ANSWER_FORMAT_LABELS[result.format]}</p>
        <EngineNote engine={engine} notice={notice} />
      </div>
      {result.expects ? (
        <div>
          <h3 className="font-semibold">Ce que le jury attend</h3>
          <p>{result.expects}</p>
        </div>
      ) : null}
      <ol className="space-y-3">
        {result.parts.map((part) => (
          <li key={part.label}>
            <Card className="space-y-2 p-4">
              <h3 className="font-bold">{part.label}</h3>
              <p className="text-sm text-muted-foreground">{part.hint}</p>
              {part.sentences.length ? (
                <ul className="list-disc space-y-1 pl-5">
                  {part.sentences.map((sentence, index) => (
                    <li key={index}>{sentence}</li>
                  ))}
                </ul>
              ) : (
                <p className="font-semibold text-destructive">À compléter&nbsp;: vos notes ne disent rien de cette partie.</p>
              )}
            </Card>
          </li>
        ))}
      </ol>
      <div className="space-y-2">
        <h3 className="font-semibold">Votre réponse, dans l'ordre</h3>
        <div className="space-y-2 rounded-xl border border-border bg-muted/40 p-4">
          {result.draft.split("\n\n").map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <CopyButton text={result.draft} label="Copier la réponse" />
      </div>
      <PointList title="La méthode" points={result.method} />
      <PointList title="Les pièges" points={result.pitfalls} />
    </section>
  );
}
