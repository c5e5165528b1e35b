/** The search texts of platform-core §2, shared by the launcher and the dialog. */
export const SEARCH_TEXT = {
  palettePlaceholder: "Rechercher des cours, écoles, questions...",
  mobilePlaceholder: "Rechercher...",
  empty: "Tapez pour rechercher du contenu...",
  noResult: "Aucun résultat trouvé.",
} as const;

export type SearchVariant = "palette" | "fullscreen";
