import { data } from "react-router";
import { permissionsOf } from "~/features/access/guards.server";
import { getCurrentSession } from "~/features/accounts/session.server";
import { type ChatbotOutput, chatbotInputSchema } from "~/features/generators/generators";
import { presentChatbot } from "~/features/generators/present.server";
import { streamedGeneration } from "~/features/generators/stream.server";
import { askChatbot } from "~/features/generators/tools.server";
import { readJson } from "~/features/http/request-body.server";
import type { Route } from "./+types/api.generator-chatbot";

/**
 * POST { question }: the prépa chatbot's answer streamed as it is written (stream.server.ts), for the page
 * when a model is connected. The same generation as the page's form: same checks, quota and history.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = chatbotInputSchema.safeParse(await readJson(request));
  if (!parsed.success)
    return data(
      { error: parsed.error.issues[0]?.message ?? "Requête invalide." },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const session = await getCurrentSession(request);
  const viewer = { userId: session?.user.id ?? null, clientIp: context.clientIp, can: await permissionsOf(request) };
  return streamedGeneration(
    (onPartial) => askChatbot(parsed.data, viewer, onPartial),
    (partial) => {
      const answer = (partial as Partial<ChatbotOutput> | undefined)?.answer;
      return typeof answer === "string" ? answer : undefined;
    },
    (generated) => ({
      engine: generated.result.engine,
      notice: generated.result.notice,
      result: presentChatbot(generated.result.output),
      generationId: generated.generationId,
    }),
  );
}
