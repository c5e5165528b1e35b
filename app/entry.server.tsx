import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./components/layout/nonce";
import { ServerContentHtml } from "./features/content/content-html";
import { contentHtmlByRef } from "./features/content/store.server";

export const streamTimeout = 5_000;

/**
 * React writes the page in chunks of about 2 KB, and React Router flushes the compressor after each one:
 * tens of compressor flushes and socket writes per page. What React writes in one turn of the event
 * loop goes out as one chunk instead; a boundary that resolves later still streams on its own turn.
 */
function coalescingStream(): Transform {
  const pending: Buffer[] = [];
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending.length) stream.push(Buffer.concat(pending.splice(0)));
        });
      }
      done();
    },
    flush(done) {
      if (pending.length) this.push(Buffer.concat(pending.splice(0)));
      done();
    },
  });
  return stream;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA mode wait for the whole page; browsers get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerContentHtml.Provider value={contentHtmlByRef}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerContentHtml.Provider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = coalescingStream();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
