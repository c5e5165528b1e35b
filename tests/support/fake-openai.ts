import { type IncomingMessage, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible endpoint on 127.0.0.1 for the generators' model engine: `/v1/chat/completions`
 * answers what the test queued (a JSON object as the message content, a raw string, or a delay longer
 * than the engine waits), and records each request's body.
 */
export type FakeReply = { json: unknown } | { text: string } | { delayMs: number; json: unknown } | { status: number };

export interface FakeOpenAI {
  baseUrl: string;
  requests: { messages: { role: string; content: string }[]; response_format?: unknown }[];
  reply(next: FakeReply): void;
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queue: FakeReply[] = [];
  const requests: FakeOpenAI["requests"] = [];
  const server: Server = createServer(async (request, response) => {
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
      response.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(await body(request)));
    const next = queue.shift() ?? { status: 500 };
    if ("status" in next) {
      response.writeHead(next.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "fake failure" } }));
      return;
    }
    if ("delayMs" in next) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
    const content = "text" in next ? next.text : JSON.stringify(next.json);
    if (response.destroyed) return;
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
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
