import type { Generated } from "./tools.server";

/**
 * A generation sent as it is written: newline-delimited JSON, `{"type":"partial",…}` lines while the
 * model writes, then one `{"type":"result",…}` line. The response starts only once the generation has
 * begun: a refusal (bad input, quota spent) is a plain JSON answer with its status, as from any API.
 */
export type StreamLine<P, R> = { type: "partial"; value: P } | { type: "result"; value: R };

export async function streamedGeneration<O, P, R>(
  run: (onPartial: (partial: unknown) => void) => Promise<Generated<O>>,
  partialOf: (partial: unknown) => P | undefined,
  resultOf: (generated: Extract<Generated<O>, { ok: true }>) => R,
): Promise<Response> {
  const pending: StreamLine<P, R>[] = [];
  let wake: (() => void) | undefined;
  let settled = false;
  const nudge = () => {
    wake?.();
    wake = undefined;
  };
  const done = run((partial) => {
    const value = partialOf(partial);
    if (value !== undefined) pending.push({ type: "partial", value });
    nudge();
  }).finally(() => {
    settled = true;
    nudge();
  });
  const next = () => new Promise<void>((resolve) => (wake = resolve));
  // Wait for the first partial or the end: a refusal is answered before any stream is opened.
  await Promise.race([done, next()]);
  if (settled) {
    const generated = await done;
    if (!generated.ok)
      return Response.json({ error: generated.message }, { status: generated.status, headers: { "Cache-Control": "no-store" } });
  }
  const encoder = new TextEncoder();
  async function* lines() {
    for (;;) {
      while (pending.length) yield encoder.encode(`${JSON.stringify(pending.shift())}\n`);
      if (settled) break;
      await next();
    }
    const generated = await done;
    if (generated.ok) yield encoder.encode(`${JSON.stringify({ type: "result", value: resultOf(generated) })}\n`);
  }
  const iterator = lines();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done: ended } = await iterator.next();
      if (ended) controller.close();
      else controller.enqueue(value);
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
  });
}
