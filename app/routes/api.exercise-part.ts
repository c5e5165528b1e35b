import { data } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { guardRoute } from "~/features/access/guards.server";
import { getExerciseSet } from "~/features/content/store.server";
import { EXERCISE_PART_MESSAGES } from "~/features/learning/exercise-parts";
import { exercisePartHtml, exerciseRunSpec } from "~/features/learning/exercise-parts.server";
import type { Route } from "./+types/api.exercise-part";

/**
 * GET a hint or the solution of one exercise, under the access rule of the exercise set's own page:
 * whoever may not open the page gets 403, an unknown set, exercise or part 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const set = getExerciseSet(params.setId);
  const entry = set && findCatalogEntry(set.path);
  if (!set || !entry) return data({ error: EXERCISE_PART_MESSAGES.notFound }, { status: 404 });
  try {
    await guardRoute({ request, pattern: entry.path });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)
      return data({ error: EXERCISE_PART_MESSAGES.forbidden }, { status: 403 });
    throw thrown;
  }
  if (params.part === "runner") {
    const runner = exerciseRunSpec(set, params.exerciseId);
    return runner ? data({ runner }) : data({ error: EXERCISE_PART_MESSAGES.notFound }, { status: 404 });
  }
  const html = exercisePartHtml(set, params.exerciseId, params.part);
  if (html === undefined) return data({ error: EXERCISE_PART_MESSAGES.notFound }, { status: 404 });
  return data({ html });
}
