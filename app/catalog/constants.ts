/** Constants of the catalogue that content files use too (content/schema.ts), kept apart from its types. */

export const SEARCH_CATEGORIES = ["Méthodologie", "Formation", "Écoles", "Questions", "Générateurs", "Services", "Informations"] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

/** Activity types that raise progress on a first visit (platform-core §9). */
export const ACTIVITY_GAINS = { method: 5, school: 3, generator: 10, submission: 8, coaching: 7, interview: 7 } as const;
export type ActivityType = keyof typeof ACTIVITY_GAINS;
