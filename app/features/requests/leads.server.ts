import { displayPhone } from "../accounts/phone";
import { getDb } from "../../../db/client.server";
import { leads } from "../../../db/schema";
import { trackActivity } from "../progress/progress.server";
import {
  type ContactInput,
  FOLLOW_UP_PREFERENCES,
  LESSON_FORMATS,
  PARENT_RELATIONS,
  type ParentInput,
  isTeacherIdShape,
  subjectLabels,
} from "./lead-forms";
import { acknowledge, notifyTeam } from "./public-form.server";
import { CONTACT_SUBJECTS, LEVELS } from "./requests";
import { findPublishedProfile, listPublishedProfiles } from "./teacher-profiles.server";

/**
 * Leads (issue #14): the contact form (/contact) and the coaching requests of families (/parent-form).
 * Each is stored as a `leads` row the team handles in the console (/admin/leads), acknowledged to the
 * sender by e-mail and announced to the team (CONTACT_NOTIFY_EMAIL).
 */

export type Lead = typeof leads.$inferSelect;

/** A teacher a family may ask for: the published profiles of /nos-profs. */
export interface TeacherChoice {
  userId: string;
  displayName: string;
  /** « Mathématiques, Anglais », for the select. */
  subjects: string;
}

/** The teachers /parent-form offers: the profiles shown on /nos-profs, by name. */
export async function listTeacherChoices(): Promise<TeacherChoice[]> {
  const profiles = await listPublishedProfiles();
  return profiles.map((profile) => ({
    userId: profile.userId,
    displayName: profile.displayName,
    subjects: subjectLabels(profile.subjects),
  }));
}

/** A teacher of /nos-profs by account id; undefined for an unknown, unpublished or former teacher. */
export async function findTeacherChoice(userId: string): Promise<TeacherChoice | undefined> {
  if (!isTeacherIdShape(userId)) return undefined;
  const profile = await findPublishedProfile(userId);
  return profile && { userId: profile.userId, displayName: profile.displayName, subjects: subjectLabels(profile.subjects) };
}

/** Stores a contact message, sends the sender a copy and tells the team. */
export async function createContactLead(input: ContactInput, userId: string | null): Promise<Lead> {
  const db = await getDb();
  const [lead] = await db
    .insert(leads)
    .values({
      kind: "contact",
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      userId,
    })
    .returning();
  const subject = CONTACT_SUBJECTS[input.subject];
  await acknowledge(
    input.email,
    "Votre message à Tremplin",
    [
      `Bonjour ${input.name},`,
      "",
      "Nous avons bien reçu votre message et nous vous répondons sous deux jours ouvrés, à cette adresse.",
      "",
      `Objet\u00a0: ${subject}`,
      "Votre message\u00a0:",
      "",
      input.message,
    ].join("\n"),
  );
  await notifyTeam(
    `Nouveau message de contact\u00a0: ${input.name}`,
    [
      `${input.name} <${input.email}>${input.phone ? `, ${displayPhone(input.phone)}` : ""}`,
      `Objet\u00a0: ${subject}`,
      userId ? "Envoyé depuis un compte Tremplin." : "Envoyé sans compte Tremplin.",
      "",
      input.message,
    ].join("\n"),
    `/admin/leads/${lead.id}`,
  );
  return lead;
}

/**
 * Stores a coaching request (`subject`: the subjects' keys, `message`: the needs, `details`: the rest),
 * acknowledges it with a summary, tells the team, and counts the coaching step of a signed-in user's
 * progress. `teacher`: the published teacher the family chose, already checked by the caller.
 */
export async function createParentLead(input: ParentInput, userId: string | null, teacher: TeacherChoice | undefined): Promise<Lead> {
  const details: Record<string, string> = {
    relation: input.relation,
    studentFirstName: input.studentFirstName,
    level: input.level,
    ...(input.school ? { school: input.school } : {}),
    format: input.format,
    ...(input.availability ? { availability: input.availability } : {}),
    preference: input.preference,
  };
  const db = await getDb();
  const [lead] = await db
    .insert(leads)
    .values({
      kind: "parent",
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subjects.join(","),
      message: input.needs,
      details,
      requestedTeacherId: teacher?.userId ?? null,
      userId,
    })
    .returning();

  const phone = displayPhone(input.phone);
  const summary = [
    `Élève\u00a0: ${input.studentFirstName}, ${LEVELS[input.level]}${input.school ? ` (${input.school})` : ""}`,
    `Matières\u00a0: ${subjectLabels(input.subjects)}`,
    `Format\u00a0: ${LESSON_FORMATS[input.format]}`,
    input.availability ? `Disponibilités\u00a0: ${input.availability}` : "Disponibilités\u00a0: à convenir",
    teacher ? `Professeur demandé\u00a0: ${teacher.displayName}` : `Suite souhaitée\u00a0: ${FOLLOW_UP_PREFERENCES.rappel.toLowerCase()}`,
  ];
  await acknowledge(
    input.email,
    "Votre demande d'accompagnement Tremplin",
    [
      `Bonjour ${input.name},`,
      "",
      teacher
        ? `Nous avons bien reçu votre demande d'accompagnement. Nous vérifions les disponibilités de ${teacher.displayName} et vous rappelons sous deux jours ouvrés au ${phone}.`
        : `Nous avons bien reçu votre demande d'accompagnement. Nous vous rappelons sous deux jours ouvrés au ${phone} pour vous proposer un professeur.`,
      "",
      "Votre demande\u00a0:",
      ...summary,
      "",
      "Les besoins décrits\u00a0:",
      input.needs,
    ].join("\n"),
  );
  await notifyTeam(
    `Nouvelle demande d'accompagnement\u00a0: ${input.name}`,
    [
      `${input.name} <${input.email}>, ${phone} — ${PARENT_RELATIONS[input.relation]}`,
      ...summary,
      userId ? "Envoyée depuis un compte Tremplin." : "Envoyée sans compte Tremplin.",
      "",
      input.needs,
    ].join("\n"),
    `/admin/leads/${lead.id}`,
  );
  if (userId) await trackActivity(userId, "coaching");
  return lead;
}
