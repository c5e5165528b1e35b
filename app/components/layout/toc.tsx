import type { Heading } from "../../../content/compiled";

/** Sticky table of contents of a long page (h2, and h3 indented). */
export function TableOfContents({ headings, label = "Sommaire" }: { headings: Heading[]; label?: string }) {
  if (headings.length < 2) return null;
  return (
    <nav aria-label={label} className="sticky top-24 max-h-[calc(100vh-7rem)] overflow-y-auto rounded-xl border border-border p-4">
      <p className="mb-2 text-sm font-bold uppercase tracking-wide text-muted-foreground">{label}</p>
      <ol className="flex flex-col gap-1.5 text-sm">
        {headings.map((heading) => (
          <li key={heading.id} className={heading.depth === 3 ? "pl-3 text-muted-foreground" : ""}>
            <a href={`#${heading.id}`} className="hover:text-primary hover:underline">
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
