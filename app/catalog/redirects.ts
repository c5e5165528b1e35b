/**
 * Paths of the replaced site whose page was merged into another one (two slugs for one chapter in the
 * inventory): they answer with a permanent redirect (301) to the page that holds the content, so links
 * and bookmarks keep working and search engines move to one URL. A path here is never a catalogue page.
 */
export const PERMANENT_REDIRECTS: Readonly<Record<string, string>> = {
  "/formation/maths-algebre-bilineaire": "/formation/maths-algebre-bilineaire-espaces-euclidiens",
  "/formation/maths-algebre-bilineaire-exercices": "/formation/maths-algebre-bilineaire-espaces-euclidiens-exercices",
  "/formation/maths-algebre-bilineaire-flashcards": "/formation/maths-algebre-bilineaire-espaces-euclidiens-flashcards",
  "/formation/maths-algebre-bilineaire-quiz": "/formation/maths-algebre-bilineaire-espaces-euclidiens-quiz",
  "/formation/maths-complements-variables-aleatoires-exercices": "/formation/maths-variables-aleatoires-densite-exercices",
  "/formation/maths-intervalles-confiance-exercices": "/formation/maths-estimation-statistique-avancee-exercices",
  "/formation/maths-theorie-estimation-statistique-exercices": "/formation/maths-estimation-statistique-avancee-exercices",
  "/formation/maths-espaces-vectoriels": "/formation/maths-matrices-espaces-vectoriels",
  "/formation/maths-espaces-vectoriels-exercices": "/formation/maths-matrices-espaces-vectoriels-exercices",
  "/formation/maths-fonctions": "/formation/maths-fonctions-d-une-variable-reelle",
  "/formation/maths-fonctions-une-variable-reelle-flashcards": "/formation/maths-fonctions-d-une-variable-reelle-flashcards",
  "/formation/maths-integration": "/formation/maths-integration-sur-un-segment",
  "/formation/maths-probabilites-finies": "/formation/maths-probabilites-conditionnement",
};

/** The page a merged path now lives at, with the query string kept, or undefined. */
export function permanentRedirectFor(url: URL): string | undefined {
  const target = PERMANENT_REDIRECTS[url.pathname.replace(/\/+$/, "") || "/"];
  return target && `${target}${url.search}`;
}
