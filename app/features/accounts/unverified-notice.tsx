import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";

/** Said where an unconfirmed address stops an action (joining a class, publishing a review). */
export function UnverifiedNotice({ text }: { text: string }) {
  return (
    <Alert tone="warning" title="Adresse e-mail à confirmer">
      {text}{" "}
      <Link to="/compte#adresse-email" className="font-semibold underline underline-offset-4">
        Confirmer mon adresse
      </Link>
    </Alert>
  );
}
