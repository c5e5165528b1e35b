import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

export interface PillLink {
  path: string;
  label: string;
  /** Before the label, or after it for a link that leads onwards (« Chapitre suivant »). */
  Icon?: LucideIcon;
  iconAfter?: boolean;
}

/** A row of rounded links (a chapter's pages, the steps after a quiz), left out when empty. */
export function PillLinks({
  label,
  links,
  className = "",
}: {
  label?: string;
  links: (PillLink | false | undefined)[];
  className?: string;
}) {
  const shown = links.filter((link): link is PillLink => Boolean(link));
  if (shown.length === 0) return null;
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {shown.map(({ path, label: text, Icon, iconAfter }) => (
        <li key={path}>
          <Link
            to={path}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-muted"
          >
            {Icon && !iconAfter ? <Icon aria-hidden="true" className="size-4" /> : null} {text}{" "}
            {Icon && iconAfter ? <Icon aria-hidden="true" className="size-4" /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
