import { data, redirect } from "react-router";
import { findCatalogEntry } from "../../catalog/catalog";
import type { CatalogEntry } from "../../catalog/types";
import { type CurrentSession, getCurrentSession } from "../accounts/session.server";
import { type PermissionCheck, permissionChecker } from "./grants.server";
import { type Permission, requiredPermission, sectionOf } from "./policy";
import { loginUrl, requestPath, restrictedUrl } from "./next";

// One permission check per request, shared by every guard a request goes through.
const checks = new WeakMap<Request, Promise<PermissionCheck>>();

/** `can(permission)` for whoever sends the request (a visitor when there is no session). */
export function permissionsOf(request: Request): Promise<PermissionCheck> {
  let check = checks.get(request);
  if (!check) {
    check = getCurrentSession(request).then((session) => permissionChecker(session?.user ?? null));
    checks.set(request, check);
  }
  return check;
}

/**
 * The guard of a permission. Refusals: a section (Python, maths) → /acces-restreint, which says how to get
 * it; otherwise a visitor → /login?next=…, a signed-in user without the role → the home page.
 */
export async function requirePermission(request: Request, permission: Permission): Promise<CurrentSession | null> {
  const [session, can] = await Promise.all([getCurrentSession(request), permissionsOf(request)]);
  if (await can(permission)) return session;
  const section = sectionOf(permission);
  if (section) throw redirect(restrictedUrl(requestPath(request), section));
  if (!session) throw redirect(loginUrl(requestPath(request)));
  throw redirect("/");
}

/** Signed-in user, else redirect to /login?next=<path and query>. */
export async function requireUser(request: Request): Promise<CurrentSession> {
  const session = await getCurrentSession(request);
  if (!session) throw redirect(loginUrl(requestPath(request)));
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
 * The access rule of the matched catalogue entry (policy.ts). Every loader and action of a catalogue page
 * calls it first; a parent layout's check protects nothing.
 */
export async function guardRoute(args: RouteRequest): Promise<{ entry: CatalogEntry; session: CurrentSession | null }> {
  const entry = matchedEntry(args);
  return { entry, session: await requirePermission(args.request, requiredPermission(entry)) };
}

/** guardRoute for pages that are only ever shown signed in: the session is never null. */
export async function guardSignedInRoute(args: RouteRequest): Promise<{ entry: CatalogEntry; session: CurrentSession }> {
  const { entry, session } = await guardRoute(args);
  return { entry, session: session ?? (await requireUser(args.request)) };
}

/**
 * A resource guard: the resource when the signed-in user holds the permission and `load` finds it for
 * them, else 404. An id that is someone else's gets the same answer as one that does not exist, so ids
 * reveal nothing. Visitors go to /login first.
 */
export async function requireResource<T>(
  request: Request,
  permission: Permission,
  load: (user: CurrentSession["user"]) => Promise<T | null | undefined>,
): Promise<{ session: CurrentSession; resource: T }> {
  const session = (await requirePermission(request, permission)) ?? (await requireUser(request));
  const resource = await load(session.user);
  if (resource === null || resource === undefined) throw data(null, { status: 404 });
  return { session, resource };
}
