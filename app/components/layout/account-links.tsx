import { Suspense, lazy } from "react";
import { Link } from "react-router";

export interface HeaderUser {
  firstName: string;
  isTeacher: boolean;
  isAdmin: boolean;
}

export interface AccountLinksProps {
  user: HeaderUser | null;
  layout?: "row" | "column";
}

// Most visitors are signed out: the signed-in links (and the sign-out logic) load only for the others.
const SignedInLinks = lazy(() => import("./signed-in-links"));

/** Login / S'inscrire when signed out; account, Prof (teachers) and Déconnexion when signed in. */
export function AccountLinks({ user, layout = "row" }: AccountLinksProps) {
  const linkClass =
    layout === "row"
      ? "inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium whitespace-nowrap hover:bg-muted"
      : "block rounded-md px-2 py-3 text-lg hover:bg-muted";
  if (!user) {
    return (
      <div className={layout === "row" ? "flex items-center gap-1" : "flex flex-col"}>
        <Link to="/login" className={linkClass}>
          Login
        </Link>
        <Link
          to="/register"
          className={
            layout === "row"
              ? "inline-flex min-h-11 items-center rounded-lg bg-primary px-4 font-semibold text-primary-foreground hover:bg-primary-hover"
              : linkClass
          }
        >
          S'inscrire
        </Link>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInLinks user={user} layout={layout} linkClass={linkClass} />
    </Suspense>
  );
}
