import { data } from "react-router";

/**
 * Reading request bodies in loaders and actions. The size, method and content type were already checked
 * by the server's request gate (server/request-gate.ts); what is left is a body that does not parse, or
 * JSON nested deeper than any of our schemas: a 400 with a French message, never a 500.
 */

export const BODY_MESSAGES = {
  unreadableForm: "Le formulaire envoyé est illisible. Rechargez la page et réessayez.",
} as const;

/** JSON deeper than this is refused before any code walks it (recursion would overflow the stack). */
export const MAX_JSON_DEPTH = 32;

/** The form of a page action; a body that is not a readable form is a 400, shown by the error boundary. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: BODY_MESSAGES.unreadableForm }, { status: 400 });
  }
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
    value = JSON.parse(await request.text());
  } catch {
    return undefined;
  }
  return jsonDepthWithin(value) ? value : undefined;
}
