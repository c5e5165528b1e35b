import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/** A fresh nonce per response: React Router's inline scripts carry it, nothing else inline may run. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

export function securityHeaders(options: { https: boolean; development: boolean; scriptPermissions?: (pathname: string) => string }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          // Only the Python workers' scripts get more (WebAssembly, and eval for numpy's): issue #16.
          (req, res) => {
            const more = options.scriptPermissions?.((req as Request).path);
            return `'nonce-${(res as Response).locals.cspNonce}'${more ? ` ${more}` : ""}`;
          },
        ],
        // React style attributes and the toast library's injected stylesheet need inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: options.development ? ["'self'", "ws:"] : ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
}

/**
 * CSRF defence for every state-changing request: a browser always sends Origin on POST; unless it is one
 * of the site's own origins (the configured SITE_URL, and the development server's), the request is
 * refused. The allowed origins come from the configuration, never from a request header: comparing with
 * `Host` would accept any site whose name resolves to this server (DNS rebinding, a forged Host). A request
 * without Origin (not from a browser) is refused if it says it comes from another site (Sec-Fetch-Site).
 * Session cookies are also SameSite=Lax. `crossSitePosts` names the exceptions: path → the one origin allowed.
 */
export function sameOriginForms(allowedOrigins: readonly string[], crossSitePosts: Readonly<Record<string, string>> = {}) {
  const allowed = new Set(allowedOrigins.map((url) => new URL(url).origin));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    // A provider that answers by a form post (Apple's sign-in) reaches its one callback path only; the
    // callback itself checks the state and the PKCE verifier.
    if (origin && crossSitePosts[req.path] === origin) return next();
    if (origin ? allowed.has(origin) : req.get("sec-fetch-site") !== "cross-site") return next();
    res.status(403).type("text/plain; charset=utf-8").send("Requête refusée\u00a0: origine non autorisée.");
  };
}

/** Last resort: a client error keeps its status (a missing asset is a 404); never a stack trace. */
export function errorHandler(error: unknown, _req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  const status = (error as { status?: number; statusCode?: number })?.status ?? (error as { statusCode?: number })?.statusCode;
  if (status && status >= 400 && status < 500) {
    res
      .status(status)
      .type("text/plain; charset=utf-8")
      .send(status === 404 ? "Ressource introuvable." : "Requête invalide.");
    return;
  }
  console.error(error);
  res.status(500).type("text/plain; charset=utf-8").send("Erreur interne du serveur. Veuillez réessayer dans un instant.");
}
