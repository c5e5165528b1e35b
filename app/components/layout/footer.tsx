import { Link } from "react-router";
import { footerColumns, legalLinks } from "~/catalog/navigation";
import { ButtonLink, ExternalButtonLink } from "~/components/ui/button";
import type { PublicConfig } from "~/features/site/public-config";
import { COPYRIGHT_YEAR, SUGGESTION_PREFILLED_MESSAGE, messagingHref } from "./constants";
import { SocialLinks } from "./social-links";

export function Footer({ config }: { config: PublicConfig }) {
  return (
    <footer className="border-t border-border bg-muted/50">
      <div className="mx-auto max-w-7xl px-4 pt-12 pb-24 lg:pb-12">
        <div className="grid grid-cols-2 gap-8 lg:grid-cols-4">
          {footerColumns.map((column) => (
            <nav key={column.label} aria-label={column.label}>
              <h2 className="mb-3 text-sm font-bold uppercase tracking-wide">{column.label}</h2>
              <ul className="flex flex-col gap-2">
                {column.groups
                  .flatMap((group) => group.links)
                  .map((link) => (
                    <li key={link.path}>
                      <Link to={link.path} className="text-muted-foreground hover:text-foreground hover:underline">
                        {link.label}
                      </Link>
                    </li>
                  ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <section
            aria-labelledby="footer-suggestion"
            className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-card p-6"
          >
            <h2 id="footer-suggestion" className="font-semibold">
              Élève en prépa ECG, vous voyez comment améliorer Tremplin&nbsp;?
            </h2>
            <p className="text-muted-foreground">
              Proposez-nous une amélioration du site&nbsp;: si nous la retenons, un cours particulier vous est offert.
            </p>
            <ButtonLink to="/contact?objet=suggestion" variant="outline">
              Envoyer une suggestion
            </ButtonLink>
            <p className="text-sm text-muted-foreground">
              Ou par{" "}
              <a
                href={messagingHref(config.messagingUrl, SUGGESTION_PREFILLED_MESSAGE)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-primary underline underline-offset-4"
              >
                messagerie<span className="sr-only"> (nouvel onglet)</span>
              </a>
              .
            </p>
          </section>
          <section
            aria-labelledby="footer-booking"
            className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-card p-6"
          >
            <h2 id="footer-booking" className="font-semibold">
              Faisons le point ensemble, sans engagement
            </h2>
            <p className="text-muted-foreground">
              Le premier cours est gratuit&nbsp;: il sert à comprendre vos besoins et à vous proposer un plan de travail.
            </p>
            <ExternalButtonLink href={config.bookingUrl} size="lg">
              Réserver mon premier cours gratuit
            </ExternalButtonLink>
          </section>
        </div>

        <div className="mt-10 flex flex-col gap-4 border-t border-border pt-6 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
          <div className="flex flex-col gap-1">
            <p>© {COPYRIGHT_YEAR} Tremplin. Tous droits réservés.</p>
            <p>Site hébergé par {config.hostingName}.</p>
          </div>
          <nav aria-label="Informations légales">
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {legalLinks.map((link) => (
                <li key={link.path}>
                  <Link to={link.path} className="hover:text-foreground hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <SocialLinks social={config.social} />
        </div>
      </div>
    </footer>
  );
}
