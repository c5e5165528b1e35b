import { Form, Link, data, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, SelectField } from "~/components/ui/field";
import { EngineNote, ExampleLink, Examples, SourceList, ToolHeader } from "~/features/generators/generator-ui";
import {
  THEME_LANGUAGES,
  THEME_LEVELS,
  THEME_VERDICTS,
  type ThemeCheckInput,
  type ThemeCheckOutput,
  type ThemeLanguage,
  generatorTool,
  themeCheckSchema,
  themeDrawSchema,
} from "~/features/generators/generators";
import { generatorRoute, requestedGeneration, toolPageData } from "~/features/generators/route.server";
import { drawItem, findItem } from "~/features/generators/theme.server";
import { gradeTheme } from "~/features/generators/tools.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import type { Route } from "./+types/generator-theme-grammar";

const TOOL = generatorTool("theme-grammar")!;

/**
 * Each state is a URL: `?langue=en&niveau=2&tirer` draws a sentence and redirects to its own address
 * (`?langue=en&niveau=2&phrase=<id>`), so the page after a correction shows the same sentence.
 */
export async function loader(args: Route.LoaderArgs) {
  const { entry, viewer } = await generatorRoute(args);
  const previous = await requestedGeneration(args.request, viewer, "theme-grammar");
  if (previous) {
    // A drill reopened from « Mes générations »: its sentence, the answer given and the verdict.
    const input = previous.input as ThemeCheckInput;
    const item = findItem(input.language, input.itemId);
    return {
      ...(await toolPageData(entry, viewer)),
      language: input.language,
      level: "",
      item: item ? { id: item.id, french: item.french, point: item.point, level: item.level } : null,
      previous: { answer: input.answer, itemId: input.itemId, engine: previous.engine, result: previous.output as ThemeCheckOutput },
    };
  }
  const query = new URL(args.request.url).searchParams;
  const draw = themeDrawSchema.safeParse({
    language: query.get("langue") ?? undefined,
    level: query.get("niveau") ?? "",
    previous: query.get("apres") ?? "",
  });
  const page = await toolPageData(entry, viewer);
  if (!draw.success) return { ...page, language: null, level: "", item: null, previous: null };
  const { language, level } = draw.data;
  if (query.has("tirer")) {
    const drawn = drawItem(language, level, draw.data.previous);
    const next = new URLSearchParams({ langue: language, ...(level ? { niveau: level } : {}), ...(drawn ? { phrase: drawn.id } : {}) });
    throw redirect(`?${next}`);
  }
  const item = findItem(language, query.get("phrase") ?? "");
  return {
    ...page,
    language,
    level,
    item: item ? { id: item.id, french: item.french, point: item.point, level: item.level } : null,
    previous: null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { viewer } = await generatorRoute(args);
  const formData = await readFormData(args.request);
  const values = {
    language: String(formData.get("language") ?? ""),
    itemId: String(formData.get("itemId") ?? "").slice(0, 200),
    answer: String(formData.get("answer") ?? "").slice(0, 1_000),
  };
  const parsed = themeCheckSchema.safeParse(values);
  if (!parsed.success) return data({ ok: false as const, answer: values.answer, error: parsed.error.issues[0].message }, { status: 400 });
  const graded = await gradeTheme(parsed.data, viewer);
  if (!graded.ok) return data({ ok: false as const, answer: values.answer, error: graded.message }, { status: graded.status });
  return {
    ok: true as const,
    answer: values.answer,
    itemId: parsed.data.itemId,
    engine: graded.result.engine,
    result: graded.result.output,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function ThemeGrammar({ loaderData, actionData }: Route.ComponentProps) {
  const { modelOn, quota, language, level, item } = loaderData;
  const navigation = useNavigation();
  const checking = navigation.state === "submitting";
  const graded =
    actionData?.ok && item && actionData.itemId === item.id
      ? actionData
      : !actionData && loaderData.previous && item?.id === loaderData.previous.itemId
        ? loaderData.previous
        : undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ToolHeader tool={TOOL} modelOn={modelOn} quota={quota} />
      <Card className="mt-8">
        <Form method="get" className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <SelectField label="Langue" name="langue" options={THEME_LANGUAGES} defaultValue={language ?? "en"} />
          <SelectField label="Niveau" name="niveau" options={THEME_LEVELS} placeholder="Tous les niveaux" defaultValue={level} />
          {item ? <input type="hidden" name="apres" value={item.id} /> : null}
          <Button type="submit" name="tirer" value="1">
            {item ? "Une autre phrase" : "Tirer une phrase"}
          </Button>
        </Form>
      </Card>
      {language && !item ? (
        <div className="mt-6">
          <Alert tone="warning" title="Cette phrase n'existe pas ou plus.">
            Tirez-en une autre avec le bouton ci-dessus.
          </Alert>
        </div>
      ) : null}
      {language && item ? (
        <section aria-labelledby="phrase" className="mt-8 space-y-4">
          <h2 id="phrase" className="text-2xl font-bold">
            Traduisez en {THEME_LANGUAGES[language as ThemeLanguage].toLowerCase()}
          </h2>
          <p className="text-sm text-muted-foreground">
            Point de grammaire&nbsp;: <strong className="text-foreground">{item.point}</strong> · {THEME_LEVELS[item.level]}
          </p>
          <blockquote lang="fr" className="rounded-xl border-l-4 border-primary bg-muted/40 p-4 text-xl">
            {item.french}
          </blockquote>
          <Form method="post" className="space-y-3" key={item.id}>
            <input type="hidden" name="language" value={language} />
            <input type="hidden" name="itemId" value={item.id} />
            <Field label="Votre traduction" error={actionData?.ok === false ? actionData.error : undefined}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  name="answer"
                  lang={language}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  defaultValue={actionData?.answer ?? loaderData.previous?.answer ?? ""}
                  maxLength={600}
                  required
                />
              )}
            </Field>
            <Button type="submit" disabled={checking}>
              {checking ? "Correction…" : "Corriger"}
            </Button>
          </Form>
          {graded ? <Verdict {...graded} language={language} /> : null}
        </section>
      ) : null}
      {!language ? (
        <div className="mt-10">
          <Examples>
            {Object.entries(THEME_LANGUAGES).map(([code, label]) => (
              <ExampleLink key={code} to={`?langue=${code}&tirer=1`}>
                Une phrase en {label.toLowerCase()}
              </ExampleLink>
            ))}
          </Examples>
        </div>
      ) : null}
    </div>
  );
}

function Verdict({
  result,
  engine,
  language,
}: {
  result: Extract<Route.ComponentProps["actionData"], { ok: true }>["result"];
  engine: "offline" | "model";
  language: string;
}) {
  const tone = result.verdict === "wrong" ? "danger" : "success";
  return (
    <div className="space-y-3" aria-live="polite">
      <Alert tone={tone} title={THEME_VERDICTS[result.verdict]}>
        <p>
          Corrigé&nbsp;: <span lang={language}>{result.expected}</span>
        </p>
      </Alert>
      {result.otherAnswers.length ? (
        <div className="text-sm">
          <p className="font-semibold">Autres traductions acceptées</p>
          <ul className="list-disc pl-5" lang={language}>
            {result.otherAnswers.map((answer) => (
              <li key={answer}>{answer}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h3 className="font-semibold">La règle</h3>
        <p>{result.explanation}</p>
      </div>
      <SourceList sources={result.sources} heading="Pour revoir le point" />
      <EngineNote engine={engine} />
      <p className="text-sm">
        <Link to="/generator" className="text-primary underline underline-offset-4">
          Les autres générateurs
        </Link>
      </p>
    </div>
  );
}
