export const SEARCH_CATEGORIES = ["Méthodologie", "Formation", "Écoles", "Questions", "Générateurs", "Services", "Informations"] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

/** Activity types that raise progress on a first visit (platform-core §9). */
export const ACTIVITY_GAINS = { method: 5, school: 3, generator: 10, submission: 8, coaching: 7, interview: 7 } as const;
export type ActivityType = keyof typeof ACTIVITY_GAINS;

export const FORMATIONS_GROUPS = ["Accompagnement et stages"] as const;
export type FormationsGroup = (typeof FORMATIONS_GROUPS)[number];

/** Which template renders the page. */
export type PageKind =
  | "home"
  | "listing"
  | "page"
  | "design-system"
  | "auth"
  | "account"
  | "dashboard"
  | "course"
  | "exercises"
  | "quiz"
  | "flashcards"
  | "reference"
  | "vocabulary"
  | "not-found";

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
