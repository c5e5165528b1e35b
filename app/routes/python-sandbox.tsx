import { Link } from "react-router";
import { guardRoute } from "~/features/access/guards.server";
import { PythonExercise } from "~/features/python/python-exercise";
import { readPrograms } from "~/features/python/programs.server";
import { SANDBOX_EXAMPLES, SANDBOX_PROGRAM_ID, SANDBOX_STARTER } from "~/features/python/sandbox";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/python-sandbox";

/** No test here: the program runs as it is, with a longer time limit for simulations. */
const SANDBOX_SPEC = { inputs: [], timeout: 15, tests: [], reference: "" };

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, session } = await guardRoute({ request, pattern });
  const saved = session ? (await readPrograms(session.user.id, [SANDBOX_PROGRAM_ID]))[SANDBOX_PROGRAM_ID] : undefined;
  return { meta: catalogPageMeta(entry), saved: saved ?? null, signedIn: Boolean(session) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function PythonSandbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Bac à sable Python</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Écrivez et exécutez vos programmes Python dans le navigateur, avec numpy et matplotlib, comme à l'écrit ECG. Le programme tourne sur
        votre appareil&nbsp;; il est gardé dans ce navigateur d'une visite à l'autre.
      </p>
      <p className="mt-2 text-sm">
        Pour s'entraîner avec une correction automatique&nbsp;: les exercices de{" "}
        <Link to="/formation/python-fondamentaux-exercices" className="text-primary underline underline-offset-4">
          Python Fondamentaux
        </Link>
        ,{" "}
        <Link to="/formation/python-analyse-exercices" className="text-primary underline underline-offset-4">
          Python Analyse
        </Link>
        ,{" "}
        <Link to="/formation/python-matrices-exercices" className="text-primary underline underline-offset-4">
          Python Matrices
        </Link>{" "}
        et{" "}
        <Link to="/formation/python-probabilites-exercices" className="text-primary underline underline-offset-4">
          Python Probabilités
        </Link>
        .
      </p>
      <PythonExercise
        storageId={SANDBOX_PROGRAM_ID}
        starter={SANDBOX_STARTER}
        spec={SANDBOX_SPEC}
        examples={SANDBOX_EXAMPLES}
        label="Mon programme"
        saved={loaderData.saved}
        signedIn={loaderData.signedIn}
      />
    </div>
  );
}
