import { getAuth } from "./auth.server";
import type { Role } from "./roles";
import { getRole } from "./roles.server";

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  phoneNumber: string | null;
  role: Role;
  twoFactorEnabled: boolean;
}

export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
}

interface SessionLookup {
  session: CurrentSession | null;
  /** Set-Cookie headers of a sliding refresh, forwarded by the root loader. */
  headers: Headers;
}

// One lookup per request, shared by the root loader and the route's own guard.
const lookups = new WeakMap<Request, Promise<SessionLookup>>();

async function lookup(request: Request): Promise<SessionLookup> {
  const auth = await getAuth();
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  if (!response) return { session: null, headers };
  const { user, session } = response;
  return {
    headers,
    session: {
      sessionId: session.id,
      expiresAt: new Date(session.expiresAt),
      user: {
        id: user.id,
        email: user.email,
        firstName: user.name,
        phoneNumber: (user as { phoneNumber?: string | null }).phoneNumber ?? null,
        twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
        role: await getRole(user.id),
      },
    },
  };
}

export function getSessionLookup(request: Request): Promise<SessionLookup> {
  let pending = lookups.get(request);
  if (!pending) {
    pending = lookup(request);
    lookups.set(request, pending);
  }
  return pending;
}

export async function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  return (await getSessionLookup(request)).session;
}

/** Copies the Set-Cookie headers of a better-auth call onto a response's headers. */
export function forwardCookies(from: Headers, to: Headers = new Headers()): Headers {
  for (const cookie of from.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}
