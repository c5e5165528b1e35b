import { ArrowRight } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { hasPage } from "~/catalog/site-pages";
import { ButtonLink, ExternalButtonLink } from "~/components/ui/button";
import { guardRoute } from "~/features/access/guards.server";
import { latestPublishedReviews } from "~/features/requests/reviews.server";
import { Stars } from "~/features/requests/stars";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  await guardRoute({ request, pattern });
  // Cached for visitors: a moderation decision announces the change and empties the cache (reviews.server.ts).
  return { meta: catalogPageMeta(findCatalogEntry("/")!), reviews: await latestPublishedReviews() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

const subjects = [
  {
    name: "Mathématiques",
    path: "/formation/maths",
    text: "Approfondies ou appliquées : cours complets, méthodes, exercices corrigés pas à pas et quiz par chapitre.",
  },
  {
    name: "Informatique (Python)",
    path: "/formation",
    text: "Le programme d'informatique d'ECG : numpy, simulations, suites et algorithmes, avec des programmes qui tournent.",
  },
  {
    name: "Langues vivantes",
    path: "/formation/anglais",
    text: "Anglais, espagnol, allemand : grammaire, vocabulaire thématique, civilisation, synthèse et essai.",
  },
  {
    name: "Géopolitique (HGG)",
    path: "/formation/geopolitique",
    text: "Les grandes questions du programme, des chronologies, des études de cas et la méthode de la dissertation.",
  },
  {
    name: "ESH",
    path: "/formation/esh",
    text: "Économie, sociologie et histoire : notions, auteurs, mécanismes et méthode de la dissertation.",
  },
  {
    name: "Oraux des écoles",
    path: "/methodologie/entretiens-personnalite",
    text: "Entretiens de personnalité, pitch, questions difficiles : préparer les oraux de la BCE et d'Ecricome.",
  },
];

const steps = [
  { title: "Faire le point", text: "Un premier cours gratuit pour mesurer votre niveau, vos objectifs et votre emploi du temps." },
  { title: "Travailler avec méthode", text: "Des cours rédigés comme un bon polycopié, des exercices gradués et des corrigés détaillés." },
  {
    title: "S'entraîner et mémoriser",
    text: "Quiz corrigés, flashcards et suivi de progression pour savoir où vous en êtes avant chaque DS.",
  },
  { title: "Être accompagné", text: "Un tuteur qui connaît le programme et les concours, au rythme qui vous convient." },
];

const offers = [
  { path: "/coaching", title: "Coaching individuel", text: "Des séances en visio avec un tuteur, dans la matière de votre choix." },
  {
    path: "/offres/pre-rentree",
    title: "Stage de pré-entrée",
    text: "Aborder la première année avec les bases de terminale solidement en place.",
  },
  {
    path: "/offre/gratuite",
    title: "Sessions live gratuites",
    text: "Des séances collectives en direct sur la méthode et les grands classiques.",
  },
  {
    path: "/offre/preparation-cube",
    title: "Préparation Cube",
    text: "Maths, Python, méthode : un programme à l'année sur les trois faces.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <section className="relative isolate overflow-hidden pt-32 pb-20 sm:pt-40">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -left-24 top-16 size-72 rounded-full bg-primary/15 blur-3xl" />
          <div className="absolute -right-16 top-40 size-80 rounded-full bg-accent/20 blur-3xl" />
          {/* The two shapes stay out of a phone's narrow hero, where they ran over the kicker and the buttons. */}
          <div
            data-decoration="shape"
            className="absolute bottom-0 left-1/3 hidden size-40 rotate-12 rounded-3xl border-2 border-primary/20 sm:block"
          />
          <div data-decoration="shape" className="absolute right-1/4 top-24 hidden size-16 rotate-45 rounded-xl bg-accent/30 sm:block" />
        </div>
        <div className="mx-auto max-w-5xl px-4 text-center">
          <p className="text-sm font-bold uppercase tracking-widest text-primary">Prépa ECG · concours BCE et Ecricome</p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-6xl">Réussir sa prépa ECG, un chapitre après l'autre.</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Des cours rigoureux, des exercices corrigés pas à pas, des quiz et des flashcards alignés sur les programmes officiels, et des
            tuteurs qui connaissent la prépa pour vous accompagner jusqu'aux concours.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            {rootData ? (
              <ExternalButtonLink href={rootData.config.bookingUrl} size="lg">
                Réserver mon premier cours gratuit
              </ExternalButtonLink>
            ) : null}
            <ButtonLink to="/formations" variant="outline" size="lg">
              Découvrir les formations
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="matieres" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="matieres" className="text-3xl font-bold tracking-tight">
          Les matières de la prépa ECG
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">
          Chaque matière suit le programme officiel, dans l'ordre où vous le voyez en classe. Les contenus s'enrichissent chapitre par
          chapitre, et chaque résultat est vérifié avant publication.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {/* A subject shows once its hub exists: a card never promises a page that is not there. */}
          {subjects
            .filter((subject) => hasPage(subject.path))
            .map((subject) => (
              <li key={subject.name} className="rounded-2xl border border-border bg-card p-6">
                <h3 className="text-lg font-bold">
                  <Link to={subject.path} className="hover:text-primary hover:underline">
                    {subject.name}
                  </Link>
                </h3>
                <p className="mt-2 text-muted-foreground">{subject.text}</p>
              </li>
            ))}
        </ul>
      </section>

      <section aria-labelledby="fonctionnement" className="bg-muted/60 py-16">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="fonctionnement" className="text-3xl font-bold tracking-tight">
            Comment ça marche
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li key={step.title} className="rounded-2xl bg-card p-6 shadow-sm">
                <span
                  aria-hidden="true"
                  className="inline-flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
                <p className="mt-2 text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="offres" className="mx-auto max-w-7xl px-4 py-16">
        <div className="flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
          <div>
            <h2 id="offres" className="text-3xl font-bold tracking-tight">
              Un accompagnement à la carte
            </h2>
            <p className="mt-3 max-w-2xl text-muted-foreground">
              Du stage d'avant rentrée au coaching de l'année des concours, choisissez ce dont vous avez besoin.
            </p>
          </div>
          <Link to="/nos-offres" className="inline-flex items-center gap-1 font-semibold text-primary hover:underline">
            Toutes nos offres <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {offers.map((offer) => (
            <li key={offer.path}>
              <Link to={offer.path} className="block h-full rounded-2xl border border-border bg-card p-6 transition-shadow hover:shadow-md">
                <h3 className="text-lg font-bold">{offer.title}</h3>
                <p className="mt-2 text-muted-foreground">{offer.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.reviews.length > 0 ? (
        <section aria-labelledby="avis" className="bg-muted/60 py-16">
          <div className="mx-auto max-w-7xl px-4">
            <div className="flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
              <div>
                <h2 id="avis" className="text-3xl font-bold tracking-tight">
                  Les derniers avis
                </h2>
                <p className="mt-3 max-w-2xl text-muted-foreground">
                  Laissés sur Tremplin par des élèves et des parents, et relus par l'équipe avant leur publication.
                </p>
              </div>
              <Link to="/avis" className="inline-flex items-center gap-1 font-semibold text-primary hover:underline">
                Tous les avis <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
            <ul className="mt-8 grid gap-4 md:grid-cols-3">
              {loaderData.reviews.map((review) => (
                <li key={review.id}>
                  <figure className="flex h-full flex-col rounded-2xl bg-card p-6 shadow-sm">
                    <Stars rating={review.rating} />
                    <blockquote className="mt-3 flex-1 break-words">{review.excerpt}</blockquote>
                    <figcaption className="mt-4 font-semibold">{review.author}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="appel" className="mx-auto max-w-5xl px-4 pb-20">
        <div className="rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground">
          <h2 id="appel" className="text-3xl font-bold">
            Commencez par un premier cours offert
          </h2>
          <p className="mx-auto mt-3 max-w-2xl">
            Un échange pour faire le point sur votre prépa et repartir avec un plan de travail clair, sans engagement.
          </p>
          {rootData ? (
            <ExternalButtonLink href={rootData.config.bookingUrl} variant="secondary" size="lg" className="mt-8">
              Réserver mon premier cours gratuit
            </ExternalButtonLink>
          ) : null}
        </div>
      </section>
    </>
  );
}
