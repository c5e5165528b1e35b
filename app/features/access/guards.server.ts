import { redirect } from "react-router";
import { findCatalogEntry } from "../../catalog/catalog";
import { type Role, hasRole } from "../accounts/roles";
import { type CurrentSession, getCurrentSession } from "../accounts/session.server";
import { canReadSection } from "./grants.server";
import { loginUrl, requestPath, restrictedUrl } from "./next";

/** Signed-in user, else redirect to /login?next=<path and query>. */
export async function requireUser(request: Request): Promise<CurrentSession> {
  const session = await getCurrentSession(request);
  if (!session) throw redirect(loginUrl(requestPath(request)));
  return session;
}

/** Teacher guard: not signed in → /login; below the role → /; otherwise the session. */
export async function requireRole(request: Request, role: Role): Promise<CurrentSession> {
  const session = await requireUser(request);
  if (!hasRole(session.user.role, role)) throw redirect("/");
  return session;
}

/** Python needs a signed-in user; maths needs the maths right. Both redirect to /acces-restreint. */
export async function requireSection(request: Request, section: "python" | "maths"): Promise<CurrentSession> {
  const session = await getCurrentSession(request);
  const allowed = session && (await canReadSection(session.user, section));
  if (!allowed) throw redirect(restrictedUrl(requestPath(request), section));
  return session;
}

/**
 * The access rule of the catalogue entry of this request's path (DESIGN §4). Every loader and action of
 * a catalogue page calls it first; a parent layout's check protects nothing.
 */
export async function guardRoute(request: Request): Promise<CurrentSession | null> {
  const { pathname } = new URL(request.url);
  const entry = findCatalogEntry(pathname.replace(/\.data$/, ""));
  if (!entry) return getCurrentSession(request);
  if (pathname.startsWith("/prof") && !pathname.includes("professeur")) return requireRole(request, "prof");
  if (entry.section) return requireSection(request, entry.section);
  if (entry.protected) return requireUser(request);
  return getCurrentSession(request);
}
