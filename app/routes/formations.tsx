import { Link } from "react-router";
import { catalog, findCatalogEntry } from "~/catalog/catalog";
import { hasPage } from "~/catalog/site-pages";
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

/** A track's page, and the name its card shows when the page's own title says too little. */
type TrackPage = string | { path: string; cardTitle: string };

/**
 * Built from the catalogue: each track lists the pages it has today (a page that does not exist yet is
 * never offered), so the list grows with the site; a track with no page is left out.
 */
function groups() {
  const tracks: { heading: string; pages: TrackPage[] }[] = [
    {
      heading: "Python — informatique ECG",
      pages: [
        // The inventory's title of /formation is « Formations »: on a card, it names the track.
        { path: "/formation", cardTitle: "Le parcours Python" },
        ...chaptersOf("python"),
        "/formation/exercices",
        "/formation/python-quiz",
        "/python-flashcards",
        "/python-reference",
        "/python-bac-a-sable",
        "/python-article",
        "/pourquoi-python-prepa-ecg",
      ],
    },
    {
      heading: "Mathématiques",
      pages: [
        "/formation/maths",
        "/formation/maths-approfondies",
        "/formation/maths-appliquees",
        "/formation/maths-methodologie",
        "/formation/math/terminale-vers-prepa",
        "/formation/math/premiere-vers-deuxieme",
        ...chaptersOf("maths"),
        "/chapitres-libres",
      ],
    },
    {
      heading: "Langues vivantes",
      pages: ["/formation/anglais", "/formation/anglais/vocabulaire", "/formation/espagnol", "/formation/allemand"],
    },
    { heading: "Géopolitique", pages: ["/formation/geopolitique"] },
    { heading: "ESH et culture générale", pages: ["/formation/esh", "/formation/culture-generale", "/formation/synthese-texte"] },
    { heading: "Outils d'étude", pages: ["/generator"] },
    {
      heading: "Accompagnement et stages",
      pages: catalog.filter((entry) => entry.formationsGroup === "Accompagnement et stages").map((entry) => entry.path),
    },
  ];
  return tracks
    .map(({ heading, pages }) => ({
      heading,
      items: pages
        .map((page) => (typeof page === "string" ? { path: page, cardTitle: undefined } : page))
        .flatMap(({ path, cardTitle }) => {
          const entry = findCatalogEntry(path);
          return entry && hasPage(entry.path) ? [{ entry, cardTitle }] : [];
        })
        .map(({ entry, cardTitle }: { entry: CatalogEntry; cardTitle?: string }) => ({
          path: entry.path,
          title: cardTitle ?? entry.title,
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
                  <span className="flex flex-wrap items-start justify-between gap-2">
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
