/** Single sign-on as the pages see it (issue #27): the configured providers and the French messages. */
export type SsoProviderId = "google" | "microsoft" | "apple" | "oidc";

export interface SsoProvider {
  id: SsoProviderId;
  /** The name on « Continuer avec … » (OIDC_NAME for a school's or a region's provider). */
  label: string;
}

export const SSO_MESSAGES = {
  unavailable: "La connexion avec ce fournisseur est momentanément indisponible. Réessayez ou utilisez votre mot de passe.",
  notLinked: "Ce compte n'est pas lié au vôtre.",
  lastWay:
    "C'est votre seule façon de vous connecter : définissez d'abord un mot de passe ou liez un autre compte avant de délier celui-ci.",
  linked: (label: string) => `Compte ${label} lié`,
  unlinked: (label: string) => `Compte ${label} délié`,
  formerProvider: (id: string) => `${id} (fournisseur retiré)`,
  accountExists: (label: string) =>
    `Un compte Tremplin utilise déjà cette adresse. Connectez-vous ci-dessous avec votre mot de passe ou un code, puis liez votre compte ${label} depuis Mon compte.`,
  error(code: string, label: string): string {
    switch (code) {
      case "account_not_linked":
        return SSO_MESSAGES.accountExists(label);
      case "access_denied":
        return `Vous avez refusé l'accès à ${label} : aucune connexion n'a été faite.`;
      case "email_not_found":
        return `${label} n'a pas communiqué d'adresse e-mail : impossible de vous connecter ainsi.`;
      case "unable_to_link_account":
        return `${label} ne confirme pas cette adresse e-mail : le compte n'a pas été lié.`;
      case "email_doesn't_match":
        return `L'adresse de ce compte ${label} n'est pas celle de votre compte Tremplin : il n'a pas été lié.`;
      case "account_already_linked_to_different_user":
        return `Ce compte ${label} est déjà lié à un autre compte Tremplin.`;
      case "state_mismatch":
      case "state_not_found":
      case "please_restart_the_process":
      case "invalid_callback_request":
        return `La connexion avec ${label} n'a pas abouti (demande expirée ou déjà utilisée). Recommencez.`;
      default:
        return `La connexion avec ${label} a échoué. Réessayez ou utilisez votre mot de passe.`;
    }
  },
} as const;
