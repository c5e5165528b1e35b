import { request as httpRequest } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { signUpThroughForm } from "../support/forms";

/**
 * The defects of the external review (issue #10), each probed over HTTP against the production build as
 * the reviewer did: one test (or more) per point, named after it.
 */
const baseUrl = inject("baseUrl");
const PASSWORD = "Lanterne-violette-93-pelican";
let lastIp = Math.floor(Math.random() * 200);
const clientIp = () => `192.0.2.${(lastIp = (lastIp % 250) + 1)}`;

const form = (fields: Record<string, string>) => ({
  method: "POST",
  redirect: "manual" as const,
  headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": clientIp() },
  body: new URLSearchParams(fields),
});

/** A new account through the sign-up form; returns the Cookie header a browser would send. */
function signedUp(prefix: string): Promise<string> {
  const email = `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  return signUpThroughForm(baseUrl, { firstName: "Sécu", email, password: PASSWORD }, { "X-Forwarded-For": clientIp() });
}

/** A raw HTTP/1.1 exchange: headers as given (Host included), a body sent in part or not at all. */
function rawRequest(options: {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** false: the request is left open after the body, as a client still sending would. */
  end?: boolean;
}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: options.method, path: options.path, headers: options.headers, setHost: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    // The server may answer and close before the declared body is sent: that is the point.
    req.on("error", (error) => ((error as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(error)));
    // An answer that never comes fails in seconds, not at the test's ceiling.
    req.setTimeout(15_000, () => req.destroy(new Error(`No answer to ${options.method} ${options.path}`)));
    if (options.body) req.write(options.body);
    if (options.end !== false) req.end();
  });
}

/** A link or field value naming the attacker's host. */
const LEAVES_SITE = /(?:href|value)="[^"]*evil\.example/;

describe("1. next never leads off the site once normalised", () => {
  const hostile = ["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example", "/.%2e//evil.example/compte"];

  it.each(hostile)("signed in, /login?next=%s redirects inside the site", async (next) => {
    const cookie = await signedUp("next");
    for (const path of ["/login", "/register"]) {
      const response = await fetch(`${baseUrl}${path}?next=${encodeURIComponent(next)}`, {
        redirect: "manual",
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/dashboard");
    }
  });

  it.each(hostile)("signed out, the forms and links of next=%s stay on the site", async (next) => {
    for (const path of ["/login", "/register"]) {
      const html = await (await fetch(`${baseUrl}${path}?next=${encodeURIComponent(next)}`)).text();
      expect(html).toContain('name="next" value="/"');
      // (The form posts to its own URL, query included: a same-site path, never a destination.)
      expect(html).not.toMatch(LEAVES_SITE);
    }
    // The value posted back by the form is checked again before it is redirected to or rendered.
    const posted = await fetch(`${baseUrl}/login`, form({ identifier: "personne@example.com", password: "faux", next }));
    expect(posted.status).toBe(401);
    const again = await posted.text();
    expect(again).toContain('name="next" value="/"');
    expect(again).not.toMatch(LEAVES_SITE);
  });

  it("gives /acces-restreint a « Continuer » link inside the site", async () => {
    const cookie = await signedUp("continuer");
    const html = await (
      await fetch(`${baseUrl}/acces-restreint?next=${encodeURIComponent("/.//evil.example")}&section=python`, {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(html).toContain("Continuer");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Continuer/);
    expect(html).not.toMatch(LEAVES_SITE);
  });
});

/** The headers of a form posted by the site's own pages, for raw requests. */
const sameSiteForm = () => ({ Host: new URL(baseUrl).host, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" });

describe("2. request bodies are limited before they are read", () => {
  it("answers 413 to an oversized form at once, without waiting for its body, and keeps serving", async () => {
    const declared = 600 * 1024 * 1024;
    const response = await rawRequest({
      method: "POST",
      path: "/login",
      headers: { ...sameSiteForm(), "Content-Length": String(declared) },
      // Only the first kilobyte is ever sent: an answer proves the rest was not awaited.
      body: Buffer.alloc(1024, "a"),
      end: false,
    });
    expect(response.status).toBe(413);
    expect(response.text).toBe("Requête trop volumineuse\u00a0: 64\u00a0Ko au plus.");
    expect(response.headers.connection).toBe("close");
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
  });

  it("limits JSON APIs with their own limit and answers in JSON", async () => {
    const cookie = await signedUp("json");
    const big = JSON.stringify({ activityType: "search", inputData: { term: "x".repeat(300 * 1024) } });
    const response = await fetch(`${baseUrl}/api/activity`, {
      method: "POST",
      headers: { Origin: baseUrl, Cookie: cookie, "Content-Type": "application/json" },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Requête trop volumineuse\u00a0: 256\u00a0Ko au plus." });
  });

  it("answers 411 to a body of undeclared length", async () => {
    const response = await rawRequest({
      method: "POST",
      path: "/login",
      headers: { ...sameSiteForm(), "Transfer-Encoding": "chunked" },
      body: Buffer.from("hello"),
      end: false,
    });
    expect(response.status).toBe(411);
    expect(response.text).toBe("La taille de la requête doit être indiquée (en-tête Content-Length).");
  });
});

describe("5. guards follow the matched route", () => {
  it.each(["/Compte", "/compt%65", "/COMPTE", "/Dashboard", "/dashboar%64"])(
    "sends a visitor of %s to /login, never a 500",
    async (path) => {
      const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?next=${encodeURIComponent(path)}`);
      const data = await fetch(`${baseUrl}${path}.data`, { redirect: "manual" });
      expect(data.status).toBeLessThan(500);
      const body = await data.text();
      expect(body).toContain("/login?next=");
      expect(body).not.toContain("sessions");
    },
  );

  it("applies the section rule to a case variant of a Python page", async () => {
    const response = await fetch(`${baseUrl}/Formation/Python-Matrices`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/acces-restreint?next=%2FFormation%2FPython-Matrices&section=python");
  });

  it("serves the signed-in page at a variant path to its owner", async () => {
    const cookie = await signedUp("variante");
    const response = await fetch(`${baseUrl}/Compte`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Mon compte");
  });
});

