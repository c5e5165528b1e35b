import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import { leads } from "../../../db/schema";
import { browserRequest, registerStudent, useTestDatabase } from "../../../tests/support/accounts";
import { mailsTo } from "../../../tests/support/outbox";
import { formRequest, unwrap } from "../../../tests/support/routes";
import { getConfig } from "../../config.server";
import { action as contactAction, loader as contactLoader } from "../../routes/contact";
import { action as parentAction, loader as parentLoader } from "../../routes/parent-form";
import { setRole } from "../accounts/roles.server";
import { readProgress } from "../progress/progress.server";
import { LEAD_MESSAGES } from "./lead-forms";
import { PUBLIC_FORM_MESSAGES } from "./requests";
import { saveTeacherProfile } from "./teacher-profiles.server";

// The team's address, read by the configuration the first time it is needed (after this line).
const TEAM = vi.hoisted(() => {
  const address = `equipe.leads.${Date.now().toString(36)}@example.com`;
  process.env.CONTACT_NOTIFY_EMAIL = address;
  return address;
});

let handle: DatabaseHandle;
type Account = Awaited<ReturnType<typeof registerStudent>>;
let student: Account;
let publishedTeacher: Account;
let draftTeacher: Account;
let formerTeacher: Account;

const CLIENT_IP = "203.0.113.9";

/** What React Router gives a loader or an action, with the client address the server puts in the context. */
function routeArgs(request: Request, pattern: string, clientIp = CLIENT_IP) {
  return { request, pattern, params: {}, context: { clientIp } } as never;
}

const contactPage = {
  load: async (cookie = "", query = "") =>
    (await contactLoader(routeArgs(browserRequest(`/contact${query}`, cookie), "/contact"))) as ContactLoaderData,
  send: async (fields: Record<string, string>, { cookie = "", ip = CLIENT_IP } = {}) =>
    unwrap(await contactAction(routeArgs(formRequest("/contact", cookie, fields), "/contact", ip))),
};
type ContactLoaderData = Awaited<ReturnType<typeof contactLoader>>;

const parentPage = {
  load: async (query = "", cookie = "") =>
    (await parentLoader(routeArgs(browserRequest(`/parent-form${query}`, cookie), "/parent-form"))) as ParentLoaderData,
  send: async (fields: Record<string, string | string[]>, { cookie = "", ip = CLIENT_IP } = {}) =>
    unwrap(await parentAction(routeArgs(formRequest("/parent-form", cookie, fields), "/parent-form", ip))),
};
type ParentLoaderData = Awaited<ReturnType<typeof parentLoader>>;

