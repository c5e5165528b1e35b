import { alias } from "drizzle-orm/pg-core";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { displayPhone } from "../accounts/phone";
import { type Database, getDb } from "../../../db/client.server";
import { teacherApplications, user as userTable, userRoles } from "../../../db/schema";
import { getConfig } from "../../config.server";
import { hasRole, isRole } from "../accounts/roles";
import { recordAudit } from "../admin/audit.server";
import { cleanFileName } from "../assignments/submission-form.server";
import { getFileStore, newFileKey, sniffContentType } from "../files/file-store.server";
import { APPLICATION_MESSAGES, type ApplicationFilters, type ApplicationInput, defaultDisplayName, labelsOf } from "./application-forms";
import { acknowledge, notifyTeam } from "./public-form.server";
import { LEVELS, SUBJECTS, type ApplicationStatus } from "./requests";
import { createProfileDraft } from "./teacher-profiles.server";

/**
 * Teacher applications (issue #14): sent on /professeur with a PDF CV kept in the file store, followed
 * by the applicant on /professeur-dashboard, decided by an admin on /admin/candidatures. Accepting makes
 * the account a prof and drafts its public profile; declining sends the team's message.
 */

export interface CvUpload {
  name: string;
  size: number;
  content: Buffer;
}

type Actor = { id: string; email: string };

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The CV of the form: required, a PDF by its content (not its name), at most UPLOAD_MAX_MB. */
export async function readCv(formData: FormData): Promise<{ ok: true; cv: CvUpload } | { ok: false; error: string }> {
  const upload = formData.get("cv");
  if (!upload || typeof upload === "string" || upload.size === 0) return { ok: false, error: APPLICATION_MESSAGES.cvMissing };
  const limit = getConfig().uploadMaxBytes;
  if (upload.size > limit) return { ok: false, error: APPLICATION_MESSAGES.cvTooLarge(limit) };
  const content = Buffer.from(await upload.arrayBuffer());
  if ((await sniffContentType(content)) !== "application/pdf")
    return { ok: false, error: APPLICATION_MESSAGES.cvNotPdf(cleanFileName(upload.name, "application/pdf")) };
  return { ok: true, cv: { name: cleanFileName(upload.name, "application/pdf"), size: content.length, content } };
}

/**
 * Stores an application and its CV, then acknowledges it to the applicant and tells the team. The CV
 * goes to the store first; if the row cannot be written, the stored file is removed again.
 */
export async function submitApplication(input: ApplicationInput, cv: CvUpload, userId: string | null) {
  const store = getFileStore();
  const cvKey = newFileKey("cv");
  await store.put(cvKey, cv.content);
  let application: typeof teacherApplications.$inferSelect;
  try {
    const db = await getDb();
    [application] = await db
      .insert(teacherApplications)
      .values({
        userId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        subjects: input.subjects.join(","),
        levels: input.levels.join(","),
        diplomas: input.diplomas,
        experience: input.experience,
        availability: input.availability,
        motivation: input.motivation,
        cvName: cv.name,
        cvSize: cv.size,
        cvKey,
      })
      .returning();
  } catch (error) {
    await store.remove([cvKey]).catch((removal) => console.error(`The CV ${cvKey} of a failed application was not removed:`, removal));
    throw error;
  }
  const { siteUrl } = getConfig();
  const subjects = labelsOf(application.subjects, SUBJECTS).join(", ");
  const levels = labelsOf(application.levels, LEVELS).join(", ");
  await acknowledge(
    application.email,
    "Votre candidature à Tremplin",
    [
      `Bonjour ${application.firstName},`,
      "",
      `Nous avons bien reçu votre candidature pour enseigner sur Tremplin (${subjects}\u00a0; ${levels}). L'équipe la lit et vous répond par e-mail à cette adresse.`,
      "",
      userId
        ? `Vous pouvez suivre son état dans votre espace professeur\u00a0: ${siteUrl}/professeur-dashboard`
        : `Si elle est retenue, votre accès à l'espace professeur sera ouvert sur un compte Tremplin créé avec cette adresse e-mail\u00a0: vous pouvez le créer dès maintenant sur ${siteUrl}/register, puis suivre votre candidature sur ${siteUrl}/professeur-dashboard.`,
    ].join("\n"),
  );
  await notifyTeam(
    `Nouvelle candidature de professeur\u00a0: ${application.firstName} ${application.lastName}`,
    [
      `${application.firstName} ${application.lastName} <${application.email}>, ${displayPhone(application.phone)}`,
      `Matières\u00a0: ${subjects}`,
      `Niveaux\u00a0: ${levels}`,
      userId ? "Envoyée depuis un compte Tremplin." : "Envoyée sans compte Tremplin.",
    ].join("\n"),
    `/admin/candidatures/${application.id}`,
  );
  return application;
}

