import { LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { hasPage } from "~/catalog/site-pages";
import { clearLocalUserState } from "~/features/accounts/local-state";
import { emitSessionEvent } from "~/features/accounts/session-events";
import { toast } from "~/features/toast/toaster";
import type { HeaderUser } from "./account-links";

const LOGOUT_FAILURE = {
  title: "Problème de déconnexion",
  description: "Veuillez réessayer. Si le problème persiste, rafraîchissez la page.",
};

function LogoutButton({ compact = false }: { compact?: boolean }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const logout = async () => {
    setBusy(true);
    // Local state goes first: it is cleared even when the call fails.
    clearLocalUserState();
    try {
      const response = await fetch("/logout", {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      if (response.type !== "opaqueredirect" && !response.ok) throw new Error(`HTTP ${response.status}`);
      emitSessionEvent("SIGNED_OUT");
      navigate("/login");
    } catch {
      toast.error(LOGOUT_FAILURE.title, { description: LOGOUT_FAILURE.description });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={logout}
      disabled={busy}
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium whitespace-nowrap hover:bg-muted disabled:opacity-60 ${compact ? "w-full justify-start text-lg" : ""}`}
    >
      <LogOut aria-hidden="true" className="size-4" />
      {/* In the header row the words show from 1280 px; below, the icon keeps them as its accessible name. */}
      <span className={compact ? "" : "sr-only xl:not-sr-only xl:whitespace-nowrap"}>{busy ? "Déconnexion..." : "Déconnexion"}</span>
    </button>
  );
}

/** The teacher space's first page that exists: its home once it is built, « Mes cours » until then. */
const teacherHome = ["/prof", "/prof/courses"].find((path) => hasPage(path));

/** Dashboard, Prof (teachers), Admin (admins), account and Déconnexion: loaded only for signed-in visitors. */
export default function SignedInLinks({ user, layout, linkClass }: { user: HeaderUser; layout: "row" | "column"; linkClass: string }) {
  return (
    <div className={layout === "row" ? "flex items-center gap-1" : "flex flex-col"}>
      {hasPage("/dashboard") ? (
        <Link to="/dashboard" className={linkClass}>
          <LayoutDashboard aria-hidden="true" className="size-4" />
          <span className={layout === "row" ? "sr-only xl:not-sr-only xl:whitespace-nowrap" : ""}>Mon Dashboard</span>
        </Link>
      ) : null}
      {user.isTeacher && teacherHome ? (
        <Link to={teacherHome} className={linkClass}>
          Prof
        </Link>
      ) : null}
      {user.isAdmin && hasPage("/admin") ? (
        <Link to="/admin" className={linkClass}>
          Admin
        </Link>
      ) : null}
      <Link to="/compte" className={linkClass} aria-label={`Mon compte (${user.firstName})`}>
        <UserRound aria-hidden="true" className="size-4" />
        <span className={layout === "row" ? "hidden max-w-32 truncate lg:inline" : ""}>{user.firstName}</span>
      </Link>
      <LogoutButton compact={layout === "column"} />
    </div>
  );
}
