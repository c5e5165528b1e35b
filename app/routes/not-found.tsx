import { data, redirect } from "react-router";
import type { Route } from "./+types/not-found";
import { permanentRedirectFor } from "~/catalog/redirects";
import { ButtonLink } from "~/components/ui/button";
import { documentTitle } from "~/catalog/site-pages";

export function loader({ request }: Route.LoaderArgs) {
  const merged = permanentRedirectFor(new URL(request.url));
  if (merged) throw redirect(merged, 301);
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: documentTitle("Page non trouvée") }, { name: "robots", content: "noindex" }];
}

export function NotFoundScreen() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center">
      <p className="text-6xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">Page non trouvée</h1>
      <p className="mt-4 text-muted-foreground">
        L'adresse demandée ne correspond à aucune page de Tremplin. Elle a peut-être été déplacée, ou contient une faute de frappe.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Retour à l'accueil</ButtonLink>
        <ButtonLink to="/formations" variant="outline">
          Voir les formations
        </ButtonLink>
      </div>
    </div>
  );
}

export default function NotFound() {
  return <NotFoundScreen />;
}
