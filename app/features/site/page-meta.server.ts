import type { CatalogEntry } from "~/catalog/types";
import { getConfig } from "~/config.server";
import type { PageMeta } from "./meta";

export function catalogPageMeta(entry: CatalogEntry, description = entry.description): PageMeta {
  return { title: entry.title, description, canonical: `${getConfig().siteUrl}${entry.path}`, noindex: entry.noindex };
}
