import autocannon from "autocannon";
import type { Client, Options, Result } from "autocannon";
import { BROWSER_ACCEPT_ENCODING, nextClientIp } from "./server";
import type { BenchServer, BenchUser } from "./server";

export interface HttpSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface HttpFigure {
  id: "static" | "home" | "course" | "protected" | "protectedMaths" | "quizAnswer" | "signIn" | "staticAgain";
  label: string;
  request: string;
  /** Mean of the per-second samples of requests completed (all statuses). */
  requestsPerSecond: number;
  /** Requests per second with the expected status only (what the figure is about). */
  expectedPerSecond: number;
  /** expectedPerSecond / the static asset's (mean of its two measures, first and last of the run). */
  ratioToStatic: number | null;
  latencyMs: { p50: number; p99: number; mean: number };
  total: number;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  /** X-Cache of a request sent after the warm-up (documents only). */
  cache?: string | null;
  note?: string;
}

interface Measure {
  id: HttpFigure["id"];
  label: string;
  request: string;
  expectedStatus: number;
  options: Omit<Options, "url" | "connections" | "duration">;
  note?: string;
  cacheProbe?: { path: string; headers?: Record<string, string> };
}

/**
 * autocannon 8 appends every response body to a JavaScript string (UTF-8 decoding, chunk by chunk).
 * For compressed, binary bodies that costs the client more CPU than the server spends serving them,
 * and on a small machine the client would be what is measured (a 57 KB brotli body: ~700 req/s with
 * the decoding, ~6,000 without, against the same trivial server). Bodies are not checked here, so
 * each client skips that step.
 */
function skipBodyDecoding(client: Client) {
  client.pipelinedRequests.addBody = () => {};
}

async function cannon(baseUrl: string, settings: HttpSettings, options: Measure["options"], durationSeconds: number): Promise<Result> {
  // autocannon ignores a top-level `path`: the path goes into the URL.
  const { path = "/", ...rest } = options;
  return autocannon({
    url: `${baseUrl}${path}`,
    connections: settings.connections,
    duration: durationSeconds,
    timeout: 30,
    setupClient: skipBodyDecoding,
    ...rest,
  });
}

function statusCounts(result: Result): Record<string, number> {
  return Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, Number(count)]));
}

export interface HttpContext {
  server: BenchServer;
  staticAsset: string;
  cookie: string;
  /** Accounts the sign-in measure cycles through (the per-account limit allows 5 attempts in flight). */
  signInUsers: BenchUser[];
  quiz: { path: string; questionId: string; answer: string };
  /** A maths chapter the signed-in user holds the right to (measured when given). */
  mathsChapter?: string;
}

