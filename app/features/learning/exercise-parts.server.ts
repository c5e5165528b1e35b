import type { CompiledExerciseSet } from "../../../content/pipeline/load";
import { contentBody } from "../content/store.server";

/** The HTML of a hint (`indication-N`) or of the solution of one exercise, or undefined when there is none. */
export function exercisePartHtml(set: CompiledExerciseSet, exerciseId: string, part: string): string | undefined {
  const exercise = set.exercises.find((candidate) => candidate.id === exerciseId);
  if (!exercise) return undefined;
  if (part === "solution") return exercise.solutionHtml;
  const hint = /^indication-([1-9])$/.exec(part);
  return hint ? exercise.hintsHtml[Number(hint[1]) - 1] : undefined;
}

/**
 * An exercise as the page sends it: the statement (on a document request only a reference to it, rendered
 * by the server, see ContentHtml) and the number of hints, not their text.
 */
export function exerciseStatement(setId: string, exercise: CompiledExerciseSet["exercises"][number], documentRequest: boolean) {
  const { hintsHtml, solutionHtml: _solution, statementHtml: _statement, runner, ...rest } = exercise;
  const { html, htmlRef } = contentBody("exercise", `${setId}/${exercise.id}`, documentRequest);
  return {
    ...rest,
    statementHtml: html,
    statementRef: htmlRef,
    hintCount: hintsHtml.length,
    // The editor's first code only: the tests and the reference program come with the first run.
    runner: runner ? { starter: runner.starter, timeout: runner.timeout } : null,
  };
}

/** What a run of a runnable exercise needs besides the student's code (the `runner` part). */
export function exerciseRunSpec(set: CompiledExerciseSet, exerciseId: string) {
  const runner = set.exercises.find((candidate) => candidate.id === exerciseId)?.runner;
  return runner && { inputs: runner.inputs, timeout: runner.timeout, tests: runner.tests, reference: runner.reference };
}
