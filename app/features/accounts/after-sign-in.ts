import { hasPage } from "~/catalog/site-pages";
import { safeNext } from "../access/next";

/** Where a user lands after signing in or up: a valid `next`, else the dashboard once it exists. */
export function afterSignInPath(next: unknown): string {
  const target = safeNext(next);
  if (target !== "/") return target;
  return hasPage("/dashboard") ? "/dashboard" : "/";
}

/** The text fields of a form, as strings, to send back so nothing the user typed is lost. */
export function textValues(formData: FormData, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, String(formData.get(key) ?? "")]));
}
