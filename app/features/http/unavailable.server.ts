import { data } from "react-router";

export const SERVICE_UNAVAILABLE_MESSAGE = "Le service est momentanément indisponible. Réessayez dans un instant.";

/**
 * Runs a JSON API handler; an unexpected failure (a database connection cut mid-request, a bug) is
 * logged and answered 503 with a French message, instead of React Router's English "Unexpected Server
 * Error". Nothing was acknowledged, so the client may retry. `message` replaces the generic one where the
 * specification words the failure (progress, history).
 */
export async function orUnavailable<T>(what: string, handler: () => Promise<T>, message = SERVICE_UNAVAILABLE_MESSAGE) {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`${what} failed.`, error);
    return data({ error: message }, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "1" } });
  }
}
