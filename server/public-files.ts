import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import express from "express";

/**
 * The files of build/client outside assets/ (what the build copied from public/), served by
 * express.static only for a request that names one of them: a page request then costs no
 * filesystem lookup on its way to the HTML cache or React Router.
 */
export function publicFiles(clientDir: string) {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (urlPath !== "/assets") walk(path.join(dir, entry.name), urlPath);
      } else {
        files.add(urlPath);
      }
    }
  };
  walk(clientDir, "");
  const serve = express.static(clientDir, { maxAge: "1h", index: false, redirect: false });
  return (req: Request, res: Response, next: NextFunction) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return files.has(pathname) ? serve(req, res, next) : next();
  };
}
