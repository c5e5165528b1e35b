import { Form, useNavigation } from "react-router";
import { WRITING_EXERCISES } from "../../content/banks/schema";
import { Card } from "~/components/ui/card";
import { SelectField, TextareaField } from "~/components/ui/field";
import { CopyButton, SubmitRow, EngineNote, ExampleLink, Examples, SourceList, ToolHeader } from "~/features/generators/generator-ui";
import {
  THEME_LANGUAGES,
  type WritingHelpInput,
  type WritingHelpOutput,
  generatorTool,
  writingHelpInputSchema,
} from "~/features/generators/generators";
import { generationAction, generatorRoute, requestedGeneration, toolPageData } from "~/features/generators/route.server";
import { generateWritingHelp } from "~/features/generators/tools.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import type { Route } from "./+types/generator-languages-unified";

const TOOL = generatorTool("languages-unified")!;
const EXAMPLES: WritingHelpInput[] = [
  { language: "en", exercise: "essai", subject: "Is the NHS still fit for purpose?" },
  { language: "en", exercise: "synthese", subject: "Social media and democracy" },
];

export async function loader(args: Route.LoaderArgs) {
  const { entry, viewer } = await generatorRoute(args);
  const previous = await requestedGeneration(args.request, viewer, "languages-unified");
  const query = new URL(args.request.url).searchParams;
  const example = EXAMPLES[Number(query.get("exemple"))];
  return {
    ...(await toolPageData(entry, viewer)),
    values: previous ? (previous.input as WritingHelpInput) : (example ?? { language: "en", exercise: "essai", subject: "" }),
    previous: previous && { engine: previous.engine, result: previous.output as WritingHelpOutput },
  };
}

export async function action(args: Route.ActionArgs) {
  const { viewer } = await generatorRoute(args);
  const formData = await readFormData(args.request);
  const values = {
    language: String(formData.get("language") ?? ""),
    exercise: String(formData.get("exercise") ?? ""),
    subject: String(formData.get("subject") ?? "").slice(0, 1_000),
  };
  return generationAction(values, writingHelpInputSchema, (input) => generateWritingHelp(input, viewer));
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function LanguagesUnified({ loaderData, actionData }: Route.ComponentProps) {
  const { modelOn, quota, previous } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const busy = useNavigation().state === "submitting";
  const shown = actionData?.ok ? actionData : previous ? { ...previous, notice: undefined } : undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ToolHeader tool={TOOL} modelOn={modelOn} quota={quota} />
      <Card className="mt-8">
        <Form method="post" className="space-y-5" key={JSON.stringify(loaderData.values)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Langue" name="language" options={THEME_LANGUAGES} defaultValue={values.language} />
            <SelectField label="Exercice" name="exercise" options={WRITING_EXERCISES} defaultValue={values.exercise} />
          </div>
          <TextareaField
            label="Sujet ou thème du dossier"
            name="subject"
            defaultValue={values.subject}
            maxLength={400}
            required
            className="min-h-20"
          />
          <SubmitRow
            busy={busy}
            label="Préparer mon plan de travail"
            busyLabel="Préparation…"
            error={actionData?.ok === false ? actionData.error : undefined}
          />
        </Form>
      </Card>
      {shown ? <WritingHelp {...shown} /> : null}
      <div className="mt-10">
        <Examples>
          {EXAMPLES.map((example, index) => (
            <ExampleLink key={example.subject} to={`?exemple=${index}`}>
              {WRITING_EXERCISES[example.exercise]}&nbsp;: {example.subject}
            </ExampleLink>
          ))}
        </Examples>
      </div>
    </div>
  );
}

function WritingHelp({ engine, notice, result }: { engine: "offline" | "model"; notice?: string; result: WritingHelpOutput }) {
  const plainText = result.steps
    .map((step) =>
      [
        step.heading,
        ...step.advice.map((advice) => `- ${advice}`),
        ...step.connectors.map((item) => `  ${item.term} — ${item.translation}`),
      ].join("\n"),
    )
    .join("\n\n");
  return (
    <section aria-labelledby="methode" className="mt-8 space-y-6">
      <div className="space-y-2">
        <h2 id="methode" className="text-2xl font-bold">
          {result.title}
        </h2>
        <EngineNote engine={engine} notice={notice} />
      </div>
      <div>
        <h3 className="font-semibold">L'épreuve</h3>
        <ul className="list-disc space-y-1 pl-5">
          {result.formats.map((format) => (
            <li key={format}>{format}</li>
          ))}
        </ul>
      </div>
      <ol className="space-y-4">
        {result.steps.map((step, index) => (
          <li key={step.heading}>
            <Card className="space-y-3 p-4">
              <h3 className="font-bold">
                {index + 1}. {step.heading}
              </h3>
              <ul className="list-disc space-y-1 pl-5">
                {step.advice.map((advice) => (
                  <li key={advice}>{advice}</li>
                ))}
              </ul>
              {step.connectors.length ? (
                <div>
                  <p className="text-sm font-semibold">Connecteurs</p>
                  <ul className="mt-1 space-y-1 text-sm">
                    {step.connectors.map((item) => (
                      <li key={item.term}>
                        <strong lang={result.language}>{item.term}</strong> — {item.translation}
                        <span className="block text-muted-foreground" lang={result.language}>
                          {item.example}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </Card>
          </li>
        ))}
      </ol>
      <CopyButton text={plainText} label="Copier le plan de travail" />
      {result.vocabulary.length ? (
        <div>
          <h3 className="font-semibold">Vocabulaire du thème</h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {result.vocabulary.map((entry) => (
              <li key={entry.term}>
                <strong lang={result.language}>{entry.term}</strong> — {entry.translation}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-muted-foreground">Aucun mot des fiches de vocabulaire ne correspond à ce sujet.</p>
      )}
      <SourceList sources={result.sources} heading="Fiches utilisées" />
    </section>
  );
}
