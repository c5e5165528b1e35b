/**
 * `npm run content:new -- chapter <id>`: the four files of a chapter (course, exercises, quiz, flashcards)
 * with their ids, paths, section, track and the references between them. What only an author can write
 * is left empty, with a YAML comment saying what goes there: the schema (and, for the course, the empty
 * body) makes content:check refuse the files until it is written, so a scaffold is never published.
 */

export interface ChapterOptions {
  /** Kebab-case id of the course; the companions get -exercices, -quiz and -flashcards. */
  id: string;
  /** The course's title, e.g. « Maths – Suites numériques »; the companions are « Exercices – Suites numériques »… */
  title: string;
  section: "python" | "maths" | "open";
  track: string;
  order: number;
  /** Folder of the URLs (the course is at <base>/<id>); `/formation` by default. */
  base?: string;
}

/** The files of a chapter, by path from content/. */
export function chapterFiles(options: ChapterOptions): Record<string, string> {
  const { id, title, section, track, order } = options;
  const base = (options.base ?? "/formation").replace(/\/$/, "");
  // Titles in the house style (docs/decisions/0011): parts joined by an en dash, no chapter number.
  const subject = title.replace(/^(Chapitre \d+\s?: |Maths – )/, "");
  const ids = { exercises: `${id}-exercices`, quiz: `${id}-quiz`, flashcards: `${id}-flashcards` };
  const head = (pageId: string, pageTitle: string) => [
    `id: ${pageId}`,
    `path: ${base}/${pageId}`,
    `title: ${JSON.stringify(pageTitle)}`,
    "# Une phrase de 50 à 170 caractères : ce que la page apporte à l'étudiant d'ECG.",
    'description: ""',
    `section: ${section}`,
  ];
  const companion = (pageId: string, pageTitle: string, list: string, what: string) =>
    [...head(pageId, pageTitle), `course: ${id}`, `# ${what} (docs/authoring.md).`, `${list}: []`, ""].join("\n");
  return {
    [`courses/${id}.md`]: [
      "---",
      ...head(id, title),
      `track: ${track}`,
      `order: ${order}`,
      `exercises: ${ids.exercises}`,
      `quiz: ${ids.quiz}`,
      `flashcards: ${ids.flashcards}`,
      "search:",
      "  category: Formation",
      "  # Au moins 4 mots-clés : les notions qu'un étudiant tape pour trouver ce chapitre.",
      "  keywords: []",
      "# checks: | assertions Python qui recalculent chaque résultat numérique du cours",
      "---",
      "",
    ].join("\n"),
    [`exercises/${ids.exercises}.yaml`]: companion(
      ids.exercises,
      `Exercices – ${subject}`,
      "exercises",
      "Chaque exercice : id, title, difficulty (1 à 3), concours, method, statement, hints (1 à 3), solution, check",
    ),
    [`quizzes/${ids.quiz}.yaml`]: companion(
      ids.quiz,
      `Quiz – ${subject}`,
      "questions",
      "Chaque question : id, type (single, multiple, numeric, truefalse), prompt, options ou answer, explanation",
    ),
    [`flashcards/${ids.flashcards}.yaml`]: companion(ids.flashcards, `Flashcards – ${subject}`, "cards", "Chaque carte : id, front, back, tags"),
  };
}
