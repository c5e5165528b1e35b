import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { accessCodes, accessGrants } from "../../../db/schema";
import { browserRequest, useTestDatabase } from "../../../tests/support/accounts";
import { redeemAccessCode } from "../access/grants.server";
import { registerAccount } from "../accounts/accounts.server";
import { getRole } from "../accounts/roles.server";
import {
  AdminError,
  createCode,
  createDemoAccounts,
  grantRole,
  grantSectionAccess,
  listUsers,
  parseUntil,
  revokeRole,
} from "./admin.server";

let handle: DatabaseHandle;
let userId: string;
beforeAll(async () => {
  handle = await useTestDatabase();
  const result = await registerAccount(
    { firstName: "Admin", email: "cible@example.com", password: "violon-nuage-cerise-42" },
    browserRequest("/register"),
    "192.0.2.50",
  );
  if (!result.ok) throw new Error(result.message);
  userId = result.userId;
});
afterAll(async () => {
  await handle?.close();
});

describe(`admin commands (${process.env.TEST_DB_DRIVER})`, () => {
  it("grants and revokes roles, refusing unknown roles and accounts", async () => {
    expect(await grantRole("cible@example.com", "super_admin")).toBe("cible@example.com is now super_admin.");
    expect(await getRole(userId)).toBe("super_admin");
    expect(await revokeRole("cible@example.com")).toBe("cible@example.com is back to user.");
    expect(await getRole(userId)).toBe("user");
    await expect(grantRole("cible@example.com", "roi")).rejects.toThrow('Unknown role "roi". Roles: user, prof, admin, super_admin.');
    await expect(grantRole("personne@example.com", "prof")).rejects.toThrow(AdminError);
  });

  it("grants maths access until a date and creates hashed codes", async () => {
    expect(await grantSectionAccess("cible@example.com", "maths", "2099-06-30")).toBe(
      "cible@example.com has maths access until 2099-06-30.",
    );
    const [grant] = await handle.db.select().from(accessGrants);
    expect(grant).toMatchObject({ userId, section: "maths", source: "admin" });
    // The end of 30 June in Paris, summer time (UTC+2).
    expect(grant.expiresAt?.toISOString()).toBe("2099-06-30T21:59:59.000Z");

    const output = await createCode("maths", 2, "2099-01-01");
    const code = /: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(output)![1];
    const [stored] = await handle.db.select().from(accessCodes);
    expect(stored).toMatchObject({ maxUses: 2, uses: 0, section: "maths" });
    expect(stored.codeHash).not.toContain(code.replace(/-/g, ""));
    expect(await redeemAccessCode(userId, code)).toEqual({ ok: true, section: "maths" });

    await expect(createCode("maths", 0)).rejects.toThrow("--uses expects a whole number from 1 to 10000.");
    await expect(grantSectionAccess("cible@example.com", "python")).rejects.toThrow('Unknown section "python"');
    expect(() => parseUntil("30/06/2027")).toThrow("--until expects YYYY-MM-DD");
    expect(() => parseUntil("2001-01-01")).toThrow("is in the past");
  });

  it("creates the demo accounts once, with printed passwords, and refuses in production", async () => {
    await expect(createDemoAccounts("production")).rejects.toThrow("demo is refused when NODE_ENV=production.");
    const first = await createDemoAccounts("development");
    expect(first).toMatch(/^user\s+eleve@tremplin\.local {2}password: Tremplin-\S+$/m);
    expect(first).toMatch(/^prof\s+prof@tremplin\.local/m);
    expect(await createDemoAccounts("development")).toContain("eleve@tremplin.local already exists");
    const users = await listUsers();
    expect(users).toMatch(/prof@tremplin\.local\s+prof/);
    expect(users).toMatch(/admin@tremplin\.local\s+admin/);
  });
});
