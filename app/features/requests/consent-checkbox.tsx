import { useId } from "react";
import { Link } from "react-router";

/**
 * The consent box of the public forms: « J'accepte que Tremplin utilise ces informations {purpose} »,
 * with a link to the privacy policy and its error wired for screen readers.
 */
export function ConsentCheckbox({ purpose, checked, error }: { purpose: string; checked: boolean; error: string | undefined }) {
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="inline-flex min-h-11 items-start gap-2 text-base">
        <input
          type="checkbox"
          name="consent"
          className="mt-1 size-5 shrink-0 accent-[var(--primary)]"
          defaultChecked={checked}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
        />
        <span>
          J'accepte que Tremplin utilise ces informations {purpose}, comme l'explique la{" "}
          <Link to="/politique-confidentialite" className="underline underline-offset-4">
            politique de confidentialité
          </Link>
          .
        </span>
      </label>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
