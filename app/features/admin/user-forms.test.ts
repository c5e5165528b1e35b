import { describe, expect, it } from "vitest";
import {
  USER_MESSAGES,
  assignableRoles,
  auditActionLabel,
  codeFormSchema,
  compactJson,
  endOfParisDay,
  formatParisDay,
  grantFormSchema,
  journalPageSchema,
  revokeFormSchema,
  roleChangeRefusal,
  roleFormSchema,
  roleLockedReason,
  userSearchSchema,
} from "./user-forms";

/** YYYY-MM-DD, `days` from now (UTC is close enough for dates a few days away). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe("end of a Paris day", () => {
  it("is 23:59:59 in Paris, winter or summer time", () => {
    expect(endOfParisDay("2027-01-15")?.toISOString()).toBe("2027-01-15T22:59:59.000Z");
    expect(endOfParisDay("2027-06-30")?.toISOString()).toBe("2027-06-30T21:59:59.000Z");
    expect(formatParisDay(endOfParisDay("2027-06-30")!)).toBe("30 juin 2027");
  });

  it("refuses what is not a calendar day", () => {
    for (const value of ["2027-02-30", "2027-13-01", "2027-00-10", "30/06/2027", "2027-6-30", ""])
      expect(endOfParisDay(value)).toBeUndefined();
  });
});

describe("the search's query string", () => {
  it("keeps a query of 100 characters at most and an account id, drops the rest", () => {
    expect(userSearchSchema.parse({ q: "  éloïse ", utilisateur: "abc" })).toEqual({ q: "éloïse", utilisateur: "abc" });
    expect(userSearchSchema.parse({ q: "x".repeat(300) }).q).toHaveLength(100);
    expect(userSearchSchema.parse({})).toEqual({ q: "", utilisateur: undefined });
    expect(userSearchSchema.parse({ utilisateur: "y".repeat(101) }).utilisateur).toBeUndefined();
  });

  it("pages the journal by a positive id, anything else being the first page", () => {
    expect(journalPageSchema.parse({ avant: "120" })).toEqual({ avant: 120 });
    for (const avant of ["-3", "0", "abc", "1.5", "1e30"]) expect(journalPageSchema.parse({ avant }).avant).toBeUndefined();
  });
});

describe("the role form", () => {
  it("takes one of the four roles", () => {
    expect(roleFormSchema.parse({ userId: "u1", role: "prof" })).toEqual({ userId: "u1", role: "prof" });
    expect(messages(roleFormSchema.safeParse({ userId: "u1", role: "roi" }))).toEqual([USER_MESSAGES.chooseRole]);
    expect(messages(roleFormSchema.safeParse({ userId: "", role: "prof" }))).toEqual([USER_MESSAGES.userNotFound]);
  });
});

describe("the maths access forms", () => {
  it("need an end date, in the next five years", () => {
    const until = inDays(30);
    const parsed = grantFormSchema.parse({ userId: "u1", until });
    expect(parsed.until).toEqual(endOfParisDay(until));
    expect(messages(grantFormSchema.safeParse({ userId: "u1", until: "" }))).toEqual([USER_MESSAGES.dateRequired]);
    expect(messages(grantFormSchema.safeParse({ userId: "u1", until: "30/06/2027" }))).toEqual([USER_MESSAGES.dateFormat]);
    expect(messages(grantFormSchema.safeParse({ userId: "u1", until: "2001-01-01" }))).toEqual([USER_MESSAGES.datePast]);
    expect(messages(grantFormSchema.safeParse({ userId: "u1", until: inDays(6 * 366) }))).toEqual([USER_MESSAGES.dateTooFar]);
  });

  it("revoke one grant by its id", () => {
    const grantId = "0b0e6f0c-6c1a-4d9e-9d43-2f4c1b2a3d4e";
    expect(revokeFormSchema.parse({ userId: "u1", grantId })).toEqual({ userId: "u1", grantId });
    expect(messages(revokeFormSchema.safeParse({ userId: "u1", grantId: "1; drop table" }))).toEqual([USER_MESSAGES.grantNotFound]);
  });
});

describe("the access code form", () => {
  it("takes 1 to 10 000 uses and an optional end date", () => {
    expect(codeFormSchema.parse({ uses: " 30 ", until: "" })).toEqual({ uses: 30, until: undefined });
    expect(codeFormSchema.parse({ uses: "10000", until: inDays(10) }).until).toEqual(endOfParisDay(inDays(10)));
    for (const uses of ["0", "10001", "-1", "2,5", "", "trente", "99999999"])
      expect(messages(codeFormSchema.safeParse({ uses, until: "" }))).toEqual([USER_MESSAGES.usesRange]);
    expect(messages(codeFormSchema.safeParse({ uses: "5", until: "2001-01-01" }))).toEqual([USER_MESSAGES.datePast]);
  });
});

describe("the role rules", () => {
  const admin = { id: "a", role: "admin" as const };
  const superAdmin = { id: "s", role: "super_admin" as const };
  const student = { id: "u", role: "user" as const };

  it("let an admin hand out user, prof and admin; only a super_admin hands out super_admin", () => {
    expect(assignableRoles("admin")).toEqual(["user", "prof", "admin"]);
    expect(assignableRoles("super_admin")).toEqual(["user", "prof", "admin", "super_admin"]);
    expect(roleChangeRefusal({ actor: admin, target: student, next: "prof", superAdmins: 1 })).toBeNull();
    expect(roleChangeRefusal({ actor: admin, target: student, next: "admin", superAdmins: 1 })).toBeNull();
    expect(roleChangeRefusal({ actor: admin, target: student, next: "super_admin", superAdmins: 1 })).toBe(
      USER_MESSAGES.superAdminOnlyGrant,
    );
    expect(roleChangeRefusal({ actor: superAdmin, target: student, next: "super_admin", superAdmins: 1 })).toBeNull();
  });

  it("keep an admin off their own role and off a super_admin's", () => {
    expect(roleLockedReason(admin, admin)).toBe(USER_MESSAGES.ownRole);
    expect(roleChangeRefusal({ actor: admin, target: admin, next: "user", superAdmins: 1 })).toBe(USER_MESSAGES.ownRole);
    expect(roleLockedReason(admin, superAdmin)).toBe(USER_MESSAGES.superAdminOnlyChange);
    expect(roleChangeRefusal({ actor: admin, target: superAdmin, next: "user", superAdmins: 3 })).toBe(USER_MESSAGES.superAdminOnlyChange);
    expect(roleLockedReason(superAdmin, superAdmin)).toBeNull();
    expect(roleLockedReason(admin, student)).toBeNull();
  });

  it("never leave the platform without a super_admin", () => {
    const other = { id: "t", role: "super_admin" as const };
    expect(roleChangeRefusal({ actor: superAdmin, target: superAdmin, next: "admin", superAdmins: 1 })).toBe(USER_MESSAGES.lastSuperAdmin);
    expect(roleChangeRefusal({ actor: superAdmin, target: other, next: "user", superAdmins: 1 })).toBe(USER_MESSAGES.lastSuperAdmin);
    expect(roleChangeRefusal({ actor: superAdmin, target: superAdmin, next: "admin", superAdmins: 2 })).toBeNull();
  });
});

describe("messages and the journal's labels", () => {
  it("are French, with non-breaking spaces where French typography wants them", () => {
    expect(USER_MESSAGES.roleChanged("lina@example.com", "prof")).toBe("lina@example.com est maintenant «\u00a0Professeur\u00a0».");
    expect(USER_MESSAGES.roleUnchanged("lina@example.com", "user")).toBe(
      "lina@example.com est déjà «\u00a0Élève\u00a0»\u00a0: rien n'a changé.",
    );
    expect(USER_MESSAGES.accessGranted("lina@example.com", "30 juin 2027")).toBe(
      "lina@example.com a accès aux maths jusqu'au 30 juin 2027.",
    );
    expect(USER_MESSAGES.lastSuperAdmin).toBe("C'est le dernier super administrateur\u00a0: nommez-en un autre avant de changer son rôle.");
    expect(USER_MESSAGES.usesRange).toBe("Le nombre d'utilisations est un nombre entier de 1 à 10\u00a0000.");
  });

  it("name the console's actions in French and show others as written", () => {
    expect(auditActionLabel("role.grant")).toBe("Changement de rôle");
    expect(auditActionLabel("access.grant")).toBe("Accès aux maths accordé");
    expect(auditActionLabel("access.revoke")).toBe("Accès aux maths retiré");
    expect(auditActionLabel("code.create")).toBe("Code d'accès créé");
    expect(auditActionLabel("lead.status")).toBe("Demande\u00a0: statut changé");
    expect(auditActionLabel("application.accept")).toBe("Candidature acceptée");
    expect(auditActionLabel("review.reject")).toBe("Avis refusé");
    expect(auditActionLabel("export.csv")).toBe("export.csv");
  });

  it("write before and after as one line of JSON, cut when long", () => {
    expect(compactJson({ role: "user" })).toBe('{"role":"user"}');
    expect(compactJson(null)).toBe("—");
    const long = compactJson({ body: "x".repeat(1000) });
    expect(long).toHaveLength(300);
    expect(long.endsWith("…")).toBe(true);
  });
});
