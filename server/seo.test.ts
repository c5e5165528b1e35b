import { describe, expect, it } from "vitest";
import { catalog } from "../app/catalog/catalog";
import { indexablePaths, robotsTxt, sitemapXml } from "./seo";

describe("sitemap and robots", () => {
  it("lists every public page of the catalogue with absolute URLs", () => {
    const xml = sitemapXml("https://tremplin.example");
    for (const entry of catalog.filter((e) => !e.protected && !e.section && !e.noindex)) {
      expect(xml).toContain(`<loc>https://tremplin.example${entry.path}</loc>`);
    }
    expect(indexablePaths()).not.toContain("/compte");
    expect(indexablePaths()).not.toContain("/login");
  });

  it("points robots to the sitemap and keeps private areas out", () => {
    const robots = robotsTxt("https://tremplin.example");
    expect(robots).toContain("Sitemap: https://tremplin.example/sitemap.xml");
    expect(robots).toContain("Disallow: /api/");
  });
});
