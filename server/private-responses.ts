import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";

/** Cookies that make a response personal: better-auth's (prefix `tremplin.`) and the toast cookie. */
export const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?tremplin[._]/;

export function hasPersonalCookie(req: Request): boolean {
  return PERSONAL_COOKIE.test(req.get("cookie") ?? "");
}

/**
 * Caching rules of every dynamic response (pages, their `.data`, APIs), decided when its headers are
 * written, whatever produced it (a loader, a redirect, the anonymous HTML cache, an error):
 *
 * - a request that carries a session or toast cookie, or a response that sets a cookie, depends on who
 *   asks: `Cache-Control: private, no-store`, so no shared cache or browser back-forward copy keeps it;
 * - any other response says `Vary: Cookie`, so a cache that stores it never serves it to a signed-in
 *   visitor.
 *
 * Mounted after the static files: hashed assets keep their immutable caching.
 */
export function privateResponses() {
  return (req: Request, res: Response, next: NextFunction) => {
    const personal = hasPersonalCookie(req);
    onHeaders(res, function (this: Response) {
      if (personal || this.getHeader("set-cookie") !== undefined) this.setHeader("Cache-Control", "private, no-store");
      this.vary("Cookie");
    });
    next();
  };
}
