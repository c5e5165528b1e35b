// Process entry: development (Vite middleware, hot reload) or production (the built server).
import express from "express";

const development = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

async function main() {
  const server = express();
  server.disable("x-powered-by");
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
    const { app, prepare } = await import("./build/server/index.js");
    await prepare();
    server.use(app);
  }
  const listener = server.listen(port, host, () => {
    const address = listener.address();
    const shownPort = typeof address === "object" && address ? address.port : port;
    console.log(`Tremplin listening on http://localhost:${shownPort} (${development ? "development" : "production"})`);
  });
  const shutdown = () => listener.close(() => process.exit(0));
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