export function httpMeasures(context: HttpContext): Measure[] {
  const browser = {
    "accept-encoding": BROWSER_ACCEPT_ENCODING,
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36",
  };
  const form = { ...browser, origin: context.server.url, "content-type": "application/x-www-form-urlencoded" };
  let signInIndex = 0;
  return [
    {
      id: "static",
      label: "Static hashed asset",
      request: `GET ${context.staticAsset}`,
      expectedStatus: 200,
      options: { path: context.staticAsset, headers: browser },
    },
    {
      id: "home",
      label: "Home, anonymous",
      request: "GET /",
      expectedStatus: 200,
      options: { path: "/", headers: browser },
      cacheProbe: { path: "/" },
    },
    {
      id: "course",
      label: "Public course, anonymous",
      request: "GET /chapitres-libres/suites-cours",
      expectedStatus: 200,
      options: { path: "/chapitres-libres/suites-cours", headers: browser },
      cacheProbe: { path: "/chapitres-libres/suites-cours" },
    },
    {
      id: "protected",
      label: "Signed-in page",
      request: "GET /compte (session cookie)",
      expectedStatus: 200,
      options: { path: "/compte", headers: { ...browser, cookie: context.cookie } },
      cacheProbe: { path: "/compte", headers: { cookie: context.cookie } },
    },
    ...(context.mathsChapter
      ? [
          {
            id: "protectedMaths" as const,
            label: "Maths chapter, signed in with the right",
            request: `GET ${context.mathsChapter} (session cookie, maths grant)`,
            expectedStatus: 200,
            options: { path: context.mathsChapter, headers: { ...browser, cookie: context.cookie } },
            cacheProbe: { path: context.mathsChapter, headers: { cookie: context.cookie } },
          },
        ]
      : []),
    {
      id: "quizAnswer",
      label: "Quiz answer action, signed in",
      request: `POST ${context.quiz.path}.data intent=answer`,
      expectedStatus: 200,
      options: {
        method: "POST",
        path: `${context.quiz.path}.data`,
        headers: { ...form, cookie: context.cookie },
        body: new URLSearchParams({ intent: "answer", questionId: context.quiz.questionId, answer: context.quiz.answer }).toString(),
      },
      note: "the quiz action as the page calls it (useFetcher, turbo-stream response); the loader revalidation that follows in the browser is not counted",
    },
    {
      id: "signIn",
      label: "Sign-in",
      request: "POST /login (form, 302 + session cookie)",
      expectedStatus: 302,
      options: {
        method: "POST",
        path: "/login",
        requests: [
          {
            method: "POST",
            path: "/login",
            // A new client address per request and accounts in turn: the rate limits (20 per IP,
            // 5 per account in 15 min) would otherwise answer instead of the sign-in path itself.
            setupRequest: (request) => {
              const user = context.signInUsers[signInIndex++ % context.signInUsers.length];
              return {
                ...request,
                headers: { ...form, "x-forwarded-for": nextClientIp() },
                body: new URLSearchParams({ identifier: user.email, password: user.password, next: "/" }).toString(),
              };
            },
          },
        ],
      },
      note: `only 302 responses count: password checked (scrypt), session row created, history row written; the requests cycle through ${context.signInUsers.length} accounts with one client address each, so the rate limits (a 401, not a sign-in) never answer instead`,
    },
    {
      id: "staticAgain",
      label: "Static hashed asset, again",
      request: `GET ${context.staticAsset}`,
      expectedStatus: 200,
      options: { path: context.staticAsset, headers: browser },
      note: "measured last as well: the reference of the ratios is the mean of both static measures, which tempers a change of the machine's load during the run",
    },
  ];
}

export async function runHttpMeasures(context: HttpContext, settings: HttpSettings, log: (line: string) => void): Promise<HttpFigure[]> {
  const figures: HttpFigure[] = [];
  for (const measure of httpMeasures(context)) {
    log(`  ${measure.label}: ${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s measured…`);
    await cannon(context.server.url, settings, measure.options, settings.warmupSeconds);
    let cache: string | null | undefined;
    if (measure.cacheProbe) {
      const probe = await fetch(`${context.server.url}${measure.cacheProbe.path}`, {
        headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...measure.cacheProbe.headers },
        redirect: "manual",
      });
      await probe.arrayBuffer();
      cache = probe.headers.get("x-cache");
    }
    const result = await cannon(context.server.url, settings, measure.options, settings.durationSeconds);
    const counts = statusCounts(result);
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    const expected = counts[String(measure.expectedStatus)] ?? 0;
    const requestsPerSecond = result.requests.average;
    figures.push({
      id: measure.id,
      label: measure.label,
      request: measure.request,
      requestsPerSecond,
      expectedPerSecond: total ? requestsPerSecond * (expected / total) : 0,
      ratioToStatic: null,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.average },
      total,
      statusCounts: counts,
      errors: result.errors,
      timeouts: result.timeouts,
      ...(cache !== undefined ? { cache } : {}),
      ...(measure.note ? { note: measure.note } : {}),
    });
  }
  const statics = figures
    .filter((figure) => figure.id === "static" || figure.id === "staticAgain")
    .map((figure) => figure.expectedPerSecond);
  const base = statics.length ? statics.reduce((sum, value) => sum + value, 0) / statics.length : undefined;
  for (const figure of figures) figure.ratioToStatic = base ? figure.expectedPerSecond / base : null;
  return figures;
}
