import { Link } from "react-router";

/** « Mes cours › <classe> › … »: where a teacher-space page sits; every step but the last is a link. */
export function TeacherBreadcrumb({ trail, current }: { trail: { to: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="Fil d'Ariane" className="text-sm">
      {trail.map((step) => (
        <span key={step.to}>
          <Link to={step.to} className="text-primary underline underline-offset-4">
            {step.label}
          </Link>
          {" › "}
        </span>
      ))}
      <span aria-current="page">{current}</span>
    </nav>
  );
}
