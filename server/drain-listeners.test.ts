import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singleDrainListener } from "./drain-listeners";

/** Writes like React Router's streaming: on each refused write, wait for `drain` with `once`, then `off`. */
async function streamChunks(response: express.Response, chunks: number) {
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  for (let index = 0; index < chunks; index += 1) {
    // Random bytes do not compress: the zlib stream's buffer fills and refuses the write.
    if (!response.write(randomBytes(64 * 1024).toString("hex"))) {
      await new Promise<void>((resolve) => {
        const onDrain = () => {
          response.off("drain", onDrain);
          resolve();
        };
        response.once("drain", onDrain);
      });
    }
  }
  response.end();
}

describe("drain listeners under compression", () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  let server: ReturnType<express.Express["listen"]>;
  let base = "";
  beforeAll(async () => {
    const app = express();
    app.use(compression(), singleDrainListener);
    app.get("/long", (_request, response) => void streamChunks(response, 40));
    server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.on("warning", onWarning);
  });
  afterAll(() => {
    process.off("warning", onWarning);
    server.close();
  });

  it("streams a long compressed response without piling drain listeners on the zlib stream", async () => {
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(`${base}/long`, { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect((await response.text()).length).toBe(40 * 128 * 1024);
    }
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.includes("MaxListenersExceededWarning"))).toEqual([]);
  });
});
