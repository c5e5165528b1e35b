import { Star } from "lucide-react";
import { Fieldset } from "~/components/ui/field";
import { ratingLabel } from "./review-forms";

const sizes = { sm: "size-4", md: "size-5", lg: "size-7" } as const;

/**
 * A rating as five stars (rounded to the nearest whole star). Screen readers read « 4 sur 5 », or `label`;
 * `label={null}` when the rating is already written out next to the stars.
 */
export function Stars({ rating, size = "md", label }: { rating: number; size?: keyof typeof sizes; label?: string | null }) {
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-0.5 text-accent">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={sizes[size]} strokeWidth={1.75} fill={n <= filled ? "currentColor" : "none"} />
      ))}
      {label === null ? null : <span className="sr-only">{label ?? ratingLabel(rating)}</span>}
    </span>
  );
}

/** The 1–5 stars of the review form: five radio buttons in a fieldset, with the field's error. */
export function RatingFieldset({ name, defaultValue, error }: { name: string; defaultValue?: string; error?: string }) {
  return (
    <Fieldset legend="Votre note" error={error}>
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-border px-3 has-checked:border-primary has-checked:bg-primary/5"
          >
            <input
              type="radio"
              name={name}
              value={n}
              defaultChecked={defaultValue === String(n)}
              className="size-4 accent-[var(--primary)]"
            />
            <Stars rating={n} size="sm" label={null} />
            <span>
              {n} étoile{n > 1 ? "s" : ""}
            </span>
          </label>
        ))}
      </div>
    </Fieldset>
  );
}