describe("6. responses that depend on the session are never stored", () => {
  it("marks signed-in pages, their data and protected course pages private, no-store", async () => {
    const cookie = await signedUp("cache");
    for (const path of [
      "/compte",
      "/compte.data",
      "/_root.data",
      "/dashboard",
      "/formation/python-matrices",
      "/formation/python-matrices.data",
      "/",
    ]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("says Vary: Cookie on pages served to anonymous visitors, cached or not", async () => {
    for (let round = 0; round < 2; round++) {
      const response = await fetch(`${baseUrl}/apropos`);
      expect(response.headers.get("vary") ?? "").toMatch(/\bCookie\b/i);
      expect(response.headers.get("cache-control") ?? "").not.toContain("public");
    }
    const redirectToLogin = await fetch(`${baseUrl}/compte`, { redirect: "manual" });
    expect(redirectToLogin.headers.get("vary") ?? "").toMatch(/\bCookie\b/i);
  });

  it("keeps hashed assets cacheable by anyone", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const response = await fetch(`${baseUrl}${asset}`, { headers: { Cookie: await signedUp("asset") } });
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("9. malformed requests get a 4xx with a French message", () => {
  it.each(["TRACE", "PUT", "DELETE", "PATCH"])("answers %s with 405 and Allow", async (method) => {
    for (const path of ["/", "/apropos", "/compte"]) {
      const response = await rawRequest({ method, path, headers: { Host: new URL(baseUrl).host, Origin: baseUrl } });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST");
      expect(response.text).toBe("Méthode non autorisée.");
    }
    const api = await rawRequest({ method, path: "/api/activity", headers: { Host: new URL(baseUrl).host, Origin: baseUrl } });
    expect(api.status).toBe(405);
    expect(JSON.parse(api.text)).toEqual({ error: "Méthode non autorisée." });
  });

  it("refuses a JSON body sent to a form action", async () => {
    const response = await fetch(`${baseUrl}/login`, {
      method: "POST",
      headers: { Origin: baseUrl, "Content-Type": "application/json" },
      body: JSON.stringify({ identifier: "a@b.fr", password: "x" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Format de requête non pris en charge.");
  });

  it("answers an unreadable multipart form with 400 and the reason", async () => {
    for (const path of ["/login", "/login.data", "/compte"]) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: baseUrl, "Content-Type": "multipart/form-data; boundary=limite", "X-Forwarded-For": clientIp() },
        body: '--autre\r\nContent-Disposition: form-data; name="identifier"\r\n\r\nx\r\n--autre--',
      });
      expect(response.status, path).toBe(path === "/compte" ? 302 : 400);
      if (path === "/login") expect(await response.text()).toContain("Le formulaire envoyé est illisible. Rechargez la page et réessayez.");
    }
  });

  it("refuses JSON nested 5,000 deep on /api/activity with 400", async () => {
    const cookie = await signedUp("profond");
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const response = await fetch(`${baseUrl}/api/activity`, {
      method: "POST",
      headers: { Origin: baseUrl, Cookie: cookie, "Content-Type": "application/json" },
      body: `{"activityType":"search","inputData":${deep}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Activité invalide." });
  });
});

describe("10. answers say what happened", () => {
  it("answers 404 when the device to sign out is not one of the user's", async () => {
    const cookie = await signedUp("appareil");
    const response = await fetch(`${baseUrl}/compte.data`, {
      ...form({ intent: "revoke-session", sessionId: "session-d-un-autre" }),
      headers: { ...form({}).headers, Cookie: cookie },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Appareil introuvable\u00a0: il est peut-être déjà déconnecté.");
  });
});

describe("11. the same-site check compares with the configured origin, never with Host", () => {
  it("refuses a form whose Origin only matches a forged Host", async () => {
    const response = await rawRequest({
      method: "POST",
      path: "/login",
      headers: {
        Host: "evil.example",
        Origin: "http://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": "0",
      },
    });
    expect(response.status).toBe(403);
    expect(response.text).toBe("Requête refusée\u00a0: origine non autorisée.");
  });

  it("refuses the server's other name when the site is configured under one", async () => {
    const other = baseUrl.replace("localhost", "127.0.0.1");
    const response = await fetch(`${other}/login`, {
      method: "POST",
      headers: { Origin: other, "Content-Type": "application/x-www-form-urlencoded" },
      body: "identifier=a%40b.fr&password=x",
    });
    expect(response.status).toBe(403);
  });

  it("refuses a cross-site request that hides its Origin", async () => {
    const response = await fetch(`${baseUrl}/login`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
      body: "identifier=a%40b.fr&password=x",
    });
    expect(response.status).toBe(403);
  });
});

describe("deny by default under protected prefixes (issue #12)", () => {
  it.each([
    "/prof/inconnu",
    "/prof/courses/42/secret",
    "/dashboard/inconnu",
    "/compte/inconnu",
    "/admin/inconnu",
    "/admin/leads/42/secret",
  ])("refuses %s and its data with 404, signed in or not, and serves nothing of a page", async (path) => {
    const cookie = await signedUp("inconnu");
    const variants: Record<string, string>[] = [{}, { Cookie: cookie }];
    for (const headers of variants) {
      const page = await fetch(`${baseUrl}${path}`, { headers, redirect: "manual" });
      expect(page.status, path).toBe(404);
      expect(await page.text()).toContain("Page non trouvée");
      const data = await fetch(`${baseUrl}${path}.data`, { headers, redirect: "manual" });
      expect(data.status, `${path}.data`).toBe(404);
      expect(await data.text()).not.toContain("sessions");
    }
  });
});

describe("the admin console (issue #14)", () => {
  it.each(["/admin", "/admin/leads", "/admin/utilisateurs", "/admin/journal", "/admin/avis", "/admin/candidatures"])(
    "sends a visitor of %s to sign in and a student home, page and data alike",
    async (path) => {
      const visitor = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe(`/login?next=${encodeURIComponent(path)}`);
      const cookie = await signedUp("console");
      const student = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(student.status).toBe(302);
      expect(student.headers.get("location")).toBe("/");
      const data = await fetch(`${baseUrl}${path}.data`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(data.status).toBeLessThan(500);
      expect(await data.text()).not.toMatch(/leads|auditLog|email/);
    },
  );
});

describe("12. bad input on every action and API: a 4xx in French, never a 5xx or a stack trace (issue #12)", () => {
  /** One page per action module (the same action serves every page of a module), and the actions outside the catalogue. */
  const PAGE_ACTIONS = [
    "/login",
    "/login/verification",
    "/register",
    "/mot-de-passe-oublie",
    "/reinitialiser-mot-de-passe",
    "/compte",
    "/acces-restreint",
    "/chapitres-libres/suites-quiz",
    "/chapitres-libres/suites-exercices",
    "/logout",
    "/contact",
    "/parent-form",
    "/professeur",
    "/professeur-dashboard",
    "/avis",
    "/generator/flashcards",
    "/generator/prepa-chatbot",
    "/generator/theme-grammar",
    "/generator/answer",
    "/generator/paragraph",
    "/generator/languages",
    "/generator/languages-unified",
    "/generator/orals-unified",
  ];
  const JSON_APIS = ["/api/activity", "/api/progress", "/api/revision", "/api/python/programme"];

  /** Form bodies a browser never sends: nothing, repeated fields, unknown intents, wrong types, bad bytes, a near-limit value. */
  const BAD_FORMS = [
    "",
    "intent=answer&intent=profile&questionId=a&questionId=b",
    "intent=%00%01%02&identifier=%FF%FE&password=%E0%A4%A",
    "intent=inconnue&sessionId[]=x&answer[a]=b",
    "identifier=a&password=" + "x".repeat(60 * 1024),
    "=&&==&%3D%3D=",
    // A NUL in fields that are stored (PostgreSQL refuses it in text and JSON): a 400, never a 500.
    "question=Comment%00faire&notes=" +
      "J%27ai%00organis%C3%A9 ".repeat(10) +
      "&idea=une%00id%C3%A9e%20assez%20longue&example=un%00exemple%20assez%20long" +
      "&name=A%00B&email=a%40example.com&message=" +
      "bonjour%00".repeat(10) +
      "&intent=save&keep=0&kind-0=definition&front-0=a%00b&back-0=c",
    "intent=answer&questionId=" + encodeURIComponent("../../etc/passwd") + "&answer=" + encodeURIComponent("<script>alert(1)</script>"),
  ];
  const BAD_JSON = [
    "{",
    "[]",
    "null",
    '"texte"',
    "42",
    '{"activityType":42}',
    '{"path":["/"]}',
    '{"intent":"grade","cardId":{"$ne":1},"grade":"dix"}',
    `{"a":${"1".repeat(400)}}`,
  ];

  /** Whatever the status, the answer is French and shows nothing of the server's insides. */
  function expectCleanAnswer(what: string, status: number, body: string) {
    expect(status, `${what} → ${status}: ${body.slice(0, 300)}`).toBeLessThan(500);
    expect(body, what).not.toMatch(/at .+\.(js|ts|mjs):\d+|node_modules|Unexpected Server Error|TypeError|ZodError|SyntaxError/);
  }

  it("answers malformed forms on every page action, signed in or not, page and .data", async () => {
    const cookie = await signedUp("formes");
    for (const path of PAGE_ACTIONS)
      for (const target of [path, `${path}.data`])
        for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[])
          for (const body of BAD_FORMS) {
            const response = await fetch(`${baseUrl}${target}`, {
              method: "POST",
              redirect: "manual",
              headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": clientIp(), ...headers },
              body,
            });
            expectCleanAnswer(`POST ${target} ${body.slice(0, 40)}`, response.status, await response.text());
          }
  });

  it("answers malformed and mistyped JSON on every API with a 4xx and a French message", async () => {
    const cookie = await signedUp("json-sweep");
    for (const path of JSON_APIS)
      for (const body of BAD_JSON) {
        const response = await fetch(`${baseUrl}${path}`, {
          method: "POST",
          headers: { Origin: baseUrl, Cookie: cookie, "Content-Type": "application/json" },
          body,
        });
        const text = await response.text();
        expectCleanAnswer(`POST ${path} ${body.slice(0, 40)}`, response.status, text);
        expect(response.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
        expect(JSON.parse(text), `${path} ${body}`).toEqual({
          error: path === "/api/activity" ? "Activité invalide." : "Requête invalide.",
        });
      }
  });

  it("answers a form sent to a JSON API, and JSON sent to a page action, with 400", async () => {
    const cookie = await signedUp("types");
    for (const path of JSON_APIS) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { Origin: baseUrl, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: "path=/",
      });
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ error: "Format de requête non pris en charge." });
    }
    for (const path of PAGE_ACTIONS) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { Origin: baseUrl, Cookie: cookie, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(response.status, path).toBe(400);
      expect(await response.text()).toBe("Format de requête non pris en charge.");
    }
  });
});
