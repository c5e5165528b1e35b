import { data } from "react-router";

/**
 * Reading request bodies in loaders and actions. The size, method and content type were already checked
 * by the server's request gate (server/request-gate.ts); what is left is a body that does not parse, or
 * JSON nested deeper than any of our schemas: a 400 with a French message, never a 500.
 */

export const BODY_MESSAGES = {
  unreadableForm: "Le formulaire envoyé est illisible. Rechargez la page et réessayez.",
  nulCharacter: "Le texte envoyé contient un caractère invalide (caractère nul) : retirez-le et réessayez.",
} as const;

/**
 * No text a user sends may hold a NUL character: PostgreSQL refuses it in every text and JSON column, so
 * it would fail the request after its checks (a 500). Refused here, for every form and JSON API.
 */
const NUL = "\u0000";

/** JSON deeper than this is refused before any code walks it (recursion would overflow the stack). */
export const MAX_JSON_DEPTH = 32;

/** The form of a page action; a body that is not a readable form is a 400, shown by the error boundary. */
export async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data({ error: BODY_MESSAGES.unreadableForm }, { status: 400 });
  }
  for (const [name, value] of formData)
    if (name.includes(NUL) || (typeof value === "string" && value.includes(NUL)))
      throw data({ error: BODY_MESSAGES.nulCharacter }, { status: 400 });
  return formData;
}

/** Whether a parsed JSON value nests at most `limit` arrays or objects deep (walked without recursion). */
export function jsonDepthWithin(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= limit) return false;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return true;
}

/** The JSON body of an API request, or undefined when it does not parse or nests too deep (the caller answers 400). */
export async function readJson(request: Request): Promise<unknown> {
  let value: unknown;
  try {
    const text = await request.text();
    // Both the raw character and its JSON escape: either parses to a NUL.
    if (text.includes(NUL) || /\\u0000/i.test(text)) return undefined;
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return jsonDepthWithin(value) ? value : undefined;
}
