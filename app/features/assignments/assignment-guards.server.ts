import { requireResource } from "../access/guards.server";
import { requireClassTeacher } from "../classes/class-guards.server";
import { findClassAssignment, findStudentAssignment } from "./assignments.server";

/**
 * An assignment of one of the teacher's own classes, for its teacher; 404 for another class's
 * assignment, another teacher's class, an unknown or malformed id alike.
 */
export async function requireClassAssignment(request: Request, classId: string | undefined, assignmentId: string | undefined) {
  const { session, classRecord } = await requireClassTeacher(request, classId);
  const { resource: assignment } = await requireResource(request, "grade:submission:own-class", () =>
    findClassAssignment(classRecord.id, assignmentId ?? ""),
  );
  return { session, classRecord, assignment };
}

/** A published assignment of one of the student's classes; 404 for a draft, another class's, an unknown id. */
export async function requireStudentAssignment(request: Request, assignmentId: string | undefined) {
  const { session, resource: assignment } = await requireResource(request, "read:account:own", (user) =>
    findStudentAssignment(user.id, assignmentId ?? ""),
  );
  return { session, assignment };
}
