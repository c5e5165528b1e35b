import { useState } from "react";
import { Form, data, useFetcher, useNavigation, useRouteLoaderData } from "react-router";
import { FormError } from "~/components/layout/auth-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox, SelectField, TextField } from "~/components/ui/field";
import { corpusPermissions } from "~/features/generators/generate.server";
import { CopyButton, SubmitRow, EngineNote, ExampleLink, Examples, SourceList, ToolHeader } from "~/features/generators/generator-ui";
import {
  GENERATOR_MESSAGES,
  THEME_LANGUAGES,
  type ThemeLanguage,
  VOCABULARY_SIZES,
  type VocabularyInput,
  type VocabularyOutput,
  generatorTool,
  vocabularyInputSchema,
} from "~/features/generators/generators";
import { vocabularyThemes } from "~/features/generators/languages.server";
import { generatorRoute, requestedGeneration, toolPageData } from "~/features/generators/route.server";
import { saveCardsFromForm } from "~/features/generators/save-cards.server";
import { generateVocabulary } from "~/features/generators/tools.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/generator-languages";

const TOOL = generatorTool("languages")!;

export async function loader(args: Route.LoaderArgs) {
  const { entry, viewer } = await generatorRoute(args);
  const previous = await requestedGeneration(args.request, viewer, "languages");
  const query = new URL(args.request.url).searchParams;
  const permissions = await corpusPermissions(viewer);
  const themes = Object.fromEntries(
    (Object.keys(THEME_LANGUAGES) as ThemeLanguage[]).map((language) => [language, vocabularyThemes(language, permissions)]),
  ) as Record<ThemeLanguage, string[]>;
  const language = (["en", "es", "de"] as const).find((code) => code === query.get("langue")) ?? "en";
  return {
    ...(await toolPageData(entry, viewer)),
    themes,
    values: previous
      ? (previous.input as VocabularyInput)
      : { language, theme: (query.get("theme") ?? "").slice(0, 80), size: "20" as VocabularyInput["size"] },
    previous: previous && { engine: previous.engine, result: previous.output as VocabularyOutput, generationId: previous.id },
  };
}

export async function action(args: Route.ActionArgs) {
  const { viewer } = await generatorRoute(args);
  const formData = await readFormData(args.request);
  if (formData.get("intent") === "save") return saveCardsFromForm(formData, viewer.userId, "languages");
  const values = {
    language: String(formData.get("language") ?? ""),
    theme: String(formData.get("theme") ?? "").slice(0, 200),
    size: String(formData.get("size") ?? "20"),
  };
  const parsed = vocabularyInputSchema.safeParse(values);
  if (!parsed.success)
    return data({ intent: "generate" as const, ok: false as const, values, error: parsed.error.issues[0].message }, { status: 400 });
  const generated = await generateVocabulary(parsed.data, viewer);
  if (!generated.ok)
    return data({ intent: "generate" as const, ok: false as const, values, error: generated.message }, { status: generated.status });
  return {
    intent: "generate" as const,
    ok: true as const,
    values,
    engine: generated.result.engine,
    notice: generated.result.notice,
    result: generated.result.output,
    generationId: generated.generationId,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function LanguagesGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const { modelOn, quota, themes, previous } = loaderData;
  const generated = actionData?.intent === "generate" ? actionData : undefined;
  const values = generated?.values ?? loaderData.values;
  const [language, setLanguage] = useState(values.language as ThemeLanguage);
  const busy = useNavigation().state === "submitting";
  const shown = generated?.ok ? generated : previous ? { ...previous, notice: undefined } : undefined;
  const available = themes[language] ?? [];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <ToolHeader tool={TOOL} modelOn={modelOn} quota={quota} />
      <Card className="mt-8">
        <Form method="post" className="grid gap-4 sm:grid-cols-[10rem_1fr_8rem] sm:items-start" key={JSON.stringify(loaderData.values)}>
          <input type="hidden" name="intent" value="generate" />
          <SelectField
            label="Langue"
            name="language"
            options={THEME_LANGUAGES}
            defaultValue={values.language}
            onChange={(event) => setLanguage(event.currentTarget.value as ThemeLanguage)}
          />
          <TextField
            label="Thème"
            name="theme"
            list="themes-vocabulaire"
            defaultValue={values.theme}
            maxLength={80}
            required
            hint={
              available.length
                ? `Thèmes des fiches\u00a0: ${available.join(", ")}, ou un mot-clé.`
                : "Pas encore de fiche de vocabulaire dans cette langue."
            }
          />
          <datalist id="themes-vocabulaire">
            {available.map((theme) => (
              <option key={theme} value={theme} />
            ))}
          </datalist>
          <SelectField label="Nombre" name="size" options={VOCABULARY_SIZES} defaultValue={values.size} />
          <div className="sm:col-span-3 space-y-3">
            <SubmitRow
              busy={busy}
              label="Générer la liste"
              busyLabel="Recherche…"
              error={generated?.ok === false ? generated.error : undefined}
            />
          </div>
        </Form>
      </Card>
      {shown ? <VocabularyList key={shown.generationId ?? "visitor"} {...shown} /> : null}
      <div className="mt-10">
        <Examples>
          {themes.en.slice(0, 4).map((theme) => (
            <ExampleLink key={theme} to={`?langue=en&theme=${encodeURIComponent(theme)}`}>
              Anglais&nbsp;: {theme}
            </ExampleLink>
          ))}
        </Examples>
      </div>
    </div>
  );
}

