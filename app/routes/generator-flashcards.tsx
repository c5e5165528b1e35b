import { useEffect, useState } from "react";
import { Form, Link, data, useFetcher, useNavigation, useRouteLoaderData } from "react-router";
import { FormError } from "~/components/layout/auth-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Fieldset, SelectField, Textarea } from "~/components/ui/field";
import { useMathFonts } from "~/features/content/math-fonts";
import { chapterChoices } from "~/features/generators/flashcards.server";
import { corpusPermissions } from "~/features/generators/generate.server";
import { saveCardsFromForm } from "~/features/generators/save-cards.server";
import { CopyButton, SubmitRow, EngineNote, ExampleLink, Examples, SourceList, ToolHeader } from "~/features/generators/generator-ui";
import {
  CARD_KINDS,
  FLASHCARD_TEXT_MAX,
  type FlashcardsOutput,
  GENERATOR_MESSAGES,
  flashcardsInputSchema,
  generatorTool,
} from "~/features/generators/generators";
import { presentCards } from "~/features/generators/present.server";
import { generatorRoute, requestedGeneration, toolPageData } from "~/features/generators/route.server";
import { generateFlashcards } from "~/features/generators/tools.server";
import { readFormData } from "~/features/http/request-body.server";
import { addGeneratedContent } from "~/features/learning/local-data";
import { pageMeta } from "~/features/site/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/generator-flashcards";

const TOOL = generatorTool("flashcards")!;
const EXAMPLE_TEXT = `Le PIB : la somme des valeurs ajoutées produites sur le territoire pendant une année.
La croissance économique est une augmentation durable de la production d'un pays.
Qu'est-ce que l'inflation ?
Une hausse générale et durable du niveau des prix.`;

