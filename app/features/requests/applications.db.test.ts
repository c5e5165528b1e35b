import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { auditLog, storedFiles, teacherApplications, teacherProfiles } from "../../../db/schema";
import { browserRequest, redirectOf, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { formRequest, unwrap } from "../../../tests/support/routes";
import { getConfig } from "../../config.server";
import { action as adminAction, loader as adminLoader } from "../../routes/admin-application";
import { loader as cvLoader } from "../../routes/admin-application-cv";
import { loader as listLoader } from "../../routes/admin-applications";
import { action as applyAction, loader as applyLoader } from "../../routes/teacher-application";
import { action as dashboardAction, loader as dashboardLoader } from "../../routes/teacher-dashboard";
import { loader as teachersLoader } from "../../routes/teachers";
import { registerAccount } from "../accounts/accounts.server";
import { getRole, setRole } from "../accounts/roles.server";
import { APPLICATION_MESSAGES, applicationSchema } from "./application-forms";
import { submitApplication } from "./applications.server";
import { HONEYPOT_FIELD, PUBLIC_FORM_MESSAGES } from "./requests";

let handle: DatabaseHandle;
type Account = Awaited<ReturnType<typeof registerStudent>>;
let admin: Account;
let prof: Account;
let student: Account;

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);
const MOTIVATION = "J'enseigne les mathématiques en ECG et j'aime faire progresser les élèves pas à pas.";

let ip = 0;
/** What React Router gives a loader or an action; each call from its own client address (per-IP limits). */
function args(request: Request, pattern: string, params: Record<string, string> = {}) {
  return { request, pattern, params, context: { clientIp: `203.0.113.${(ip = (ip % 250) + 1)}` } } as never;
}

