import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { session as sessionTable } from "../../../db/schema";
import { browserRequest, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { setRole } from "../accounts/roles.server";
import { grantAccess } from "./grants.server";
import { permissionsOf, requirePermission, requireResource } from "./guards.server";

let handle: DatabaseHandle;
let student: Awaited<ReturnType<typeof registerStudent>>;
let teacher: Awaited<ReturnType<typeof registerStudent>>;
let admin: Awaited<ReturnType<typeof registerStudent>>;

beforeAll(async () => {
  handle = await useTestDatabase();
  [student, teacher, admin] = await Promise.all([registerStudent("Élise"), registerStudent("Marc"), registerStudent("Anne")]);
  await setRole(teacher.id, "prof");
  await setRole(admin.id, "admin");
});
afterAll(async () => {
  await handle?.close();
});

describe(`permission guards (${process.env.TEST_DB_DRIVER})`, () => {
  it("refuse by what is missing: sign-in → /login, a section → /acces-restreint, a role → home", async () => {
    const at = (path: string, cookie = "") => browserRequest(path, cookie);
    expect(await redirectOf(requirePermission(at("/dashboard"), "read:account:own"))).toBe("/login?next=%2Fdashboard");
    expect(await redirectOf(requirePermission(at("/prof/courses"), "manage:class:own"))).toBe("/login?next=%2Fprof%2Fcourses");
    expect(await redirectOf(requirePermission(at("/admin"), "admin:users"))).toBe("/login?next=%2Fadmin");
    expect(await redirectOf(requirePermission(at("/prof/courses", student.cookie), "manage:class:own"))).toBe("/");
    expect(await redirectOf(requirePermission(at("/admin", student.cookie), "admin:users"))).toBe("/");
    expect(await redirectOf(requirePermission(at("/admin", teacher.cookie), "admin:users"))).toBe("/");
    expect(await redirectOf(requirePermission(at("/m", student.cookie), "read:content:maths"))).toBe(
      "/acces-restreint?next=%2Fm&section=maths",
    );
    expect(await redirectOf(requirePermission(at("/p"), "read:content:python"))).toBe("/acces-restreint?next=%2Fp&section=python");
  });

  it("let through those who hold the permission, with their session", async () => {
    expect((await requirePermission(browserRequest("/prof", teacher.cookie), "grade:submission:own-class"))?.user.id).toBe(teacher.id);
    expect((await requirePermission(browserRequest("/admin", admin.cookie), "admin:users"))?.user.id).toBe(admin.id);
    expect((await requirePermission(browserRequest("/m", admin.cookie), "read:content:maths"))?.user.id).toBe(admin.id);
    expect(await requirePermission(browserRequest("/"), "read:content:public")).toBeNull();
  });

  it("add read:content:maths from a grant, and only that", async () => {
    const granted = await registerStudent("Jules");
    await grantAccess({ userId: granted.id, section: "maths", source: "admin" });
    const can = await permissionsOf(browserRequest("/", granted.cookie));
    expect(await can("read:content:maths")).toBe(true);
    expect(await can("manage:class:own")).toBe(false);
    expect(await can("admin:users")).toBe(false);
  });
});

describe(`resource guards (${process.env.TEST_DB_DRIVER})`, () => {
  /** A session row of the signed-in user: the simplest resource that belongs to someone. */
  const ownSession = (sessionId: string) => (user: { id: string }) =>
    handle.db
      .select({ id: sessionTable.id })
      .from(sessionTable)
      .where(and(eq(sessionTable.id, sessionId), eq(sessionTable.userId, user.id)))
      .then(([row]) => row);

  it("return the resource to its owner, and 404 to anyone else as to an unknown id", async () => {
    const [mine] = await handle.db.select({ id: sessionTable.id }).from(sessionTable).where(eq(sessionTable.userId, student.id));
    const found = await requireResource(browserRequest("/compte", student.cookie), "read:account:own", ownSession(mine.id));
    expect(found.resource.id).toBe(mine.id);
    expect(found.session.user.id).toBe(student.id);
    for (const id of [mine.id, "inconnu"])
      await expect(requireResource(browserRequest("/compte", teacher.cookie), "read:account:own", ownSession(id))).rejects.toMatchObject({
        init: { status: 404 },
      });
    expect(await redirectOf(requireResource(browserRequest("/compte"), "read:account:own", ownSession(mine.id)))).toBe(
      "/login?next=%2Fcompte",
    );
  });
});