let addresses = 0;
/** A sender address no other test (nor test file) uses. */
const newAddress = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++addresses}@example.com`;

const leadsFrom = (email: string) => handle.db.select().from(leads).where(eq(leads.email, email));

function contactForm(email: string, changes: Record<string, string> = {}): Record<string, string> {
  return {
    name: "Claire Martin",
    email,
    phone: "06 12 34 56 78",
    subject: "partenariat",
    message: "Bonjour, notre association de lycéens aimerait proposer vos fiches de révision à ses membres.",
    consent: "on",
    site_web: "",
    ...changes,
  };
}

function parentForm(email: string, changes: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  return {
    name: "Sophie Durand",
    email,
    phone: "07 98 76 54 32",
    relation: "parent",
    studentFirstName: "Léo",
    level: "ecg1",
    school: "Lycée du Parc",
    subjects: ["python", "maths"],
    needs: "Léo décroche en probabilités depuis la rentrée et ses colles de Python se passent mal.",
    format: "en-ligne",
    availability: "Le mercredi après-midi et le samedi matin",
    preference: "rappel",
    consent: "on",
    site_web: "",
    ...changes,
  };
}

const profile = { subjects: ["maths"], levels: ["ecg1", "ecg2"], bio: "Professeure agrégée, colleuse en ECG depuis six ans." } as const;

beforeAll(async () => {
  handle = await useTestDatabase();
  [student, publishedTeacher, draftTeacher, formerTeacher] = await Promise.all([
    registerStudent("Nina"),
    registerStudent("Camille"),
    registerStudent("Hugo"),
    registerStudent("Marc"),
  ]);
  for (const teacher of [publishedTeacher, draftTeacher, formerTeacher]) await setRole(teacher.id, "prof");
  await saveTeacherProfile(publishedTeacher.id, {
    ...profile,
    subjects: [...profile.subjects],
    levels: [...profile.levels],
    displayName: "Camille D.",
    isPublic: true,
  });
  await saveTeacherProfile(draftTeacher.id, {
    ...profile,
    subjects: [...profile.subjects],
    levels: [...profile.levels],
    displayName: "Hugo B.",
    isPublic: false,
  });
  await saveTeacherProfile(formerTeacher.id, {
    ...profile,
    subjects: [...profile.subjects],
    levels: [...profile.levels],
    displayName: "Marc L.",
    isPublic: true,
  });
  // No longer a teacher: the profile stays public in the table but is shown nowhere.
  await setRole(formerTeacher.id, "user");
});
afterAll(async () => {
  await handle?.close();
  // Other test files that a worker runs next read their own configuration.
  delete process.env.CONTACT_NOTIFY_EMAIL;
});

describe(`/contact (${process.env.TEST_DB_DRIVER})`, () => {
  it("shows a visitor empty fields and the other ways to reach the team", async () => {
    const page = await contactPage.load();
    expect(page.meta.title).toBe("Contact");
    expect(page.prefill).toEqual({ name: "", email: "", subject: "" });
    // The footer's invitation chooses the subject; an unknown one chooses nothing.
    expect((await contactPage.load("", "?objet=suggestion")).prefill.subject).toBe("suggestion");
    expect((await contactPage.load("", "?objet=constructor")).prefill.subject).toBe("");
    expect(page.signedIn).toBe(false);
    expect(page.links.booking).toBe(getConfig().publicLinks.bookingUrl);
    expect(page.links.messaging.startsWith(getConfig().publicLinks.messagingUrl)).toBe(true);
  });

  it("stores a valid message, sends the sender a copy and tells the team", async () => {
    const email = newAddress("claire");
    const { status, body } = await contactPage.send(contactForm(email));
    expect(status).toBe(200);
    expect(body).toEqual({ sent: true, name: "Claire Martin", email });

    const rows = await leadsFrom(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "contact",
      status: "nouveau",
      name: "Claire Martin",
      email,
      phone: "+33612345678",
      subject: "partenariat",
      message: contactForm(email).message,
      details: {},
      requestedTeacherId: null,
      userId: null,
      assigneeId: null,
    });

    const [acknowledgement] = mailsTo(getConfig().dataDir, email);
    expect(acknowledgement).toContain("Subject: Votre message à Tremplin");
    expect(acknowledgement).toContain("nous vous répondons sous deux jours ouvrés");
    expect(acknowledgement).toContain("Objet\u00a0: Un partenariat");
    expect(acknowledgement).toContain(contactForm(email).message);

    const team = mailsTo(getConfig().dataDir, TEAM).find((mail) => mail.includes(`/admin/leads/${rows[0].id}`));
    expect(team).toBeDefined();
    expect(team).toContain("Subject: Nouveau message de contact\u00a0: Claire Martin");
    expect(team).toContain(`Claire Martin <${email}>, 06 12 34 56 78`);
    expect(team).toContain(`${getConfig().siteUrl}/admin/leads/${rows[0].id}`);
  });

  it("fills in a signed-in user's name and e-mail and ties the message to the account", async () => {
    const page = await contactPage.load(student.cookie);
    expect(page.prefill).toEqual({ name: "Nina", email: student.email, subject: "" });
    const { status } = await contactPage.send(contactForm(student.email, { name: "Nina", phone: "" }), { cookie: student.cookie });
    expect(status).toBe(200);
    const [row] = await leadsFrom(student.email);
    expect(row).toMatchObject({ userId: student.id, name: "Nina", phone: null });
  });

  it("refuses a robot that fills the honeypot: nothing stored, nothing sent", async () => {
    const email = newAddress("robot");
    const { status, body } = await contactPage.send(contactForm(email, { site_web: "https://spam.example" }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ sent: false, message: PUBLIC_FORM_MESSAGES.refused });
    expect(await leadsFrom(email)).toEqual([]);
    expect(mailsTo(getConfig().dataDir, email)).toEqual([]);
  });

  it("refuses the 4th message from one address within the hour, whatever the client address", async () => {
    const email = newAddress("insistant");
    for (const [index, ip] of ["198.51.100.1", "198.51.100.2", "198.51.100.3"].entries()) {
      const { status } = await contactPage.send(contactForm(email, { message: `Message numéro ${index + 1}, pour être sûr.` }), { ip });
      expect(status).toBe(200);
    }
    const { status, body } = await contactPage.send(contactForm(email), { ip: "198.51.100.4" });
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/);
    expect(await leadsFrom(email)).toHaveLength(3);
  });

  it("answers bad input with 400, the French messages and what was typed", async () => {
    const email = newAddress("distrait");
    const typed = contactForm(email, { phone: "12 34", subject: "devis", message: "Bonjour", consent: "" });
    delete (typed as Partial<typeof typed>).consent;
    const { status, body } = await contactPage.send(typed);
    expect(status).toBe(400);
    expect(body.message).toBe(LEAD_MESSAGES.checkFields);
    expect(body.fieldErrors).toEqual({
      phone: LEAD_MESSAGES.phoneInvalid,
      subject: LEAD_MESSAGES.contactSubject,
      message: LEAD_MESSAGES.messageTooShort,
      consent: PUBLIC_FORM_MESSAGES.consent,
    });
    expect(body.values).toEqual({ name: "Claire Martin", email, phone: "12 34", subject: "devis", message: "Bonjour", consent: false });
    expect(await leadsFrom(email)).toEqual([]);
  });

  it("bounds what it gives back of an oversized message", async () => {
    const email = newAddress("bavard");
    const { status, body } = await contactPage.send(contactForm(email, { message: "m".repeat(50_000) }));
    expect(status).toBe(400);
    expect((body.fieldErrors as Record<string, string>).message).toBe(LEAD_MESSAGES.messageTooLong);
    expect((body.values as { message: string }).message.length).toBeLessThanOrEqual(5100);
  });
});

describe(`/parent-form (${process.env.TEST_DB_DRIVER})`, () => {
  it("offers the published teachers only, and pre-selects the one asked for by ?prof=", async () => {
    const page = await parentPage.load();
    expect(page.meta.title).toBe("Réserver un accompagnement");
    expect(page.teachers).toEqual([{ userId: publishedTeacher.id, label: "Camille D. — Mathématiques" }]);
    expect(page.askedTeacherId).toBe("");
    expect(page.prefill).toEqual({ name: "", email: "", phone: "" });
    expect((await parentPage.load(`?prof=${publishedTeacher.id}`)).askedTeacherId).toBe(publishedTeacher.id);
    for (const ignored of [draftTeacher.id, formerTeacher.id, "inconnu", "%27%3B--"])
      expect((await parentPage.load(`?prof=${ignored}`)).askedTeacherId, ignored).toBe("");
  });

  it("stores a request to be called back, acknowledges it and tells the team", async () => {
    const email = newAddress("sophie");
    const { status, body } = await parentPage.send(parentForm(email));
    expect(status).toBe(200);
    expect(body).toEqual({ sent: true, name: "Sophie Durand", email, phone: "07 98 76 54 32", studentFirstName: "Léo", teacherName: null });

    const rows = await leadsFrom(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "parent",
      status: "nouveau",
      name: "Sophie Durand",
      phone: "+33798765432",
      subject: "maths,python",
      message: parentForm(email).needs,
      details: {
        relation: "parent",
        studentFirstName: "Léo",
        level: "ecg1",
        school: "Lycée du Parc",
        format: "en-ligne",
        availability: "Le mercredi après-midi et le samedi matin",
        preference: "rappel",
      },
      requestedTeacherId: null,
      userId: null,
    });

    const [acknowledgement] = mailsTo(getConfig().dataDir, email);
    expect(acknowledgement).toContain("Subject: Votre demande d'accompagnement Tremplin");
    expect(acknowledgement).toContain("Nous vous rappelons sous deux jours ouvrés au 07 98 76 54 32");
    expect(acknowledgement).toContain("Matières\u00a0: Mathématiques, Informatique (Python)");
    expect(acknowledgement).toContain("Élève\u00a0: Léo, ECG 1re année (Lycée du Parc)");
    const team = mailsTo(getConfig().dataDir, TEAM).find((mail) => mail.includes(`/admin/leads/${rows[0].id}`));
    expect(team).toContain("Subject: Nouvelle demande d'accompagnement\u00a0: Sophie Durand");
  });

  it("stores the published teacher a family chose", async () => {
    const email = newAddress("famille");
    const { status, body } = await parentPage.send(
      parentForm(email, { preference: "professeur", teacherId: publishedTeacher.id, school: "", availability: "" }),
      { ip: "198.51.100.20" },
    );
    expect(status).toBe(200);
    expect(body.teacherName).toBe("Camille D.");
    const [row] = await leadsFrom(email);
    expect(row.requestedTeacherId).toBe(publishedTeacher.id);
    expect(row.details).toEqual({
      relation: "parent",
      studentFirstName: "Léo",
      level: "ecg1",
      format: "en-ligne",
      preference: "professeur",
    });
    expect(mailsTo(getConfig().dataDir, email)[0]).toContain("Nous vérifions les disponibilités de Camille D.");
  });

  it("refuses a teacher who is not published, or no longer teaches, with a French message", async () => {
    for (const teacher of [draftTeacher, formerTeacher]) {
      const email = newAddress("refus");
      const { status, body } = await parentPage.send(parentForm(email, { preference: "professeur", teacherId: teacher.id }), {
        ip: "198.51.100.21",
      });
      expect(status, teacher.firstName).toBe(400);
      expect(body.fieldErrors).toEqual({ teacherId: LEAD_MESSAGES.teacherUnavailable });
      expect((body.values as { needs: string }).needs).toBe(parentForm(email).needs);
      expect(await leadsFrom(email)).toEqual([]);
    }
  });

  it("ignores the teacher field when the family asked to be called back", async () => {
    const email = newAddress("rappel");
    const { status } = await parentPage.send(parentForm(email, { teacherId: draftTeacher.id }), { ip: "198.51.100.22" });
    expect(status).toBe(200);
    expect((await leadsFrom(email))[0].requestedTeacherId).toBeNull();
  });

  it("answers bad input with 400 and keeps what was typed", async () => {
    const email = newAddress("oubli");
    const { status, body } = await parentPage.send(
      parentForm(email, { phone: "", subjects: [], format: "cours-du-soir", studentFirstName: " " }),
    );
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({
      phone: LEAD_MESSAGES.phoneMissing,
      subjects: LEAD_MESSAGES.subjects,
      format: LEAD_MESSAGES.format,
      studentFirstName: LEAD_MESSAGES.studentFirstName,
    });
    expect(body.values).toMatchObject({ name: "Sophie Durand", email, school: "Lycée du Parc", subjects: [], format: "cours-du-soir" });
    expect(await leadsFrom(email)).toEqual([]);
  });

  it("refuses a filled honeypot without storing anything", async () => {
    const email = newAddress("robot-parent");
    const { status, body } = await parentPage.send(parentForm(email, { site_web: "oui" }));
    expect(status).toBe(400);
    expect(body.message).toBe(PUBLIC_FORM_MESSAGES.refused);
    expect(await leadsFrom(email)).toEqual([]);
  });

  it("fills in a signed-in user's details, ties the request to the account and counts the coaching step", async () => {
    const parentAccount = await registerStudent("Sophie");
    expect(await readProgress(parentAccount.id)).toBeNull();
    const page = await parentPage.load("", parentAccount.cookie);
    expect(page.prefill).toEqual({ name: "Sophie", email: parentAccount.email, phone: "" });

    const { status } = await parentPage.send(parentForm(parentAccount.email, { name: "Sophie" }), {
      cookie: parentAccount.cookie,
      ip: "198.51.100.23",
    });
    expect(status).toBe(200);
    const [row] = await leadsFrom(parentAccount.email);
    expect(row.userId).toBe(parentAccount.id);
    expect(await readProgress(parentAccount.id)).toEqual({ progression: 7, completedActivities: { coaching: true } });

    // The coaching step counts once.
    await parentPage.send(parentForm(parentAccount.email, { name: "Sophie" }), { cookie: parentAccount.cookie, ip: "198.51.100.23" });
    expect(await readProgress(parentAccount.id)).toEqual({ progression: 7, completedActivities: { coaching: true } });
  });
});