let emails = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++emails}@example.com`;

function applicationFields(overrides: Record<string, string | File | string[]> = {}): Record<string, string | File | string[]> {
  return {
    firstName: "Camille",
    lastName: "Durand",
    email: uniqueEmail("candidate"),
    phone: "06 12 34 56 78",
    subjects: ["maths", "python"],
    levels: ["ecg1", "ecg2"],
    diplomas: "Agrégation de mathématiques",
    experience: "Colles en ECG depuis 2022.",
    availability: "Mercredi après-midi",
    motivation: MOTIVATION,
    consent: "on",
    [HONEYPOT_FIELD]: "",
    cv: new File([PDF], "CV Camille.pdf", { type: "application/pdf" }),
    ...overrides,
  };
}

const apply = async (cookie: string, fields: Record<string, string | File | string[]>) =>
  unwrap(await applyAction(args(formRequest("/professeur", cookie, fields), "/professeur")));
const applyPage = (cookie: string) => applyLoader(args(browserRequest("/professeur", cookie), "/professeur"));
const dashboard = (cookie: string) => dashboardLoader(args(browserRequest("/professeur-dashboard", cookie), "/professeur-dashboard"));
const saveProfile = async (cookie: string, fields: Record<string, string | string[]>) =>
  unwrap(await dashboardAction(args(formRequest("/professeur-dashboard", cookie, fields), "/professeur-dashboard")));
const teachersPage = async () => (await teachersLoader(args(browserRequest("/nos-profs"), "/nos-profs"))).teachers;

const DETAIL = "/admin/candidatures/:applicationId";
const adminPage = {
  list: (cookie: string, query = "") => listLoader(args(browserRequest(`/admin/candidatures${query}`, cookie), "/admin/candidatures")),
  load: (cookie: string, applicationId: string) =>
    adminLoader(args(browserRequest(`/admin/candidatures/${applicationId}`, cookie), DETAIL, { applicationId })),
  send: (cookie: string, applicationId: string, fields: Record<string, string>) =>
    adminAction(args(formRequest(`/admin/candidatures/${applicationId}`, cookie, fields), DETAIL, { applicationId })),
  cv: (cookie: string, applicationId: string) =>
    cvLoader(
      args(browserRequest(`/admin/candidatures/${applicationId}/cv`, cookie), "/admin/candidatures/:applicationId/cv", { applicationId }),
    ) as Promise<Response>,
};

const notFound = { init: { status: 404 } };

async function applicationByEmail(email: string) {
  const [row] = await handle.db.select().from(teacherApplications).where(eq(teacherApplications.email, email));
  return row;
}

/** The e-mails the outbox holds for `to`, oldest first. */
function emailsTo(to: string): string[] {
  const outbox = path.join(getConfig().dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(`-${to.replace(/[^a-z0-9@.-]/gi, "_")}.txt`))
    .sort()
    .map((name) => readFileSync(path.join(outbox, name), "utf8"));
}

async function auditRows(applicationId: string) {
  return handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "teacher_application"), eq(auditLog.targetId, applicationId)));
}

beforeAll(async () => {
  handle = await useTestDatabase();
  [admin, prof, student] = await Promise.all([registerStudent("Inès"), registerStudent("Hugo"), registerStudent("Lina")]);
  await setRole(admin.id, "admin");
  await setRole(prof.id, "prof");
});
afterAll(async () => {
  await handle?.close();
});

describe(`teacher applications on /professeur (${process.env.TEST_DB_DRIVER})`, () => {
  it("takes an anonymous application with a PDF: the row, the CV in the store, the acknowledgement", async () => {
    const page = await applyPage("");
    expect(page).toMatchObject({ signedIn: false, isTeacher: false, pending: null, prefill: { firstName: "", email: "" } });
    const email = uniqueEmail("visiteur");
    const fields = applicationFields({ email: `  ${email.toUpperCase()} ` });
    const result = await apply("", fields);
    expect(result).toEqual({ status: 200, body: { sent: true, firstName: "Camille", email, signedIn: false } });
    const stored = await applicationByEmail(email);
    expect(stored).toMatchObject({
      userId: null,
      firstName: "Camille",
      lastName: "Durand",
      phone: "+33612345678",
      subjects: "maths,python",
      levels: "ecg1,ecg2",
      status: "pending",
      cvName: "CV Camille.pdf",
      cvSize: PDF.length,
    });
    expect(stored.cvKey).toMatch(/^cv\/[0-9a-f-]{36}$/);
    const [file] = await handle.db.select().from(storedFiles).where(eq(storedFiles.key, stored.cvKey));
    expect(Buffer.from(file.content).equals(PDF)).toBe(true);
    const [acknowledgement] = emailsTo(email);
    expect(acknowledgement).toContain("Subject: Votre candidature à Tremplin");
    expect(acknowledgement).toContain("/register");
  });

  it("refuses a PNG or an executable renamed .pdf, keeping what was typed, storing nothing", async () => {
    const before = await handle.db.select({ key: storedFiles.key }).from(storedFiles);
    for (const [content, type] of [
      [PNG, "image/png"],
      [ELF, "application/pdf"],
    ] as const) {
      const fields = applicationFields({ cv: new File([content], "mon-cv.pdf", { type }) });
      const result = await apply("", fields);
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        sent: false,
        message: "Vérifiez les champs indiqués.",
        fieldErrors: { cv: "«\u00a0mon-cv.pdf\u00a0» n'est pas un PDF (d'après son contenu)\u00a0: joignez votre CV au format PDF." },
        values: {
          firstName: "Camille",
          lastName: "Durand",
          email: fields.email,
          subjects: ["maths", "python"],
          levels: ["ecg1", "ecg2"],
          motivation: MOTIVATION,
          consent: true,
        },
      });
      expect(await applicationByEmail(fields.email as string)).toBeUndefined();
    }
    expect(await handle.db.select({ key: storedFiles.key }).from(storedFiles)).toEqual(before);
  });

  it("asks for the CV and reports every wrong field at once", async () => {
    const result = await apply("", applicationFields({ cv: "", subjects: [], motivation: "Trop court", consent: "" }));
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({
      subjects: "Choisissez au moins une matière.",
      motivation: "Présentez votre motivation en 50 caractères au moins.",
      consent: PUBLIC_FORM_MESSAGES.consent,
      cv: "Joignez votre CV au format PDF.",
    });
  });

  it("refuses a robot that filled the honeypot, storing nothing", async () => {
    const fields = applicationFields({ [HONEYPOT_FIELD]: "https://spam.example" });
    const result = await apply("", fields);
    expect(result).toMatchObject({ status: 400, body: { sent: false, message: PUBLIC_FORM_MESSAGES.refused } });
    expect(await applicationByEmail(fields.email as string)).toBeUndefined();
  });

  it("removes the stored CV when the row cannot be written", async () => {
    const before = await handle.db.select({ key: storedFiles.key }).from(storedFiles);
    const input = applicationSchema.parse({ ...applicationFields(), cv: undefined });
    // An account id that does not exist breaks the foreign key: the insert fails after the CV was stored.
    await expect(submitApplication(input, { name: "cv.pdf", size: PDF.length, content: PDF }, "no-such-account")).rejects.toThrow();
    expect(await handle.db.select({ key: storedFiles.key }).from(storedFiles)).toEqual(before);
  });

  it("ties a signed-in application to the account, shows it pending, and takes no second one", async () => {
    const applicant = await registerStudent("Chloé");
    const page = await applyPage(applicant.cookie);
    expect(page).toMatchObject({ signedIn: true, pending: null, prefill: { firstName: "Chloé", email: applicant.email } });
    expect(await dashboard(applicant.cookie)).toMatchObject({ isTeacher: false, application: null, profile: null });

    const result = await apply(applicant.cookie, applicationFields({ firstName: "Chloé", email: applicant.email }));
    expect(result.body).toMatchObject({ sent: true, signedIn: true });
    const stored = await applicationByEmail(applicant.email);
    expect(stored.userId).toBe(applicant.id);

    const board = await dashboard(applicant.cookie);
    expect(board.application).toMatchObject({ status: "pending", email: applicant.email, message: "" });
    expect(board.application?.sentOn).toMatch(/^\d{1,2} \S+ \d{4}$/);
    expect((await applyPage(applicant.cookie)).pending).toMatchObject({ email: applicant.email });

    const again = await apply(applicant.cookie, applicationFields({ email: applicant.email }));
    expect(again).toMatchObject({ status: 409, body: { message: APPLICATION_MESSAGES.pendingExists } });
    expect(await handle.db.select().from(teacherApplications).where(eq(teacherApplications.userId, applicant.id))).toHaveLength(1);
    // A teacher has nothing to apply for.
    expect(await apply(prof.cookie, applicationFields())).toMatchObject({
      status: 400,
      body: { message: APPLICATION_MESSAGES.alreadyTeacher },
    });
  });
});

describe(`deciding on applications in the console (${process.env.TEST_DB_DRIVER})`, () => {
  async function signedInApplication(firstName: string) {
    const applicant = await registerStudent(firstName);
    await apply(applicant.cookie, applicationFields({ firstName, lastName: "Martin", email: applicant.email }));
    return { applicant, application: await applicationByEmail(applicant.email) };
  }

  it("lists applications newest first, by status, and opens one with its CV", async () => {
    const { applicant, application } = await signedInApplication("Zoé");
    const list = await adminPage.list(admin.cookie);
    expect(list.applications[0]).toMatchObject({ id: application.id, name: "Zoé Martin", status: "pending" });
    expect((await adminPage.list(admin.cookie, "?statut=accepted")).applications.every((item) => item.status === "accepted")).toBe(true);
    expect((await adminPage.list(admin.cookie, "?statut=nimporte")).filters).toEqual({ statut: undefined });

    const detail = await adminPage.load(admin.cookie, application.id);
    expect(detail.application).toMatchObject({
      name: "Zoé Martin",
      accountEmail: applicant.email,
      subjects: "Mathématiques, Informatique (Python)",
      levels: "ECG 1re année, ECG 2e année",
      motivation: MOTIVATION,
      cv: { name: "CV Camille.pdf" },
    });
    const cv = await adminPage.cv(admin.cookie, application.id);
    expect(cv.status).toBe(200);
    expect(cv.headers.get("Content-Type")).toBe("application/pdf");
    expect(cv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="CV Camille.pdf"/);
    expect(cv.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await cv.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("accepts: the account becomes prof with a draft profile, the audit log and the applicant's e-mail say so", async () => {
    const { applicant, application } = await signedInApplication("Manon");
    expect(await redirectOf(adminPage.send(admin.cookie, application.id, { intent: "accept" }))).toBe(
      `/admin/candidatures/${application.id}`,
    );
    expect(await getRole(applicant.id)).toBe("prof");
    expect((await applicationByEmail(applicant.email)).status).toBe("accepted");
    const [draft] = await handle.db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, applicant.id));
    expect(draft).toMatchObject({ displayName: "Manon M.", subjects: "maths,python", levels: "ecg1,ecg2", bio: "", isPublic: false });
    const audit = await auditRows(application.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "application.accept",
      before: { status: "pending", role: "user" },
      after: { status: "accepted", role: "prof", userId: applicant.id, profileCreated: true },
    });
    const accepted = emailsTo(applicant.email).find((text) => text.includes("Subject: Votre candidature est acceptée"));
    expect(accepted).toContain("/professeur-dashboard");

    // The applicant's space now shows the decision and the profile form; a second decision is refused.
    const board = await dashboard(applicant.cookie);
    expect(board).toMatchObject({
      isTeacher: true,
      application: { status: "accepted" },
      profile: { displayName: "Manon M.", saved: true },
    });
    const again = unwrap(await adminPage.send(admin.cookie, application.id, { intent: "decline", message: "Finalement non, désolé." }));
    expect(again).toMatchObject({ status: 409, body: { message: APPLICATION_MESSAGES.alreadyDecided } });
    expect(await auditRows(application.id)).toHaveLength(1);
  });

  it("refuses to accept an application without an account, until the applicant creates one with that address", async () => {
    const fields = applicationFields({ firstName: "Yasmine" });
    await apply("", fields);
    const application = await applicationByEmail(fields.email as string);
    const refused = unwrap(await adminPage.send(admin.cookie, application.id, { intent: "accept" }));
    expect(refused).toMatchObject({ status: 400, body: { message: APPLICATION_MESSAGES.noAccount(fields.email as string) } });
    expect((await applicationByEmail(fields.email as string)).status).toBe("pending");
    expect(await auditRows(application.id)).toEqual([]);

    // The applicant signs up with the address of the application: accepting now finds the account and ties it.
    const account = await registerAccount(
      { firstName: "Yasmine", email: fields.email as string, password: "violon-nuage-cerise-42" },
      browserRequest("/register"),
      "198.51.100.77",
    );
    if (!account.ok) throw new Error(account.message);
    expect(await redirectOf(adminPage.send(admin.cookie, application.id, { intent: "accept" }))).toBe(
      `/admin/candidatures/${application.id}`,
    );
    expect(await applicationByEmail(fields.email as string)).toMatchObject({ status: "accepted", userId: account.userId });
    expect(await getRole(account.userId)).toBe("prof");
    expect((await auditRows(application.id))[0]).toMatchObject({ before: { userId: null }, after: { userId: account.userId } });
  });

  it("declines with a message of 10 characters or more, e-mailed and shown to the applicant", async () => {
    const { applicant, application } = await signedInApplication("Jules");
    const tooShort = unwrap(await adminPage.send(admin.cookie, application.id, { intent: "decline", message: " Non. " }));
    expect(tooShort).toMatchObject({
      status: 400,
      body: {
        message: "Vérifiez les champs indiqués.",
        values: { message: " Non. " },
        fieldErrors: { message: APPLICATION_MESSAGES.decisionTooShort },
      },
    });
    expect((await applicationByEmail(applicant.email)).status).toBe("pending");

    const message = "Nous cherchons surtout des colleurs d'ESH cette année : revenez vers nous en juin.";
    expect(await redirectOf(adminPage.send(admin.cookie, application.id, { intent: "decline", message }))).toBe(
      `/admin/candidatures/${application.id}`,
    );
    expect(await applicationByEmail(applicant.email)).toMatchObject({ status: "declined", decisionMessage: message, decidedBy: admin.id });
    expect(await getRole(applicant.id)).toBe("user");
    expect((await auditRows(application.id))[0]).toMatchObject({
      action: "application.decline",
      before: { status: "pending" },
      after: { status: "declined", message },
    });
    expect(emailsTo(applicant.email).find((text) => text.includes(message))).toBeDefined();
    expect((await dashboard(applicant.cookie)).application).toMatchObject({ status: "declined", message });
    // A declined applicant may apply again.
    expect((await applyPage(applicant.cookie)).pending).toBeNull();
  });

  it("answers 404 for an unknown or malformed id, page, decision and CV alike", async () => {
    for (const id of [UNKNOWN, "not-a-uuid"]) {
      await expect(adminPage.load(admin.cookie, id)).rejects.toMatchObject(notFound);
      await expect(adminPage.send(admin.cookie, id, { intent: "accept" })).rejects.toMatchObject(notFound);
      await expect(adminPage.cv(admin.cookie, id)).rejects.toMatchObject(notFound);
    }
  });

  it("refuses profs, students and visitors everywhere in the console, changing nothing", async () => {
    const { applicant, application } = await signedInApplication("Léa");
    for (const account of [prof, student]) {
      expect(await redirectOf(adminPage.list(account.cookie))).toBe("/");
      expect(await redirectOf(adminPage.load(account.cookie, application.id))).toBe("/");
      expect(await redirectOf(adminPage.send(account.cookie, application.id, { intent: "accept" }))).toBe("/");
      expect(
        await redirectOf(adminPage.send(account.cookie, application.id, { intent: "decline", message: "Un refus qui ne compte pas." })),
      ).toBe("/");
      expect(await redirectOf(adminPage.cv(account.cookie, application.id))).toBe("/");
    }
    expect(await redirectOf(adminPage.load("", application.id))).toBe(
      `/login?next=${encodeURIComponent(`/admin/candidatures/${application.id}`)}`,
    );
    expect(await redirectOf(adminPage.cv("", application.id))).toMatch(/^\/login\?next=/);
    expect(await applicationByEmail(applicant.email)).toMatchObject({ status: "pending", decidedBy: null });
    expect(await getRole(applicant.id)).toBe("user");
    expect(await auditRows(application.id)).toEqual([]);
  });
});

describe(`public teacher profiles (${process.env.TEST_DB_DRIVER})`, () => {
  const profileFields = {
    intent: "profile",
    displayName: "Hugo B.",
    subjects: ["maths", "esh"],
    levels: ["ecg2"],
    bio: "Professeur agrégé, colleur en ECG 2.",
  };

  it("are saved from /professeur-dashboard and listed on /nos-profs only once shown, while the account teaches", async () => {
    expect(await dashboard(prof.cookie)).toMatchObject({
      isTeacher: true,
      application: null,
      profile: { saved: false, displayName: "Hugo" },
    });
    const saved = await saveProfile(prof.cookie, profileFields);
    expect(saved).toMatchObject({ status: 200, body: { toast: { type: "success", title: APPLICATION_MESSAGES.profileSaved } } });
    expect((await dashboard(prof.cookie)).profile).toEqual({ ...profileFields, intent: undefined, isPublic: false, saved: true });
    expect((await teachersPage()).map((teacher) => teacher.userId)).not.toContain(prof.id);

    const published = await saveProfile(prof.cookie, { ...profileFields, isPublic: "on" });
    expect(published.body).toMatchObject({ toast: { title: APPLICATION_MESSAGES.profilePublished } });
    expect((await teachersPage()).find((teacher) => teacher.userId === prof.id)).toEqual({
      userId: prof.id,
      displayName: "Hugo B.",
      subjects: ["maths", "esh"],
      levels: ["ecg2"],
      bio: "Professeur agrégé, colleur en ECG 2.",
      isPublic: true,
    });

    // Back to a plain account: the profile leaves the page, and can no longer be edited.
    await setRole(prof.id, "user");
    expect((await teachersPage()).map((teacher) => teacher.userId)).not.toContain(prof.id);
    const refused = await saveProfile(prof.cookie, { ...profileFields, displayName: "Hugo Bernard" });
    expect(refused).toMatchObject({ status: 403, body: { message: APPLICATION_MESSAGES.notTeacher } });
    await setRole(prof.id, "prof");
    expect((await teachersPage()).map((teacher) => teacher.displayName)).toContain("Hugo B.");
  });

  it("refuse a wrong profile form, keeping what was typed", async () => {
    const result = await saveProfile(prof.cookie, { ...profileFields, displayName: "H", bio: "", levels: [], isPublic: "on" });
    expect(result).toMatchObject({
      status: 400,
      body: {
        message: "Vérifiez les champs indiqués.",
        values: { displayName: "H", bio: "", levels: [], isPublic: true },
        fieldErrors: {
          displayName: APPLICATION_MESSAGES.displayName,
          levels: APPLICATION_MESSAGES.levels,
          bio: APPLICATION_MESSAGES.bioToPublish,
        },
      },
    });
    expect((await dashboard(prof.cookie)).profile?.displayName).toBe("Hugo B.");
    // A student has no profile to edit, and the page says how to apply instead.
    expect(await dashboard(student.cookie)).toMatchObject({ isTeacher: false, application: null, profile: null });
    expect(await saveProfile(student.cookie, profileFields)).toMatchObject({ status: 403 });
    expect(await redirectOf(dashboard(""))).toBe(`/login?next=${encodeURIComponent("/professeur-dashboard")}`);
  });
});
