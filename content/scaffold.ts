/**
 * `npm run content:new -- chapter <id>`: the four files of a chapter (course, exercises, quiz, flashcards)
 * with every required field and the references between them. Each text to write says TODO: content:check
 * refuses the files until every one is replaced, so a scaffold can never be published as it is.
 */

export interface ChapterOptions {
  /** Kebab-case id of the course; the companions get -exercices, -quiz and -flashcards. */
  id: string;
  /** « Chapitre N : Titre » (CONTENT-STYLE title conventions). */
  title: string;
  section: "python" | "maths" | "open";
  track: string;
  order: number;
  /** Folder of the URLs (the course is at <base>/<id>); `/formation` by default. */
  base?: string;
}

const TODO_DESCRIPTION = "TODO une phrase de 50 à 170 caractères qui dit ce que la page apporte à l'étudiant d'ECG.";

function yamlString(value: string): string {
  return JSON.stringify(value);
}

/** The files of a chapter, by path from content/. */
export function chapterFiles(options: ChapterOptions): Record<string, string> {
  const { id, title, section, track, order } = options;
  const base = (options.base ?? "/formation").replace(/\/$/, "");
  const subject = title.replace(/^Chapitre \d+ : /, "");
  const ids = { exercises: `${id}-exercices`, quiz: `${id}-quiz`, flashcards: `${id}-flashcards` };
  const head = (pageId: string, pageTitle: string) =>
    [`id: ${pageId}`, `path: ${base}/${pageId}`, `title: ${yamlString(pageTitle)}`, `description: ${yamlString(TODO_DESCRIPTION)}`, `section: ${section}`];
  return {
    [`courses/${id}.md`]: [
      "---",
      ...head(id, title),
      `track: ${track}`,
      `order: ${order}`,
      `exercises: ${ids.exercises}`,
      `quiz: ${ids.quiz}`,
      `flashcards: ${ids.flashcards}`,
      "checks: |",
      "  # TODO une assertion Python par résultat numérique du cours",
      "  assert True",
      "---",
      "",
      "TODO l'introduction du chapitre, ce qu'il apporte et où il sert au concours.",
      "",
      "## TODO première partie",
      "",
      ":::definition[TODO]",
      "TODO",
      ":::",
      "",
    ].join("\n"),
    [`exercises/${ids.exercises}.yaml`]: [
      ...head(ids.exercises, `Exercices - ${title}`),
      `course: ${id}`,
      "intro: |",
      "  TODO comment travailler ces exercices.",
      "exercises:",
      "  - id: todo-premier-exercice",
      "    title: TODO titre",
      "    difficulty: 1",
      "    concours: false",
      "    method: TODO la méthode travaillée",
      "    statement: |",
      "      TODO énoncé",
      "    hints:",
      "      - |",
      "        TODO indication",
      "    solution: |",
      "      TODO solution rédigée",
      "    check: |",
      "      # TODO une assertion Python par résultat",
      "      assert True",
      "",
    ].join("\n"),
    [`quizzes/${ids.quiz}.yaml`]: [
      ...head(ids.quiz, `Quiz - ${subject}`),
      `course: ${id}`,
      "questions:",
      "  - id: todo-premiere-question",
      "    type: single",
      "    prompt: |",
      "      TODO question",
      "    options:",
      "      - id: a",
      "        text: TODO bonne réponse",
      "        correct: true",
      "        why: TODO pourquoi",
      "      - id: b",
      "        text: TODO distracteur",
      "        why: TODO pourquoi pas",
      "    explanation: |",
      "      TODO explication",
      "",
    ].join("\n"),
    [`flashcards/${ids.flashcards}.yaml`]: [
      ...head(ids.flashcards, `Flashcards - ${subject}`),
      `course: ${id}`,
      "cards:",
      "  - id: todo-premiere-carte",
      "    front: |",
      "      TODO recto",
      "    back: |",
      "      TODO verso",
      "    tags: [TODO]",
      "",
    ].join("\n"),
  };
}
