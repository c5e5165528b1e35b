import { type IncomingMessage, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible endpoint on 127.0.0.1 for the generators' model engine: `/v1/chat/completions`
 * answers what the test queued (a JSON object as the message content, a raw string, or a delay longer
 * than the engine waits), and records each request's body. A request with `stream: true` gets the same
 * content as server-sent chunks of a few characters (the OpenAI streaming format).
 */
export type FakeReply =
  | { json: unknown }
  | { text: string }
  | { delayMs: number; json: unknown }
  | { status: number }
  /** An answer made from the request (to quote the passages the engine sent). */
  | { compute: (request: FakeOpenAI["requests"][number]) => unknown };

export interface FakeOpenAI {
  baseUrl: string;
  requests: { messages: { role: string; content: string }[]; response_format?: unknown; stream?: boolean }[];
  reply(next: FakeReply): void;
  /** The answer to every request once the queue is empty (default: a 500). */
  replyAlways(next: FakeReply): void;
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queue: FakeReply[] = [];
  let fallback: FakeReply | undefined;
  const requests: FakeOpenAI["requests"] = [];
  const server: Server = createServer(async (request, response) => {
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
      response.writeHead(404).end();
      return;
    }
    const sent = JSON.parse(await body(request)) as FakeOpenAI["requests"][number];
    requests.push(sent);
    const next = queue.shift() ?? fallback ?? { status: 500 };
    if ("status" in next) {
      response.writeHead(next.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "fake failure" } }));
      return;
    }
    if ("delayMs" in next && typeof next.delayMs === "number") await new Promise((resolve) => setTimeout(resolve, next.delayMs as number));
    const content = "text" in next ? next.text : JSON.stringify("compute" in next ? next.compute(sent) : next.json);
    if (response.destroyed) return;
    if (sent.stream) {
      response.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model: "fake-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      response.write(chunk({ role: "assistant", content: "" }));
      for (let index = 0; index < content.length; index += 12) response.write(chunk({ content: content.slice(index, index + 12) }));
      response.end(`${chunk({}, "stop")}data: [DONE]\n\n`);
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: "fake-model",
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (next) => queue.push(next),
    replyAlways: (next) => {
      fallback = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
