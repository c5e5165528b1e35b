import { LoaderCircle } from "lucide-react";

export function Spinner({ label = "Chargement…", className = "size-6" }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <LoaderCircle aria-hidden="true" className={`animate-spin text-primary ${className}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