export type Application = typeof teacherApplications.$inferSelect & { status: ApplicationStatus };

/** The user's newest application, whatever its status. */
export async function latestApplicationOf(userId: string): Promise<Application | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(teacherApplications)
    .where(eq(teacherApplications.userId, userId))
    .orderBy(desc(teacherApplications.createdAt))
    .limit(1);
  return row as Application | undefined;
}

/** The user's application still waiting for an answer, if any (one at a time). */
export async function pendingApplicationOf(userId: string): Promise<Application | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(teacherApplications)
    .where(and(eq(teacherApplications.userId, userId), eq(teacherApplications.status, "pending")))
    .orderBy(desc(teacherApplications.createdAt))
    .limit(1);
  return row as Application | undefined;
}

const LIST_LIMIT = 200;

/** Applications of the filter, newest first (at most 200: narrow the filter for more). */
export async function listApplications(filters: ApplicationFilters) {
  const db = await getDb();
  const rows = await db
    .select({
      id: teacherApplications.id,
      firstName: teacherApplications.firstName,
      lastName: teacherApplications.lastName,
      email: teacherApplications.email,
      subjects: teacherApplications.subjects,
      levels: teacherApplications.levels,
      status: teacherApplications.status,
      createdAt: teacherApplications.createdAt,
    })
    .from(teacherApplications)
    .where(filters.statut ? eq(teacherApplications.status, filters.statut) : undefined)
    .orderBy(desc(teacherApplications.createdAt), desc(teacherApplications.id))
    .limit(LIST_LIMIT + 1);
  return {
    applications: rows.slice(0, LIST_LIMIT).map((row) => ({ ...row, status: row.status as ApplicationStatus })),
    truncated: rows.length > LIST_LIMIT,
  };
}

const account = alias(userTable, "account");
const sameEmail = alias(userTable, "same_email");
const decider = alias(userTable, "decider");

/**
 * One application; undefined for an unknown or malformed id. With the e-mail of its account, else of the
 * account using the application's address (the one accepting would choose), and the name of who decided.
 */
