import { Link } from "react-router";
import { catalog, findCatalogEntry } from "~/catalog/catalog";
import type { CatalogEntry } from "~/catalog/types";
import { Badge } from "~/components/ui/badge";
import { contentDescription, getCourse } from "~/features/content/store.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/formations";

const chaptersOf = (section: "python" | "maths") =>
  catalog
    .filter((entry) => entry.kind === "course" && entry.section === section)
    .sort((a, b) => (getCourse(a.contentId!)?.order ?? 0) - (getCourse(b.contentId!)?.order ?? 0))
    .map((entry) => entry.path);

/** Built from the catalogue: each track lists the pages it has today, so the list grows with the site. */
function groups() {
  const tracks: { heading: string; paths: string[] }[] = [
    {
      heading: "Python — informatique ECG",
      paths: [
        "/formation",
        ...chaptersOf("python"),
        "/formation/exercices",
        "/formation/python-quiz",
        "/python-flashcards",
        "/python-reference",
        "/python-article",
        "/pourquoi-python-prepa-ecg",
      ],
    },
    {
      heading: "Mathématiques",
      paths: [
        "/formation/maths",
        "/formation/maths-approfondies",
        "/formation/maths-appliquees",
        "/formation/maths-methodologie",
        ...chaptersOf("maths"),
        "/chapitres-libres",
      ],
    },
    {
      heading: "Accompagnement et stages",
      paths: catalog.filter((entry) => entry.formationsGroup === "Accompagnement et stages").map((entry) => entry.path),
    },
  ];
  return tracks
    .map(({ heading, paths }) => ({
      heading,
      items: paths
        .map((path) => findCatalogEntry(path))
        .filter((entry): entry is CatalogEntry => Boolean(entry))
        .map((entry) => ({
          path: entry.path,
          title: entry.title,
          description: entry.description ?? (entry.contentId ? contentDescription(entry.contentId) : undefined) ?? "",
          access: entry.section === "python" ? "Membres" : entry.section === "maths" ? "Accès maths" : undefined,
        })),
    }))
    .filter((group) => group.items.length > 0);
}

export function loader() {
  return { meta: catalogPageMeta(findCatalogEntry("/formations")!), groups: groups() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Formations({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Toutes nos formations</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted-foreground">
        Les ressources et les accompagnements de Tremplin pour la prépa ECG, de l'été qui précède la première année jusqu'aux oraux des
        écoles.
      </p>
      {loaderData.groups.map((group, index) => (
        <section key={group.heading} aria-labelledby={`groupe-${index}`} className="mt-12">
          <h2 id={`groupe-${index}`} className="text-2xl font-bold">
            {group.heading}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.items.map((item) => (
              <li key={item.path}>
                <Link
                  to={item.path}
                  className="block h-full rounded-2xl border border-border bg-card p-6 transition-shadow hover:shadow-md"
                >
                  <span className="flex items-start justify-between gap-2">
                    <span className="text-lg font-bold">{item.title}</span>
                    {item.access ? <Badge tone="accent">{item.access}</Badge> : null}
                  </span>
                  <span className="mt-2 block text-muted-foreground">{item.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
