import { data, redirect } from "react-router";
import { findCatalogEntry } from "../../catalog/catalog";
import type { CatalogEntry } from "../../catalog/types";
import { type Role, hasRole } from "../accounts/roles";
import { type CurrentSession, getCurrentSession } from "../accounts/session.server";
import { canReadSection } from "./grants.server";
import { loginUrl, requestPath, restrictedUrl } from "./next";
import { isTeacherPath } from "./rules";

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

/** What React Router gives every loader and action: the request and the pattern of the route it matched. */
export interface RouteRequest {
  request: Request;
  pattern: string;
}

/**
 * The catalogue entry of the route React Router matched. The pattern, not the raw path: matching ignores
 * case and decodes percent-encoding (`/Compte`, `/compt%65` and their `.data` run the `/compte` loader),
 * so a rule looked up by raw path would miss them. A route that is not in the catalogue is refused.
 */
export function matchedEntry({ pattern }: RouteRequest): CatalogEntry {
  const entry = findCatalogEntry(pattern.startsWith("/") ? pattern : `/${pattern}`);
  if (!entry) throw data(null, { status: 404 });
  return entry;
}

/**
 * The access rule of the matched catalogue entry (DESIGN §4). Every loader and action of a catalogue page
 * calls it first; a parent layout's check protects nothing.
 */
export async function guardRoute(args: RouteRequest): Promise<{ entry: CatalogEntry; session: CurrentSession | null }> {
  const entry = matchedEntry(args);
  const { request } = args;
  if (isTeacherPath(entry.path)) return { entry, session: await requireRole(request, "prof") };
  if (entry.section) return { entry, session: await requireSection(request, entry.section) };
  if (entry.protected) return { entry, session: await requireUser(request) };
  return { entry, session: await getCurrentSession(request) };
}

/** guardRoute for pages that are only ever shown signed in: the session is never null. */
export async function guardSignedInRoute(args: RouteRequest): Promise<{ entry: CatalogEntry; session: CurrentSession }> {
  const { entry, session } = await guardRoute(args);
  return { entry, session: session ?? (await requireUser(args.request)) };
}
