import { Badge } from "~/components/ui/badge";

/** A result as the palette and the results page show it: title, description, category. */
export function SearchResultSummary({
  title,
  description,
  category,
  clamp = false,
}: {
  title: string;
  description: string;
  category: string;
  clamp?: boolean;
}) {
  return (
    <>
      <span className="min-w-0">
        <span className="block font-semibold">{title}</span>
        <span className={`${clamp ? "line-clamp-2" : "mt-1 block"} text-sm text-muted-foreground`}>{description}</span>
      </span>
      <Badge tone="accent">{category}</Badge>
    </>
  );
}
