import { data } from "react-router";
import { z } from "zod";
import { RateLimitedError, hit } from "~/features/accounts/rate-limit.server";
import { getCurrentSession } from "~/features/accounts/session.server";
import { readJson } from "~/features/http/request-body.server";
import { MAX_PROGRAM_LENGTH, isKnownProgram, saveProgram } from "~/features/python/programs.server";
import type { Route } from "./+types/api.python-program";

const noStore = { "Cache-Control": "no-store" };
const programSchema = z.object({
  programId: z.string().max(200),
  code: z.string().max(MAX_PROGRAM_LENGTH),
});
/** One save per change after a pause in typing: far below this, per account. */
const SAVE_RULE = { max: 600, windowSeconds: 3600 };

/** POST { programId, code }: keeps a signed-in student's last program of an exercise or of the sandbox. */
export async function action({ request }: Route.ActionArgs) {
  const session = await getCurrentSession(request);
  if (!session) return data({ error: "Connexion requise." }, { status: 401, headers: noStore });
  const parsed = programSchema.safeParse(await readJson(request));
  if (!parsed.success) return data({ error: "Requête invalide." }, { status: 400, headers: noStore });
  if (!isKnownProgram(parsed.data.programId)) return data({ error: "Exercice introuvable." }, { status: 404, headers: noStore });
  try {
    await hit(`python-program:${session.user.id}`, SAVE_RULE);
  } catch (error) {
    if (error instanceof RateLimitedError) return data({ error: error.message }, { status: 429, headers: noStore });
    throw error;
  }
  await saveProgram(session.user.id, parsed.data.programId, parsed.data.code);
  return data({ ok: true }, { headers: noStore });
}
