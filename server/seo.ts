import type { Request, Response } from "express";
import { catalog } from "../app/catalog/catalog";

/** Pages worth indexing: public and not behind an access section. */
export function indexablePaths(): string[] {
  return catalog
    .filter((entry) => !entry.protected && !entry.section && !entry.noindex && entry.chrome !== "teacher")
    .map((entry) => entry.path);
}

export function sitemapXml(siteUrl: string): string {
  const urls = indexablePaths()
    .map((path) => `  <url><loc>${siteUrl}${path === "/" ? "/" : path}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /dashboard",
    "Disallow: /compte",
    "Disallow: /prof",
    "Disallow: /acces-restreint",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export function seoRoutes(siteUrl: string) {
  return {
    sitemap: (_req: Request, res: Response) =>
      res.type("application/xml").set("Cache-Control", "public, max-age=3600").send(sitemapXml(siteUrl)),
    robots: (_req: Request, res: Response) => res.type("text/plain").set("Cache-Control", "public, max-age=3600").send(robotsTxt(siteUrl)),
  };
}
