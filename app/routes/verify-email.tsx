import { Link } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { AuthCard } from "~/components/layout/auth-card";
import { Alert } from "~/components/ui/alert";
import { getCurrentSession } from "~/features/accounts/session.server";
import { VERIFICATION_MESSAGES } from "~/features/accounts/verification-messages";
import { verifyEmailLink } from "~/features/accounts/verification.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/verify-email";

/**
 * The link of the confirmation e-mail. Opening it twice (or a mail client's preview opening it first)
 * changes nothing; it needs no session, since the mail may be read on another device.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 2000);
  const result = token ? await verifyEmailLink(token) : { ok: false as const, message: VERIFICATION_MESSAGES.linkInvalid };
  return {
    meta: catalogPageMeta(findCatalogEntry("/verifier-email")!),
    verified: result.ok,
    message: result.ok ? undefined : result.message,
    signedIn: Boolean(await getCurrentSession(request)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  // The address in the URL's token must not end up in a shared cache or a referrer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { verified, message, signedIn } = loaderData;
  const link = "font-semibold text-primary underline underline-offset-4";
  return (
    <AuthCard title="Confirmation de l’adresse e-mail">
      {verified ? (
        <Alert tone="success" title={VERIFICATION_MESSAGES.verified}>
          Votre compte peut maintenant rejoindre la classe d'un professeur et publier un avis.
        </Alert>
      ) : (
        <Alert tone="danger" title="Lien invalide">
          {message}
        </Alert>
      )}
      <p className="mt-6 text-sm">
        {signedIn ? (
          <Link to={verified ? "/dashboard" : "/compte#adresse-email"} className={link}>
            {verified ? "Aller à mon dashboard" : "Aller à Mon compte"}
          </Link>
        ) : (
          <Link to={verified ? "/login" : "/login?next=%2Fcompte"} className={link}>
            Se connecter
          </Link>
        )}
      </p>
    </AuthCard>
  );
}
