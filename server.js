// Process entry: development (Vite middleware, hot reload) or production (the built server).
import express from "express";

const development = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
// On SIGTERM, requests in flight get this long to finish before their connections are cut.
const shutdownGraceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

async function main() {
  const server = express();
  server.disable("x-powered-by");
  let stopping = false;
  let closeApp = async () => {};
  // While stopping, every answer asks the client to close its connection, so none stays open.
  server.use((_req, res, next) => {
    if (stopping) res.set("Connection", "close");
    next();
  });
  if (development) {
    const vite = await import("vite").then((m) => m.createServer({ server: { middlewareMode: true } }));
    server.use(vite.middlewares);
    const entry = await vite.ssrLoadModule("./server/app.ts");
    await entry.prepare();
    server.use(async (req, res, next) => {
      try {
        const { app } = await vite.ssrLoadModule("./server/app.ts");
        return app(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const { app, prepare, close } = await import("./build/server/index.js");
    await prepare();
    closeApp = close;
    server.use(app);
  }
  const listener = server.listen(port, host, () => {
    const address = listener.address();
    const shownPort = typeof address === "object" && address ? address.port : port;
    console.log(`Tremplin listening on http://localhost:${shownPort} (${development ? "development" : "production"})`);
  });
  // Graceful stop: no new connection, the requests in flight finish (at most shutdownGraceMs), then the
  // database is closed and the process exits 0, so no acknowledged write is lost.
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight, then stopping.`);
    const closed = new Promise((resolve) => listener.close(resolve));
    // Keep-alive connections between two requests are closed as soon as they are idle.
    const idle = setInterval(() => listener.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      console.error(`Requests still running after ${shutdownGraceMs} ms: their connections are closed.`);
      listener.closeAllConnections();
    }, shutdownGraceMs);
    await closed;
    clearInterval(idle);
    clearTimeout(deadline);
    try {
      await closeApp();
    } catch (error) {
      console.error("Closing the database failed:", error);
      process.exit(1);
    }
    console.log("Stopped.");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
