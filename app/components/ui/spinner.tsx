import { LoaderCircle } from "lucide-react";

/** An animated spinner; with a label it is a status for screen readers, without one it is decoration. */
export function Spinner({ label = "Chargement…", className = "size-6" }: { label?: string; className?: string }) {
  const icon = <LoaderCircle aria-hidden="true" className={`animate-spin text-primary ${className}`} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
