import { Check } from "lucide-react";
import { Link } from "react-router";
import { plural } from "~/lib/plural";
import type { ChapterProgress } from "../progress/chapter-progress";
import { type TrackChapter, chapterShortTitle, trackSection } from "./track-chapters";

export interface HubTrack {
  track: string;
  label: string;
  chapters: TrackChapter[];
}

/** The reader's work in a chapter, in words (« 3 exercices réussis sur 12 »…). */
function progressLine(chapter: TrackChapter, progress: ChapterProgress): string[] {
  return [
    progress.read ? "Cours ouvert" : "Cours pas encore ouvert",
    chapter.exercises ? `${plural(progress.exercisesSolved, "exercice réussi", "exercices réussis")} sur ${chapter.exercises.items}` : "",
    chapter.quiz
      ? progress.quiz
        ? `Quiz\u00a0: meilleur score ${progress.quiz.score}/${progress.quiz.total}`
        : "Quiz pas encore fait"
      : "",
    chapter.flashcards
      ? `${plural(progress.cardsInDeck, "carte", "cartes")} sur ${chapter.flashcards.items} dans votre deck de révision`
      : "",
  ].filter(Boolean);
}

/** The chapter's four pages, each named with its size (« 12 exercices », « Quiz de 15 questions »…). */
function chapterPages({ path, exercises, quiz, flashcards }: TrackChapter): { path: string; label: string }[] {
  return [
    { path, label: "Cours" },
    exercises && { path: exercises.path, label: plural(exercises.items, "exercice", "exercices") },
    quiz && { path: quiz.path, label: `Quiz de ${plural(quiz.items, "question", "questions")}` },
    flashcards && { path: flashcards.path, label: plural(flashcards.items, "flashcard", "flashcards") },
  ].filter((page): page is { path: string; label: string } => Boolean(page));
}

/** Whether every page of the chapter has been worked: course read, all exercises solved, a quiz done. */
function isChapterDone(chapter: TrackChapter, progress: ChapterProgress): boolean {
  return (
    progress.read &&
    (!chapter.exercises || progress.exercisesSolved >= chapter.exercises.items) &&
    (!chapter.quiz || progress.quiz !== null)
  );
}

/**
 * The chapters of a hub's tracks in programme order, each with its four pages, and for a signed-in
 * reader what they did in it. The list comes from the tracks' courses: a new chapter appears by itself.
 */
export function TrackChapterList({
  tracks,
  progress,
  loginHref,
}: {
  tracks: HubTrack[];
  progress: Record<string, ChapterProgress> | null;
  loginHref: string;
}) {
  if (!tracks.length) return null;
  return (
    <div className="mt-8 max-w-3xl space-y-8">
      {progress ? null : (
        <p className="text-sm text-muted-foreground">
          <Link to={loginHref} className="font-semibold text-primary underline underline-offset-4">
            Connectez-vous
          </Link>{" "}
          pour suivre votre progression dans chaque chapitre.
        </p>
      )}
      {tracks.map(({ track, label, chapters }) => (
        <section key={track} aria-labelledby={trackSection(track, label).id}>
          <h2 id={trackSection(track, label).id} className="text-2xl font-bold">
            {trackSection(track, label).title}
          </h2>
          <ol className="mt-4 space-y-3">
            {chapters.map((chapter, index) => {
              const chapterProgress = progress?.[chapter.id];
              const done = chapterProgress ? isChapterDone(chapter, chapterProgress) : false;
              return (
                <li
                  key={chapter.id}
                  className="rounded-xl border border-border p-4"
                  aria-label={`Chapitre ${index + 1}\u00a0: ${chapterShortTitle(chapter.title)}`}
                >
                  <p className="flex items-baseline gap-3">
                    <span className="text-sm font-bold text-muted-foreground" aria-hidden="true">
                      {index + 1}.
                    </span>
                    <Link to={chapter.path} className="text-lg font-semibold hover:underline">
                      {chapterShortTitle(chapter.title)}
                    </Link>
                    {done ? (
                      <span className="inline-flex items-center gap-1 text-sm font-semibold text-success">
                        <Check aria-hidden="true" className="size-4" /> Chapitre travaillé
                      </span>
                    ) : null}
                  </p>
                  <ul aria-label="Pages du chapitre" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    {chapterPages(chapter).map(({ path, label }) => (
                      <li key={path}>
                        <Link to={path} className="text-primary underline underline-offset-4">
                          {label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  {chapterProgress ? (
                    <p className="mt-2 text-sm text-muted-foreground" data-testid="progression-chapitre">
                      {progressLine(chapter, chapterProgress).join(" · ")}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
