import { ChevronDown } from "lucide-react";
import type { Heading } from "../../../content/compiled";

/** The entries of a table of contents: each heading as rendered (a formula shows as a formula). */
export function TocList({ headings, onNavigate }: { headings: Heading[]; onNavigate?: () => void }) {
  return (
    <ol className="flex flex-col gap-1.5 text-sm">
      {headings.map((heading) => (
        <li key={heading.id} className={heading.depth === 3 ? "pl-3 text-muted-foreground" : ""}>
          <a
            href={`#${heading.id}`}
            onClick={onNavigate}
            className="inline-block py-0.5 hover:text-primary hover:underline"
            dangerouslySetInnerHTML={{ __html: heading.html }}
          />
        </li>
      ))}
    </ol>
  );
}

/** Sticky table of contents of a long page (h2, and h3 indented), from desktop width. */
export function TableOfContents({ headings, label = "Sommaire" }: { headings: Heading[]; label?: string }) {
  if (headings.length < 2) return null;
  return (
    // Its bottom stays clear of the floating chat button.
    <nav aria-label={label} className="sticky top-24 max-h-[calc(100vh-12rem)] overflow-y-auto rounded-xl border border-border p-4">
      <p className="mb-2 text-sm font-bold uppercase tracking-wide text-muted-foreground">{label}</p>
      <TocList headings={headings} />
    </nav>
  );
}

/** The same table of contents below desktop width, folded at the top of the page. */
export function FoldedTableOfContents({ headings, label = "Sommaire" }: { headings: Heading[]; label?: string }) {
  if (headings.length < 2) return null;
  return (
    <details className="group mt-6 rounded-xl border border-border lg:hidden" data-testid="sommaire-replie">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-4 font-semibold [&::-webkit-details-marker]:hidden">
        {label}
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <nav aria-label={label} className="border-t border-border px-4 py-3">
        <TocList headings={headings} />
      </nav>
    </details>
  );
}
