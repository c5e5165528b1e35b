import { requireResource } from "../access/guards.server";
import { findColleSlotFor } from "./colles.server";

/**
 * The colle slot `slotId` when the signed-in user holds manage:class:own and is its colleur or the teacher
 * of its class; 404 otherwise (another prof's slot, an unknown or a malformed id get the same answer).
 * Visitors go to /login, students home.
 */
export async function requireColleSlot(request: Request, slotId: string | null | undefined) {
  const { session, resource } = await requireResource(request, "manage:class:own", (user) => findColleSlotFor(slotId ?? "", user.id));
  return { session, slot: resource };
}
