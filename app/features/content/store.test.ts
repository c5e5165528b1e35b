import { describe, expect, it } from "vitest";
import { fillTokens, getPage } from "./store.server";

describe("content store", () => {
  it("serves the compiled Markdown pages with their headings", () => {
    const page = getPage("apropos");
    expect(page?.title).toBe("À propos");
    expect(page?.html).toContain("<h2");
    expect(page?.headings.length).toBeGreaterThan(2);
  });

  it("fills configured tokens and drops list items whose token is not configured", () => {
    const html = "<ul>\n<li>Raison sociale : {{legal.publisherName}}</li>\n<li>Adresse : {{legal.publisherAddress}}</li>\n</ul>\n<p>{{site.name}}</p>";
    const filled = fillTokens(html, { "legal.publisherName": "Tremplin SAS", "site.name": "Tremplin" });
    expect(filled).toBe("<ul>\n<li>Raison sociale : Tremplin SAS</li>\n</ul>\n<p>Tremplin</p>");
  });

  it("escapes configured values", () => {
    expect(fillTokens("<p>{{site.name}}</p>", { "site.name": "<b>x</b>" })).toBe("<p>&#60;b&#62;x&#60;/b&#62;</p>");
  });
});
