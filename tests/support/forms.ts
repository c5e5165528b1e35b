/**
 * Forms posted to a running server as a browser without JavaScript would (same-site Origin, urlencoded,
 * redirects not followed): what the server tests and the bench use to sign up and sign in.
 */
export function postForm(baseUrl: string, pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The session cookie of a response, as the Cookie header a browser would send back. */
export function sessionCookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair.includes("session_token") && !pair.endsWith("="))
    .join("; ");
}

export interface FormUser {
  firstName: string;
  email: string;
  password: string;
}

/** Creates an account through the sign-up form, which signs it in: the Cookie header of its session. */
export async function signUpThroughForm(baseUrl: string, user: FormUser, headers: Record<string, string> = {}): Promise<string> {
  const response = await postForm(
    baseUrl,
    "/register",
    { firstName: user.firstName, email: user.email, password: user.password, next: "/" },
    headers,
  );
  if (response.status !== 302) throw new Error(`Sign-up of ${user.email} failed: HTTP ${response.status}`);
  return sessionCookieOf(response);
}

/** Signs in through the sign-in form; returns the Cookie header of the new session. */
export async function signInThroughForm(baseUrl: string, user: Pick<FormUser, "email" | "password">, headers: Record<string, string> = {}) {
  const response = await postForm(baseUrl, "/login", { identifier: user.email, password: user.password, next: "/" }, headers);
  const cookie = sessionCookieOf(response);
  if (response.status !== 302 || !cookie) throw new Error(`Sign-in of ${user.email} failed: HTTP ${response.status}`);
  return cookie;
}
