/** A chapter of a track as the hubs list it: the course and its companion pages. */
export interface PageLink {
  path: string;
  title: string;
}

export interface ChapterCompanion extends PageLink {
  id: string;
  /** Exercises, questions or cards. */
  items: number;
}

export interface TrackChapter extends PageLink {
  id: string;
  exercises?: ChapterCompanion;
  quiz?: ChapterCompanion;
  flashcards?: ChapterCompanion;
}

/** How the hubs name a track (a page lists a track only when it has a label here). */
export const TRACK_LABELS: Readonly<Record<string, string>> = {
  "maths-approfondies-1": "1re année",
  "maths-approfondies-2": "2e année",
  // The appliquées tracks hold the option's own chapters; the option's pages list their whole programme
  // by hand (`chapterLists`), since the chapters common to both options sit in the approfondies tracks.
  "maths-terminale-prepa": "la remise à niveau",
};

/** « Maths – Polynômes » is « Polynômes » in a list of maths chapters, « Cours – Suites » is « Suites ». */
export function chapterShortTitle(title: string): string {
  return title.replace(/^(Maths|Cours) – /, "");
}

/** The heading of a track's chapter list on a hub, and its anchor (the page's table of contents links it). */
export function trackSection(track: string, label: string): { id: string; title: string } {
  return { id: `chapitres-${track}`, title: `Les chapitres de ${label}` };
}
