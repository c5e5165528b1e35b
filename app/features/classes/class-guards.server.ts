import { requireResource } from "../access/guards.server";
import { findTeacherClass } from "./classes.server";

/**
 * The class `classId` when the signed-in user holds manage:class:own and teaches it; 404 otherwise
 * (another teacher's class and an unknown id get the same answer); visitors go to /login, students home.
 */
export async function requireClassTeacher(request: Request, classId: string | undefined) {
  const { session, resource } = await requireResource(request, "manage:class:own", (user) => findTeacherClass(classId ?? "", user.id));
  return { session, classRecord: resource };
}
