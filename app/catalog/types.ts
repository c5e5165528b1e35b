import type { COLLECTIONS } from "../../content/collections.ts";

export { ACTIVITY_GAINS, type ActivityType, SEARCH_CATEGORIES, type SearchCategory } from "./constants.ts";
import type { ActivityType, SearchCategory } from "./constants.ts";

export const FORMATIONS_GROUPS = ["Accompagnement et stages"] as const;
export type FormationsGroup = (typeof FORMATIONS_GROUPS)[number];

/** Which template renders the page: the hand-written pages' kinds, and each content collection's. */
export type PageKind =
  | "home"
  | "listing"
  | "design-system"
  | "auth"
  | "account"
  | "dashboard"
  | "teacher"
  | "request"
  | "admin"
  | "generator"
  | "sandbox"
  | "not-found"
  | (typeof COLLECTIONS)[keyof typeof COLLECTIONS]["pageKind"];

export interface CatalogEntry {
  /** URL path as kept from the site Tremplin replaces. */
  path: string;
  /** Document title; the browser title reads « {title} | Tremplin ». */
  title: string;
  /** Meta description. For Markdown pages it comes from the content front matter instead. */
  description?: string;
  kind: PageKind;
  /** Route module, relative to app/. */
  module: string;
  /** Content id of the Markdown page it renders (kind "page"). */
  contentId?: string;
  /** Requires a signed-in user. */
  protected?: boolean;
  /** Access section (DESIGN §4). */
  section?: "python" | "maths";
  activityType?: ActivityType;
  search?: { category: SearchCategory; keywords: string[] };
  /** Teacher pages are shown without the footer. */
  chrome?: "default" | "teacher";
  /** Kept out of the sitemap and marked noindex (sign-in, account, access pages). */
  noindex?: boolean;
  /** Listed in /formations under this heading. */
  formationsGroup?: FormationsGroup;
}
