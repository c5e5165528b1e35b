import { useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/field";
import { useMathFonts } from "~/features/content/math-fonts";
import { CopyButton, EngineNote, ExampleLink, Examples, SourceList, ToolHeader } from "~/features/generators/generator-ui";
import { type ChatbotOutput, chatbotInputSchema, generatorTool } from "~/features/generators/generators";
import { presentChatbot } from "~/features/generators/present.server";
import { generationAction, generatorRoute, requestedGeneration, toolPageData } from "~/features/generators/route.server";
import { askChatbot } from "~/features/generators/tools.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import type { Route } from "./+types/generator-prepa-chatbot";

const TOOL = generatorTool("prepa-chatbot")!;
const EXAMPLES = [
  "Comment montrer que deux suites sont adjacentes ?",
  "À quoi sert une boucle while en Python ?",
  "Comment réviser les flashcards avec la répétition espacée ?",
];

export async function loader(args: Route.LoaderArgs) {
  const { entry, viewer } = await generatorRoute(args);
  const previous = await requestedGeneration(args.request, viewer, "prepa-chatbot");
  const question = previous
    ? String((previous.input as { question?: unknown }).question ?? "")
    : (new URL(args.request.url).searchParams.get("question") ?? "").slice(0, 500);
  return {
    ...(await toolPageData(entry, viewer)),
    question,
    previous: previous && { engine: previous.engine, result: presentChatbot(previous.output as ChatbotOutput) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { viewer } = await generatorRoute(args);
  const formData = await readFormData(args.request);
  const question = String(formData.get("question") ?? "").slice(0, 2_000);
  return generationAction({ question }, chatbotInputSchema, (input) => askChatbot(input, viewer), presentChatbot);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function PrepaChatbot({ loaderData, actionData }: Route.ComponentProps) {
  const { modelOn, quota, previous } = loaderData;
  const navigation = useNavigation();
  const streamed = useStreamedAnswer();
  const busy = navigation.state === "submitting" || streamed.state?.status === "writing";
  const shown =
    streamed.state?.status === "done"
      ? streamed.state.final
      : actionData?.ok
        ? actionData
        : previous
          ? { ...previous, notice: undefined }
          : undefined;
  const error = streamed.state?.status === "refused" ? streamed.state.error : actionData?.ok === false ? actionData.error : undefined;
  useMathFonts(shown?.result);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ToolHeader tool={TOOL} modelOn={modelOn} quota={quota} />
      <Card className="mt-8">
        <Form
          method="post"
          className="space-y-4"
          onSubmit={(event) => {
            // With a model, the answer is streamed as it is written; without one, the form posts as usual.
            if (!modelOn) return;
            event.preventDefault();
            void streamed.ask(String(new FormData(event.currentTarget).get("question") ?? ""));
          }}
        >
          <Field label="Votre question" error={error}>
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="question"
                aria-describedby={describedBy}
                aria-invalid={invalid}
                defaultValue={actionData?.values.question ?? loaderData.question}
                maxLength={500}
                required
                className="min-h-20"
              />
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Recherche dans les cours…" : "Poser la question"}
          </Button>
        </Form>
      </Card>
      {streamed.state?.status === "writing" ? (
        <section aria-labelledby="reponse" className="mt-8 space-y-4" aria-busy="true">
          <h2 id="reponse" className="text-2xl font-bold">
            Réponse
          </h2>
          <p className="text-sm text-muted-foreground">Le modèle de langue écrit sa réponse à partir des cours…</p>
          <p className="text-lg">{streamed.state.answer}</p>
        </section>
      ) : shown ? (
        <ChatbotAnswer {...shown} />
      ) : null}
      <div className="mt-10">
        <Examples>
          {EXAMPLES.map((example) => (
            <ExampleLink key={example} to={`?question=${encodeURIComponent(example)}`}>
              {example}
            </ExampleLink>
          ))}
        </Examples>
      </div>
    </div>
  );
}

type StreamedResult = {
  engine: "offline" | "model";
  notice?: string;
  result: ReturnType<typeof presentChatbot>;
  generationId: number | null;
};
type StreamState = { status: "writing"; answer: string } | { status: "done"; final: StreamedResult } | { status: "refused"; error: string };

/** Reads the answer streamed by /api/generator/prepa-chatbot, line by line (stream.server.ts). */
function useStreamedAnswer() {
  const [state, setState] = useState<StreamState | null>(null);
  const revalidator = useRevalidator();
  async function ask(question: string) {
    setState({ status: "writing", answer: "" });
    try {
      const response = await fetch("/api/generator/prepa-chatbot", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ question }),
      });
      if (!response.ok || !response.body) {
        const refusal = (await response.json().catch(() => ({}))) as { error?: string };
        setState({ status: "refused", error: refusal.error ?? STREAM_FAILED });
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        for (const line of lines.filter(Boolean)) {
          const event = JSON.parse(line) as { type: "partial"; value: string } | { type: "result"; value: StreamedResult };
          setState(event.type === "partial" ? { status: "writing", answer: event.value } : { status: "done", final: event.value });
        }
      }
    } catch {
      setState({ status: "refused", error: STREAM_FAILED });
    }
    // The quota shown at the top of the page.
    void revalidator.revalidate();
  }
  return { state, ask };
}

const STREAM_FAILED = "La réponse n'a pas pu être chargée. Vérifiez votre connexion et réessayez.";

function ChatbotAnswer({
  engine,
  notice,
  result,
}: {
  engine: "offline" | "model";
  notice?: string;
  result: ReturnType<typeof presentChatbot>;
}) {
  return (
    <section aria-labelledby="reponse" className="mt-8 space-y-4" aria-live="polite">
      <h2 id="reponse" className="text-2xl font-bold">
        Réponse
      </h2>
      <EngineNote engine={engine} notice={notice} />
      <p className="text-lg">{result.answer}</p>
      {result.quotes.length ? (
        <ul className="space-y-3">
          {result.quotes.map((quote) => (
            <li key={`${quote.url}-${quote.text.slice(0, 20)}`}>
              <figure className="rounded-xl border border-border bg-muted/40 p-4">
                <blockquote className="text-base" dangerouslySetInnerHTML={{ __html: quote.html }} />
                <figcaption className="mt-2 text-sm">
                  <Link to={quote.url} className="font-semibold text-primary underline underline-offset-4">
                    {quote.title}
                  </Link>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
      <SourceList sources={result.sources} heading="Pages citées" />
      <div className="flex flex-wrap gap-2">
        <CopyButton text={result.plainText} label="Copier la réponse" />
      </div>
    </section>
  );
}
