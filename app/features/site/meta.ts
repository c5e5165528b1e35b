import type { MetaDescriptor } from "react-router";
import { documentTitle } from "~/catalog/site-pages";

export interface PageMeta {
  title: string;
  description?: string;
  /** Absolute canonical URL; omitted for pages that should not be indexed. */
  canonical?: string;
  noindex?: boolean;
}

/** Title « {titre} | Tremplin », description and canonical link of a page, from its loader data. */
export function pageMeta(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [{ title: documentTitle("Page non trouvée") }];
  const tags: MetaDescriptor[] = [{ title: documentTitle(meta.title) }, { property: "og:title", content: meta.title }];
  if (meta.description) {
    tags.push({ name: "description", content: meta.description }, { property: "og:description", content: meta.description });
  }
  if (meta.noindex) tags.push({ name: "robots", content: "noindex" });
  if (meta.canonical) tags.push({ tagName: "link", rel: "canonical", href: meta.canonical });
  return tags;
}
