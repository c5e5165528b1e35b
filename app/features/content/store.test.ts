import { describe, expect, it } from "vitest";
import { fillTokens, getPage, pageHeadings } from "./store.server";

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

  it("leaves out a section none of whose tokens is configured, with its headings", () => {
    const page = getPage("mentions-legales")!;
    const values = { "site.name": "Tremplin", "hosting.name": "Hébergeur SAS" };
    const filled = fillTokens(page.html, values);
    expect(filled).not.toContain("Directeur de la publication");
    expect(filled).not.toContain("La plateforme Tremplin est éditée par");
    expect(filled).toContain("Hébergeur\u00a0: Hébergeur SAS");
    expect(filled).toContain("Propriété intellectuelle");
    const headings = pageHeadings(page, values).map((heading) => heading.text);
    expect(headings).not.toContain("Directeur de la publication");
    expect(headings).not.toContain("Éditeur du site");
    expect(headings).not.toContain("Contact");
    expect(headings).toContain("Hébergement");
  });

  it("fills the tokens of headings as in the body", () => {
    const headings = pageHeadings(getPage("apropos")!, { "site.name": "Tremplin" });
    expect(headings[0]).toMatchObject({ text: "Pourquoi Tremplin existe", html: "Pourquoi Tremplin existe" });
  });

  it("escapes configured values", () => {
    expect(fillTokens("<p>{{site.name}}</p>", { "site.name": "<b>x</b>" })).toBe("<p>&#60;b&#62;x&#60;/b&#62;</p>");
  });
});
