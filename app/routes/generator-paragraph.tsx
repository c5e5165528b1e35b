import { Form, Link, useNavigation } from "react-router";
import { Card } from "~/components/ui/card";
import { TextField, TextareaField } from "~/components/ui/field";
import { useMathFonts } from "~/features/content/math-fonts";
import { CopyButton, SubmitRow, EngineNote, ExampleLink, Examples, SourceList, ToolHeader } from "~/features/generators/generator-ui";
import { type ParagraphInput, type ParagraphOutput, generatorTool, paragraphInputSchema } from "~/features/generators/generators";
import { formulaTextToHtml } from "~/features/generators/formula-text.server";
import { generationAction, generatorRoute, requestedGeneration, toolPageData } from "~/features/generators/route.server";
import { generateParagraph } from "~/features/generators/tools.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import type { Route } from "./+types/generator-paragraph";

const TOOL = generatorTool("paragraph")!;
const EXAMPLE: ParagraphInput = {
  subject: "La mondialisation est-elle une menace pour les États ?",
  idea: "les États gardent la main sur les règles du commerce mondial",
  argument: "ce sont eux qui négocient les accords commerciaux et qui peuvent relever leurs droits de douane",
  example: "en 2018, les États-Unis ont relevé leurs droits de douane sur l'acier et l'aluminium importés",
};

const EMPTY: ParagraphInput = { subject: "", idea: "", argument: "", example: "" };

/** The result with its excerpts' formulas rendered (excerpts come from the courses). */
function present(output: ParagraphOutput) {
  return { ...output, related: output.related.map((item) => ({ ...item, html: formulaTextToHtml(item.excerpt) })) };
}

export async function loader(args: Route.LoaderArgs) {
  const { entry, viewer } = await generatorRoute(args);
  const previous = await requestedGeneration(args.request, viewer, "paragraph");
  const example = new URL(args.request.url).searchParams.get("exemple") === "mondialisation";
  return {
    ...(await toolPageData(entry, viewer)),
    values: previous ? (previous.input as ParagraphInput) : example ? EXAMPLE : EMPTY,
    previous: previous && { engine: previous.engine, result: present(previous.output as ParagraphOutput) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { viewer } = await generatorRoute(args);
  const formData = await readFormData(args.request);
  const values: ParagraphInput = {
    subject: String(formData.get("subject") ?? "").slice(0, 1_000),
    idea: String(formData.get("idea") ?? "").slice(0, 1_000),
    argument: String(formData.get("argument") ?? "").slice(0, 2_000),
    example: String(formData.get("example") ?? "").slice(0, 2_000),
  };
  return generationAction(values, paragraphInputSchema, (input) => generateParagraph(input, viewer), present);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function ParagraphGenerator({ loaderData, actionData }: Route.ComponentProps) {
  const { modelOn, quota, previous } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const busy = useNavigation().state === "submitting";
  const failed = actionData?.ok === false ? actionData : undefined;
  const errorOf = (field: string) => (failed?.field === field ? failed.error : undefined);
  const shown = actionData?.ok ? actionData : previous ? { ...previous, notice: undefined } : undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ToolHeader tool={TOOL} modelOn={modelOn} quota={quota} />
      <Card className="mt-8">
        <Form method="post" className="space-y-5" key={JSON.stringify(loaderData.values)}>
          <TextField label="Sujet (facultatif)" name="subject" defaultValue={values.subject} maxLength={300} error={errorOf("subject")} />
          <TextField
            label="Idée directrice"
            name="idea"
            defaultValue={values.idea}
            maxLength={400}
            required
            error={errorOf("idea")}
            hint="Ce que le paragraphe démontre, en une phrase affirmative."
          />
          <TextareaField
            label="Argument (facultatif)"
            name="argument"
            error={errorOf("argument")}
            hint="Pourquoi l'idée est vraie : un mécanisme, une cause."
            defaultValue={values.argument}
            maxLength={800}
            className="min-h-20"
          />
          <TextareaField
            label="Exemple"
            name="example"
            error={errorOf("example")}
            hint="Un fait précis : une date, un lieu, un acteur, un chiffre avec son année."
            defaultValue={values.example}
            maxLength={1_000}
            required
            className="min-h-20"
          />
          <SubmitRow
            busy={busy}
            label="Construire le paragraphe"
            busyLabel="Rédaction…"
            error={failed?.field === "form" ? failed.error : undefined}
          />
        </Form>
      </Card>
      {shown ? <ParagraphResult {...shown} /> : null}
      <div className="mt-10">
        <Examples>
          <ExampleLink to="?exemple=mondialisation">Les États et le commerce mondial</ExampleLink>
        </Examples>
      </div>
    </div>
  );
}

function ParagraphResult({ engine, notice, result }: { engine: "offline" | "model"; notice?: string; result: ReturnType<typeof present> }) {
  useMathFonts(result.related);
  return (
    <section aria-labelledby="paragraphe" className="mt-8 space-y-6">
      <div className="space-y-2">
        <h2 id="paragraphe" className="text-2xl font-bold">
          Votre paragraphe
        </h2>
        <EngineNote engine={engine} notice={notice} />
      </div>
      <p className="rounded-xl border border-border bg-muted/40 p-4 text-lg">{result.paragraph}</p>
      <CopyButton text={result.paragraph} label="Copier le paragraphe" />
      <div>
        <h3 className="font-semibold">Les étapes</h3>
        <dl className="mt-2 space-y-2">
          {result.parts.map((part) => (
            <div key={part.label}>
              <dt className="text-sm font-semibold text-muted-foreground">{part.label}</dt>
              <dd>{part.text}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h3 className="font-semibold">Liste de contrôle</h3>
        <ul className="mt-2 space-y-2">
          {result.checklist.map((item) => (
            <li key={item.label} className="flex gap-2">
              <span aria-hidden="true" className={item.ok ? "text-success" : "text-destructive"}>
                {item.ok ? "✓" : "✗"}
              </span>
              <span>
                <strong>
                  {item.label}
                  <span className="sr-only">{item.ok ? "\u00a0: fait" : "\u00a0: à reprendre"}</span>
                </strong>
                {item.ok ? null : <span className="block text-sm">{item.advice}</span>}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {result.related.length ? (
        <div className="space-y-3">
          <h3 className="font-semibold">Dans les cours Tremplin, pour étayer</h3>
          <ul className="space-y-3">
            {result.related.map((item) => (
              <li key={item.url}>
                <figure className="rounded-xl border border-border p-4">
                  <blockquote dangerouslySetInnerHTML={{ __html: item.html }} />
                  <figcaption className="mt-2 text-sm">
                    <Link to={item.url} className="font-semibold text-primary underline underline-offset-4">
                      {item.title}
                    </Link>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <SourceList sources={result.sources} heading="Pages citées" />
    </section>
  );
}