export async function loader(args: Route.LoaderArgs) {
  const { entry, viewer } = await generatorRoute(args);
  const previous = await requestedGeneration(args.request, viewer, "flashcards");
  const query = new URL(args.request.url).searchParams;
  const chapters = chapterChoices(await corpusPermissions(viewer)).map(({ id, title }) => ({ id, title }));
  return {
    ...(await toolPageData(entry, viewer)),
    chapters,
    prefill: {
      source: query.get("source") === "text" ? "text" : "chapter",
      chapter: (query.get("chapitre") ?? "").slice(0, 120),
      text: query.get("exemple") === "texte" ? EXAMPLE_TEXT : "",
    },
    previous: previous && { generationId: previous.id, engine: previous.engine, result: presentCards(previous.output as FlashcardsOutput) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { viewer } = await generatorRoute(args);
  const formData = await readFormData(args.request);
  if (formData.get("intent") === "save") return saveCardsFromForm(formData, viewer.userId, "flashcards");
  const values = {
    source: formData.get("source") === "text" ? ("text" as const) : ("chapter" as const),
    chapter: String(formData.get("chapter") ?? "").slice(0, 200),
    text: String(formData.get("text") ?? "").slice(0, FLASHCARD_TEXT_MAX + 1_000),
  };
  const input = values.source === "text" ? { source: "text", text: values.text } : { source: "chapter", chapter: values.chapter };
  const parsed = flashcardsInputSchema.safeParse(input);
  const refuse = (message: string, status: number) =>
    data({ intent: "generate" as const, ok: false as const, values, error: message }, { status });
  if (!parsed.success) return refuse(parsed.error.issues[0].message, 400);
  const generated = await generateFlashcards(parsed.data, viewer);
  if (!generated.ok) return refuse(generated.message, generated.status);
  return {
    intent: "generate" as const,
    ok: true as const,
    values,
    engine: generated.result.engine,
    notice: generated.result.notice,
    result: presentCards(generated.result.output),
    generationId: generated.generationId,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function FlashcardsGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const { modelOn, quota, chapters, prefill, previous } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const generated = actionData?.intent === "generate" ? actionData : undefined;
  const values = generated?.values ?? prefill;
  const [source, setSource] = useState(values.source);
  useEffect(() => setSource(values.source), [values.source]);
  const shown = generated?.ok ? generated : previous ? { ...previous, notice: undefined } : undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ToolHeader tool={TOOL} modelOn={modelOn} quota={quota} />
      <Card className="mt-8">
        <Form method="post" encType="multipart/form-data" className="space-y-5">
          <input type="hidden" name="intent" value="generate" />
          <Fieldset legend="À partir de">
            <div className="flex flex-wrap gap-x-6">
              {(
                [
                  ["chapter", "Un chapitre du site"],
                  ["text", "Un texte que je colle"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="source"
                    value={value}
                    checked={source === value}
                    onChange={() => setSource(value)}
                    className="size-5 accent-[var(--primary)]"
                  />
                  {label}
                </label>
              ))}
            </div>
          </Fieldset>
          <div hidden={source !== "chapter"}>
            <SelectField
              label="Chapitre"
              name="chapter"
              options={Object.fromEntries(chapters.map((chapter) => [chapter.id, chapter.title]))}
              placeholder="Choisir un chapitre…"
              defaultValue={values.chapter}
              hint="Les cours que votre compte peut lire. Une carte par définition, théorème, propriété et méthode du cours."
            />
          </div>
          <div hidden={source !== "text"}>
            <Field
              label="Votre texte"
              hint={`Jusqu'à ${FLASHCARD_TEXT_MAX.toLocaleString("fr-FR")} caractères. Le générateur repère les définitions, les phrases datées ou chiffrées et les questions suivies de leur réponse.`}
            >
              {({ id, describedBy }) => (
                <Textarea
                  id={id}
                  name="text"
                  aria-describedby={describedBy}
                  defaultValue={values.text}
                  maxLength={FLASHCARD_TEXT_MAX}
                  className="min-h-48"
                />
              )}
            </Field>
          </div>
          <SubmitRow
            busy={busy}
            label="Générer les cartes"
            busyLabel="Génération…"
            error={generated?.ok === false ? generated.error : undefined}
          />
        </Form>
      </Card>
      {shown ? <GeneratedCards key={shown.generationId ?? "visitor"} {...shown} /> : null}
      <div className="mt-10">
        <Examples>
          {chapters.slice(0, 3).map((chapter) => (
            <ExampleLink key={chapter.id} to={`?chapitre=${chapter.id}`}>
              Chapitre « {chapter.title} »
            </ExampleLink>
          ))}
          <ExampleLink to="?source=text&exemple=texte">Un texte d'économie</ExampleLink>
        </Examples>
      </div>
    </div>
  );
}

type ShownCards = { engine: "offline" | "model"; notice?: string; result: ReturnType<typeof presentCards>; generationId: number | null };

function GeneratedCards({ engine, notice, result, generationId }: ShownCards) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const userId = rootData?.sessionState.userId ?? null;
  const save = useFetcher<typeof action>();
  const saved = save.data?.intent === "save" ? save.data : undefined;
  useMathFonts(result.cards);
  useEffect(() => {
    if (userId && generationId)
      addGeneratedContent(userId, { type: "flashcards", title: result.title, generationId, content: result.cards.length });
  }, [userId, generationId, result]);
  const plainText = result.cards.map((card) => `${card.front}\n→ ${card.back}`).join("\n\n");
  const errors: Record<string, string> = saved && !saved.ok ? saved.errors : {};
  return (
    <section aria-labelledby="cartes" className="mt-8 space-y-4">
      <h2 id="cartes" className="text-2xl font-bold">
        {result.title}&nbsp;: {result.cards.length} carte{result.cards.length > 1 ? "s" : ""}
      </h2>
      <EngineNote engine={engine} notice={notice} />
      <SourceList sources={result.sources} heading="Pages utilisées" />
      <save.Form method="post" encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="generationId" value={generationId ?? ""} />
        <p className="text-sm text-muted-foreground">
          Corrigez les cartes si besoin et décochez celles que vous ne voulez pas garder. Les formules s'écrivent entre $…$.
        </p>
        <ol className="space-y-4">
          {result.cards.map((card, index) => (
            <li key={index}>
              <Card className="space-y-3 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-semibold">
                    Carte {index + 1} · {CARD_KINDS[card.kind]}
                  </span>
                  <label className="inline-flex min-h-9 items-center gap-2 text-sm">
                    <input type="checkbox" name="keep" value={index} defaultChecked className="size-5 accent-[var(--primary)]" />
                    Garder
                  </label>
                </div>
                <input type="hidden" name={`kind-${index}`} value={card.kind} />
                {card.sourceUrl ? <input type="hidden" name={`source-${index}`} value={card.sourceUrl} /> : null}
                <div className="grid gap-3 md:grid-cols-2">
                  <Field label={`Recto de la carte ${index + 1}`}>
                    {({ id }) => (
                      <Textarea id={id} name={`front-${index}`} defaultValue={card.front} maxLength={500} className="min-h-20" />
                    )}
                  </Field>
                  <Field label={`Verso de la carte ${index + 1}`}>
                    {({ id }) => (
                      <Textarea id={id} name={`back-${index}`} defaultValue={card.back} maxLength={1_500} className="min-h-20" />
                    )}
                  </Field>
                </div>
                {card.front.includes("$") || card.back.includes("$") ? (
                  <div className="rounded-lg bg-muted/40 p-3 text-sm">
                    <p className="font-semibold">Aperçu des formules</p>
                    <p dangerouslySetInnerHTML={{ __html: card.frontHtml }} />
                    <p className="mt-1" dangerouslySetInnerHTML={{ __html: card.backHtml }} />
                  </div>
                ) : null}
                {errors[String(index)] ? <p className="text-sm font-medium text-destructive">{errors[String(index)]}</p> : null}
              </Card>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          {userId ? (
            <Button type="submit" disabled={save.state !== "idle"}>
              {save.state !== "idle" ? "Ajout…" : "Ajouter à mon deck de révision"}
            </Button>
          ) : (
            <ButtonLink to={`/login?next=${encodeURIComponent("/generator/flashcards")}`}>{GENERATOR_MESSAGES.signInToSave}</ButtonLink>
          )}
          <CopyButton text={plainText} label="Copier les cartes" />
        </div>
        <div aria-live="polite">
          {saved?.ok ? (
            <p role="status" className="font-semibold text-success">
              {GENERATOR_MESSAGES.saved} ({saved.count} carte{saved.count > 1 ? "s" : ""}){" "}
              <Link to="/dashboard#revision" className="text-primary underline underline-offset-4">
                Réviser maintenant
              </Link>
            </p>
          ) : saved ? (
            <FormError message={saved.error} />
          ) : null}
        </div>
      </save.Form>
    </section>
  );
}
