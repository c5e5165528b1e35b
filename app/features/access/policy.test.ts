import { describe, expect, it } from "vitest";
import { catalog } from "../../catalog/catalog";
import { ROLES } from "../accounts/roles";
import { PERMISSIONS, type Permission, isPublicEntry, permissionsOfRole, requiredPermission, roleHolds, sectionOf } from "./policy";

const base = { title: "t", kind: "course" as const, module: "routes/course.tsx" };

describe("requiredPermission", () => {
  it.each<
    [string, Partial<typeof base> & { path: string; protected?: boolean; section?: "python" | "maths"; chrome?: "teacher" }, Permission]
  >([
    ["a public course", { path: "/chapitres-libres/suites-cours" }, "read:content:public"],
    ["the account page", { path: "/compte", protected: true }, "read:account:own"],
    ["a Python page", { path: "/python-flashcards", section: "python" }, "read:content:python"],
    ["a maths chapter", { path: "/maths/suites", section: "maths" }, "read:content:maths"],
    ["the teacher space", { path: "/prof" }, "manage:class:own"],
    ["a class page", { path: "/prof/courses/:courseId/grades" }, "manage:class:own"],
    ["a page drawn as the teacher space", { path: "/espace", chrome: "teacher" }, "manage:class:own"],
    ["the public teacher application", { path: "/professeur" }, "read:content:public"],
    ["the admin console", { path: "/admin" }, "admin:users"],
    ["an admin page, even marked public", { path: "/admin/leads" }, "admin:users"],
  ])("%s", (_, entry, permission) => {
    expect(requiredPermission({ ...base, ...entry })).toBe(permission);
  });

  it("marks public only what anyone may read, and nothing unknown", () => {
    expect(isPublicEntry({ ...base, path: "/chapitres-libres/suites-cours" })).toBe(true);
    expect(isPublicEntry({ ...base, path: "/compte", protected: true })).toBe(false);
    expect(isPublicEntry({ ...base, path: "/prof" })).toBe(false);
    expect(isPublicEntry(undefined)).toBe(false);
  });

  it("gives every catalogue page under /compte, /dashboard, /prof and /admin a non-public permission", () => {
    const guarded = catalog.filter((entry) => /^\/(compte|dashboard|prof(?!esseur)|admin)(\/|$)/.test(entry.path));
    expect(guarded.length).toBeGreaterThan(0);
    for (const entry of guarded) expect(requiredPermission(entry), entry.path).not.toBe("read:content:public");
  });
});

describe("roles", () => {
  it("hold what the role below holds, and more", () => {
    const ranks = ["visitor", ...ROLES] as const;
    for (let i = 1; i < ranks.length; i++)
      for (const permission of permissionsOfRole(ranks[i - 1]))
        expect(roleHolds(ranks[i], permission), `${ranks[i]} ${permission}`).toBe(true);
  });

  it("give a visitor the public pages only, a student their account and Python, a prof the classes, an admin the console", () => {
    expect(permissionsOfRole("visitor")).toEqual(["read:content:public"]);
    expect(permissionsOfRole("user")).toEqual(["read:content:public", "read:account:own", "read:content:python"]);
    expect(roleHolds("user", "read:content:maths")).toBe(false);
    expect(roleHolds("prof", "read:content:maths")).toBe(true);
    expect(roleHolds("prof", "grade:submission:own-class")).toBe(true);
    expect(roleHolds("prof", "admin:users")).toBe(false);
    expect(roleHolds("admin", "admin:users")).toBe(true);
    expect(Object.keys(PERMISSIONS).every((permission) => roleHolds("super_admin", permission as Permission))).toBe(true);
  });

  it("send to /acces-restreint only for the permissions a section grants", () => {
    expect(sectionOf("read:content:python")).toBe("python");
    expect(sectionOf("read:content:maths")).toBe("maths");
    expect(sectionOf("manage:class:own")).toBeNull();
  });
});
