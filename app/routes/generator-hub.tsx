import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { engineSentence, quotaSentence } from "~/features/generators/generator-ui";
import { generatorRoute, toolPageData } from "~/features/generators/route.server";
import { GENERATOR_FAMILIES, GENERATOR_TOOLS, type GeneratorSlug } from "~/features/generators/tool-list";
import { pageMeta } from "~/features/site/meta";
import type { Route } from "./+types/generator-hub";

export async function loader(args: Route.LoaderArgs) {
  const { entry, viewer } = await generatorRoute(args);
  return toolPageData(entry, viewer);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function GeneratorHub({ loaderData }: Route.ComponentProps) {
  const { modelOn, quota } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="max-w-3xl space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Générateurs IA</h1>
        <p className="text-lg text-muted-foreground">
          Des outils qui travaillent sur les cours, les fiches et les banques d'exercices de Tremplin. Chaque résultat cite les pages d'où
          il vient&nbsp;: rien n'est inventé, et vous pouvez toujours vérifier à la source.
        </p>
        <p className="text-sm">{engineSentence(modelOn)}</p>
        {quota.signedIn ? null : <p className="text-sm">{quotaSentence(quota, "flashcards")}</p>}
      </header>
      {Object.entries(GENERATOR_FAMILIES).map(([family, label]) => {
        const tools = GENERATOR_TOOLS.filter((tool) => tool.family === family);
        if (!tools.length) return null;
        return (
          <section key={family} aria-labelledby={`famille-${family}`} className="mt-10">
            <h2 id={`famille-${family}`} className="text-2xl font-bold">
              {label}
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {tools.map((tool) => (
                <li key={tool.slug}>
                  <Card className="flex h-full flex-col gap-2">
                    <h3 className="text-lg font-bold">
                      <Link to={tool.path} className="underline-offset-4 hover:underline">
                        {tool.title}
                      </Link>
                    </h3>
                    <p className="flex-1 text-muted-foreground">{tool.summary}</p>
                    {quota.signedIn ? <p className="text-sm">{quotaSentence(quota, tool.slug as GeneratorSlug)}</p> : null}
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
