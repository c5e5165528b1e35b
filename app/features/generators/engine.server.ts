import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { Output, generateText, streamText } from "ai";
import type { LanguageModel } from "ai";
import type { z } from "zod";
import { getConfig } from "../../config.server";
import { type Engine, GENERATOR_MESSAGES } from "./generators";

/**
 * The two engines behind every tool (issue #15). The offline engine always works; the model engine runs
 * when AI_BASE_URL and AI_MODEL are set: any OpenAI-compatible endpoint, through the AI SDK, with the
 * tool's own output schema as structured output. Its prompt holds the user's input and passages of our
 * pages only. An error, a timeout, an answer that does not fit the schema or that cites something it
 * was not given: the offline result is shown, with a note saying so.
 */
export interface EngineResult<O> {
  output: O;
  engine: Engine;
  /** Shown above the result (the model failed and the offline engine answered). */
  notice?: string;
  ms: number;
}

export interface ModelTask<O> {
  system: string;
  prompt: string;
  /** Checks beyond the schema: every citation among the passages given, quotes found in them… */
  accept(output: O): boolean;
}

/** The model of the configuration, or of a test. */
let modelOverride: { model: LanguageModel; timeoutMs: number } | undefined;
export function setModelForTests(model: LanguageModel | undefined, timeoutMs = 5_000): void {
  modelOverride = model && { model, timeoutMs };
}

function configuredModel(): { model: LanguageModel; timeoutMs: number } | undefined {
  const { ai } = getConfig();
  if (modelOverride) return modelOverride;
  if (!ai) return undefined;
  const provider = createOpenAICompatible({
    name: "tremplin-model",
    baseURL: ai.baseUrl,
    apiKey: ai.apiKey,
    supportsStructuredOutputs: true,
  });
  return { model: provider.chatModel(ai.model), timeoutMs: ai.timeoutMs };
}

export function modelEngineOn(): boolean {
  return configuredModel() !== undefined;
}

/** Every tool's output must keep to the citation rules: a system prompt prefix they all share. */
export const GROUNDING_RULES = [
  "Tu es l'assistant de Tremplin, une plateforme de préparation aux concours des écoles de commerce (prépa ECG). Tu réponds en français.",
  "Tu n'utilises que les informations des passages fournis et du texte de l'élève\u00a0: aucune date, aucun chiffre, aucun nom, aucun fait qui n'y figure pas.",
  "Quand tu cites une page, tu recopies exactement son titre et son adresse (url) tels qu'ils sont donnés.",
  "Tu réponds uniquement avec l'objet JSON demandé.",
].join("\n");

/** Receives the model's output as it is written (prose shown while it streams); never the offline result. */
export type PartialListener = (partial: unknown) => void;

export async function runEngines<O>(
  schema: z.ZodType<O>,
  offline: () => O | Promise<O>,
  task?: ModelTask<O>,
  onPartial?: PartialListener,
): Promise<EngineResult<O>> {
  const started = performance.now();
  const configured = task && configuredModel();
  if (configured) {
    try {
      const request = {
        model: configured.model,
        output: Output.object({ schema }),
        system: `${GROUNDING_RULES}\n\n${task.system}`,
        prompt: task.prompt,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(configured.timeoutMs),
      };
      let output: unknown;
      if (onPartial) {
        // Errors surface when the final output is awaited; onError only keeps them off the console twice.
        const streamed = streamText({ ...request, onError: () => {} });
        for await (const partial of streamed.partialOutputStream) onPartial(partial);
        output = await streamed.output;
      } else {
        output = (await generateText(request)).output;
      }
      const parsed = schema.safeParse(output);
      if (parsed.success && task.accept(parsed.data))
        return { output: parsed.data, engine: "model", ms: Math.round(performance.now() - started) };
      console.warn("The model's answer did not pass the tool's checks: offline result used.");
    } catch (error) {
      console.warn(`The model engine failed (${(error as Error).name}: ${(error as Error).message.slice(0, 200)}): offline result used.`);
    }
    return {
      output: await offline(),
      engine: "offline",
      notice: GENERATOR_MESSAGES.modelFallback,
      ms: Math.round(performance.now() - started),
    };
  }
  return { output: await offline(), engine: "offline", ms: Math.round(performance.now() - started) };
}

/** Passages numbered for a prompt, each with the title and url to cite. */
export function passagesForPrompt(passages: readonly { pageTitle: string; heading: string; url: string; body: string }[]): string {
  return passages
    .map((passage, index) => `[${index + 1}] titre : ${passage.pageTitle} — ${passage.heading}\nurl : ${passage.url}\n${passage.body}`)
    .join("\n\n");
}

/** Whitespace and case evened out: a quote is checked against its passage in this form. */
export function comparable(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLocaleLowerCase("fr");
}