function VocabularyList({
  engine,
  notice,
  result,
  generationId,
}: {
  engine: "offline" | "model";
  notice?: string;
  result: VocabularyOutput;
  generationId: number | null;
}) {
  const userId = useRouteLoaderData<typeof rootLoader>("root")?.sessionState.userId ?? null;
  const [hidden, setHidden] = useState(false);
  const save = useFetcher<typeof action>();
  const saved = save.data?.intent === "save" ? save.data : undefined;
  const languageName = THEME_LANGUAGES[result.language].toLowerCase();
  const plainText = result.entries.map((entry) => `${entry.term}\t${entry.translation}\t${entry.example}`).join("\n");
  return (
    <section aria-labelledby="liste" className="mt-8 space-y-4">
      <h2 id="liste" className="text-2xl font-bold">
        {result.theme}&nbsp;: {result.entries.length} mot{result.entries.length > 1 ? "s" : ""}
      </h2>
      <EngineNote engine={engine} notice={notice} />
      <Checkbox
        label={`Cacher l'${languageName} (rappel actif)`}
        checked={hidden}
        onChange={(event) => setHidden(event.currentTarget.checked)}
      />
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4">
                Français
              </th>
              <th scope="col" className="py-2 pr-4">
                Terme
              </th>
              <th scope="col" className="py-2">
                Exemple
              </th>
            </tr>
          </thead>
          <tbody>
            {result.entries.map((entry) => (
              <tr key={entry.term} className="border-b border-border align-top">
                <td className="py-2 pr-4">{entry.translation}</td>
                <td className="py-2 pr-4 font-semibold" lang={result.language}>
                  {hidden ? (
                    <details>
                      <summary className="cursor-pointer text-sm font-normal text-primary">Voir</summary>
                      {entry.term}
                    </details>
                  ) : (
                    entry.term
                  )}
                  {entry.register ? <span className="block text-xs font-normal text-muted-foreground">{entry.register}</span> : null}
                </td>
                <td className="py-2 text-sm" lang={result.language}>
                  {hidden ? null : entry.example}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SourceList sources={result.sources} heading="Fiches utilisées" />
      <save.Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="generationId" value={generationId ?? ""} />
        {result.entries.map((entry, index) => (
          <span key={entry.term} hidden>
            <input type="hidden" name="keep" value={index} />
            <input type="hidden" name={`kind-${index}`} value="question" />
            <input type="hidden" name={`front-${index}`} value={entry.translation} />
            <input type="hidden" name={`back-${index}`} value={`${entry.term}\n${entry.example}`} />
            <input type="hidden" name={`source-${index}`} value={result.sources[0]?.url ?? ""} />
          </span>
        ))}
        {userId ? (
          <Button type="submit" disabled={save.state !== "idle"}>
            {save.state !== "idle" ? "Ajout…" : "Ajouter ces mots à mon deck de révision"}
          </Button>
        ) : (
          <ButtonLink to={`/login?next=${encodeURIComponent("/generator/languages")}`}>{GENERATOR_MESSAGES.signInToSave}</ButtonLink>
        )}
        <CopyButton text={plainText} label="Copier la liste" />
        <span aria-live="polite">
          {saved?.ok ? (
            <span role="status" className="font-semibold text-success">
              {GENERATOR_MESSAGES.saved}
            </span>
          ) : saved ? (
            <FormError message={saved.error} />
          ) : null}
        </span>
      </save.Form>
    </section>
  );
}
