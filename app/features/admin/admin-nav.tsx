import { NavLink } from "react-router";

/** The console's sections, in the order of the menu. */
export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Vue d'ensemble", end: true },
  { to: "/admin/leads", label: "Demandes" },
  { to: "/admin/candidatures", label: "Candidatures" },
  { to: "/admin/avis", label: "Avis" },
  { to: "/admin/utilisateurs", label: "Utilisateurs" },
  { to: "/admin/journal", label: "Journal" },
] as const;

/** The admin console's menu, above each console page's title. */
export function AdminNav() {
  return (
    <nav aria-label="Console d'administration" className="border-b border-border pb-3">
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={"end" in section}
              className={({ isActive }) =>
                isActive ? "font-semibold text-foreground underline underline-offset-4" : "text-primary underline-offset-4 hover:underline"
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