export async function findApplication(applicationId: string) {
  if (!isUuid(applicationId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({
      application: teacherApplications,
      accountEmail: account.email,
      sameEmailAccount: sameEmail.email,
      deciderName: decider.name,
    })
    .from(teacherApplications)
    .leftJoin(account, eq(account.id, teacherApplications.userId))
    .leftJoin(sameEmail, eq(sameEmail.email, teacherApplications.email))
    .leftJoin(decider, eq(decider.id, teacherApplications.decidedBy))
    .where(eq(teacherApplications.id, applicationId))
    .limit(1);
  if (!row) return undefined;
  return {
    ...(row.application as Application),
    accountEmail: row.accountEmail,
    sameEmailAccount: row.sameEmailAccount,
    deciderName: row.deciderName,
  };
}

/** Where the CV of an application is stored, for the admins' download. */
export async function findApplicationCv(applicationId: string): Promise<{ key: string; name: string } | undefined> {
  if (!isUuid(applicationId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ key: teacherApplications.cvKey, name: teacherApplications.cvName })
    .from(teacherApplications)
    .where(eq(teacherApplications.id, applicationId))
    .limit(1);
  return row;
}

export type DecisionResult = { ok: true; name: string } | { ok: false; status: 400 | 404 | 409; message: string };

/** The application locked for a decision, or why no decision can be taken (unknown: 404, decided: 409). */
async function lockPendingApplication(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], applicationId: string) {
  const [application] = await tx.select().from(teacherApplications).where(eq(teacherApplications.id, applicationId)).for("update").limit(1);
  if (!application) return { ok: false as const, status: 404 as const, message: "" };
  if (application.status !== "pending") return { ok: false as const, status: 409 as const, message: APPLICATION_MESSAGES.alreadyDecided };
  return { ok: true as const, application };
}

/**
 * Accepts a pending application, in one transaction: the status, the prof role (unless the account
 * already holds prof or above), a draft public profile (unless one exists) and the audit row. The account
 * is the application's, else the one using its e-mail; without one, nothing changes and the admin is
 * told to have the applicant create it first. The applicant is then told by e-mail.
 */
export async function acceptApplication(actor: Actor, applicationId: string): Promise<DecisionResult> {
  if (!isUuid(applicationId)) return { ok: false, status: 404, message: "" };
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const locked = await lockPendingApplication(tx, applicationId);
    if (!locked.ok) return locked;
    const { application } = locked;
    let userId = application.userId;
    if (!userId) {
      const [byEmail] = await tx
        .select({ id: userTable.id })
        .from(userTable)
        .where(eq(userTable.email, application.email.toLowerCase()))
        .limit(1);
      userId = byEmail?.id ?? null;
    }
    if (!userId) return { ok: false as const, status: 400 as const, message: APPLICATION_MESSAGES.noAccount(application.email) };
    const decidedAt = new Date();
    await tx
      .update(teacherApplications)
      .set({ status: "accepted", userId, decidedBy: actor.id, decidedAt, decisionMessage: "" })
      .where(eq(teacherApplications.id, applicationId));
    const [current] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .orderBy(desc(userRoles.createdAt), desc(userRoles.id))
      .limit(1);
    const roleBefore = isRole(current?.role) ? current.role : "user";
    // An admin who applied stays admin: accepting never lowers a role.
    const roleAfter = hasRole(roleBefore, "prof") ? roleBefore : "prof";
    if (roleAfter !== roleBefore) await tx.insert(userRoles).values({ userId, role: roleAfter });
    const profileCreated = await createProfileDraft(tx, {
      userId,
      displayName: defaultDisplayName(application.firstName, application.lastName),
      subjects: application.subjects,
      levels: application.levels,
    });
    await recordAudit(
      {
        actor,
        action: "application.accept",
        target: { type: "teacher_application", id: applicationId },
        before: { status: application.status, userId: application.userId, role: roleBefore },
        after: { status: "accepted", userId, role: roleAfter, profileCreated },
      },
      tx as never,
    );
    return { ok: true as const, application, userId };
  });
  if (!result.ok) return result;
  const { application } = result;
  const { siteUrl } = getConfig();
  const [accountRow] = await db.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, result.userId)).limit(1);
  await acknowledge(
    application.email,
    "Votre candidature est acceptée",
    [
      `Bonjour ${application.firstName},`,
      "",
      `Bonne nouvelle\u00a0: votre candidature pour enseigner sur Tremplin est acceptée. Votre compte ${accountRow?.email ?? application.email} a maintenant accès à l'espace professeur.`,
      "",
      `Première étape\u00a0: complétez votre profil public dans votre espace professeur, puis choisissez de l'afficher sur la page Nos professeurs.`,
      `${siteUrl}/professeur-dashboard`,
      "",
      "Vous y trouverez aussi le lien vers votre espace de cours\u00a0: classes, devoirs et notes.",
    ].join("\n"),
  );
  return { ok: true, name: `${application.firstName} ${application.lastName}` };
}

/** Declines a pending application with the team's message (audited), then e-mails that message to the applicant. */
export async function declineApplication(actor: Actor, applicationId: string, message: string): Promise<DecisionResult> {
  if (!isUuid(applicationId)) return { ok: false, status: 404, message: "" };
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const locked = await lockPendingApplication(tx, applicationId);
    if (!locked.ok) return locked;
    const { application } = locked;
    await tx
      .update(teacherApplications)
      .set({ status: "declined", decidedBy: actor.id, decidedAt: new Date(), decisionMessage: message })
      .where(eq(teacherApplications.id, applicationId));
    await recordAudit(
      {
        actor,
        action: "application.decline",
        target: { type: "teacher_application", id: applicationId },
        before: { status: application.status },
        after: { status: "declined", message },
      },
      tx as never,
    );
    return { ok: true as const, application };
  });
  if (!result.ok) return result;
  const { application } = result;
  const { siteUrl } = getConfig();
  await acknowledge(
    application.email,
    "Votre candidature à Tremplin",
    [
      `Bonjour ${application.firstName},`,
      "",
      "Merci pour votre candidature pour enseigner sur Tremplin. Nous ne pouvons pas y donner suite. Voici le message de l'équipe\u00a0:",
      "",
      message,
      ...(application.userId
        ? ["", `Ce message reste consultable dans votre espace professeur\u00a0: ${siteUrl}/professeur-dashboard`]
        : []),
    ].join("\n"),
  );
  return { ok: true, name: `${application.firstName} ${application.lastName}` };
}
