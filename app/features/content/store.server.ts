import store from "virtual:content-store";
import type { CompiledPage } from "../../../content/schema";
import { getConfig } from "../../config.server";

export function getPage(id: string): CompiledPage | undefined {
  return store.pages[id];
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Values of the {{tokens}} that content may use, from the server configuration. */
function tokenValues(): Record<string, string | undefined> {
  const { legal, hosting } = getConfig();
  return {
    "site.name": "Tremplin",
    "legal.publisherName": legal.publisherName,
    "legal.publisherStatus": legal.publisherStatus,
    "legal.publisherAddress": legal.publisherAddress,
    "legal.registration": legal.registration,
    "legal.publicationDirector": legal.publicationDirector,
    "legal.contactEmail": legal.contactEmail,
    "hosting.name": hosting.name,
    "hosting.address": hosting.address,
  };
}

/**
 * Fills configuration tokens. A list item whose token is not configured is dropped whole, so a page
 * never shows an empty « Adresse : » line.
 */
export function fillTokens(html: string, values = tokenValues()): string {
  const withoutMissing = html.replace(/<li>((?:(?!<\/li>)[\s\S])*?)\{\{([a-zA-Z.]+)\}\}((?:(?!<\/li>)[\s\S])*?)<\/li>\n?/g, (item, _before, token: string) =>
    values[token] ? item : "",
  );
  return withoutMissing.replace(/\{\{([a-zA-Z.]+)\}\}/g, (_match, token: string) => escapeHtml(values[token] ?? ""));
}
