import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { ROLES, type Role } from "../accounts/roles";

/**
 * What /admin/utilisateurs and /admin/journal share with the server: the forms' schemas, the French
 * messages, the role rules and the labels of the audit actions this console writes.
 */

export const PARIS = "Europe/Paris";

export const ROLE_LABELS: Record<Role, string> = {
  user: "Élève",
  prof: "Professeur",
  admin: "Administrateur",
  super_admin: "Super administrateur",
};

export const GRANT_SOURCE_LABELS: Record<string, string> = {
  admin: "Accordé par un administrateur",
  code: "Code d'accès",
  class: "Classe",
};

export const SECTION_LABELS: Record<string, string> = { maths: "Maths" };

/** The audit actions this console writes (app/features/admin/users.server.ts). */
export const USER_AUDIT_ACTIONS = {
  roleChange: "role.grant",
  accessGrant: "access.grant",
  accessRevoke: "access.revoke",
  codeCreate: "code.create",
} as const;

/** How the journal names an action; an action missing here is shown as written. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  [USER_AUDIT_ACTIONS.roleChange]: "Changement de rôle",
  [USER_AUDIT_ACTIONS.accessGrant]: "Accès aux maths accordé",
  [USER_AUDIT_ACTIONS.accessRevoke]: "Accès aux maths retiré",
  [USER_AUDIT_ACTIONS.codeCreate]: "Code d'accès créé",
  "lead.status": "Demande : statut changé",
  "lead.assign": "Demande : responsable changé",
  "lead.note": "Demande : note interne",
  "lead.reply": "Demande : réponse envoyée",
  "application.accept": "Candidature acceptée",
  "application.decline": "Candidature refusée",
  "review.approve": "Avis publié",
  "review.reject": "Avis refusé",
  "review.unpublish": "Avis retiré du site",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export const AUDIT_TARGET_LABELS: Record<string, string> = { user: "Compte", access_code: "Code d'accès" };

export const USER_MESSAGES = {
  checkFields: "Vérifiez les champs indiqués.",
  unknownAction: "Action inconnue.",
  userNotFound: "Ce compte n'existe pas ou plus.",
  grantNotFound: "Cet accès n'existe plus\u00a0: il a peut-être déjà été retiré.",
  chooseRole: "Choisissez un rôle de la liste.",
  notAllowed: "Votre rôle ne vous permet pas de changer les rôles.",
  ownRole: "Vous ne pouvez pas changer votre propre rôle.",
  superAdminOnlyGrant: "Seul un super administrateur peut attribuer le rôle de super administrateur.",
  superAdminOnlyChange: "Seul un super administrateur peut changer le rôle d'un super administrateur.",
  lastSuperAdmin: "C'est le dernier super administrateur\u00a0: nommez-en un autre avant de changer son rôle.",
  roleUnchanged: (email: string, role: Role) => `${email} est déjà «\u00a0${ROLE_LABELS[role]}\u00a0»\u00a0: rien n'a changé.`,
  roleChanged: (email: string, role: Role) => `${email} est maintenant «\u00a0${ROLE_LABELS[role]}\u00a0».`,
  accessGranted: (email: string, until: string) => `${email} a accès aux maths jusqu'au ${until}.`,
  accessRevoked: (email: string) => `L'accès aux maths de ${email} est retiré.`,
  codeCreated: "Code d'accès créé\u00a0: notez-le maintenant, il ne sera plus affiché.",
  dateRequired: "Indiquez la date de fin de l'accès.",
  dateFormat: "Indiquez une date valide (AAAA-MM-JJ).",
  datePast: "Cette date est déjà passée.",
  dateTooFar: "Choisissez une date dans les cinq ans qui viennent.",
  usesRange: "Le nombre d'utilisations est un nombre entier de 1 à 10\u00a0000.",
} as const;

/** Dates more than this far ahead are refused: a typo (2207 for 2027) would otherwise open access for ever. */
const MAX_YEARS_AHEAD = 5;

/**
 * « 2027-06-30 » → the last second of that day in Paris (23:59:59, summer or winter time): a grant or a
 * code « until 30 June » lasts that whole day. Undefined when the value is not a real calendar day.
 */
export function endOfParisDay(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || date < 1 || date > 31) return undefined;
  const end = new TZDate(year, month - 1, date, 23, 59, 59, PARIS);
  // 31 February rolls over into March: refuse instead.
  if (end.getMonth() !== month - 1 || end.getDate() !== date) return undefined;
  return new Date(end.getTime());
}

/** The Paris calendar day of an instant, « 30 juin 2027 ». */
export function formatParisDay(date: Date | string): string {
  return new Date(date).toLocaleDateString("fr-FR", { timeZone: PARIS, day: "numeric", month: "long", year: "numeric" });
}

/** « 24/11/2026 15:29 », in Paris time: the journal's dates. */
export function formatParisDateTime(date: Date | string): string {
  return new Date(date).toLocaleString("fr-FR", { timeZone: PARIS, dateStyle: "short", timeStyle: "short" });
}

/** A date field (YYYY-MM-DD) read as the end of that Paris day, not in the past, within five years. */
function expiryDay(required: boolean) {
  return z
    .string()
    .trim()
    .max(10, USER_MESSAGES.dateFormat)
    .transform((value, context): Date | undefined => {
      if (!value) {
        if (required) context.addIssue({ code: "custom", message: USER_MESSAGES.dateRequired });
        return undefined;
      }
      const end = endOfParisDay(value);
      if (!end) {
        context.addIssue({ code: "custom", message: USER_MESSAGES.dateFormat });
        return z.NEVER;
      }
      const now = new Date();
      if (end.getTime() < now.getTime()) {
        context.addIssue({ code: "custom", message: USER_MESSAGES.datePast });
        return z.NEVER;
      }
      const limit = new Date(now);
      limit.setFullYear(limit.getFullYear() + MAX_YEARS_AHEAD);
      if (end.getTime() > limit.getTime()) {
        context.addIssue({ code: "custom", message: USER_MESSAGES.dateTooFar });
        return z.NEVER;
      }
      return end;
    });
}

/** A user id as better-auth writes them; anything else cannot name an account. */
const userId = z
  .string({ error: USER_MESSAGES.userNotFound })
  .trim()
  .min(1, USER_MESSAGES.userNotFound)
  .max(100, USER_MESSAGES.userNotFound);

/** The list's query string: `q` (name or e-mail, cut to 100 characters) and the open panel, `utilisateur`. */
export const userSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .transform((value) => value.slice(0, 100))
    .catch(""),
  utilisateur: userId.optional().catch(undefined),
});
export const SEARCH_MAX_LENGTH = 100;

export const roleFormSchema = z.object({
  userId,
  role: z.enum(ROLES as [Role, ...Role[]], { error: USER_MESSAGES.chooseRole }),
});

export const grantFormSchema = z.object({ userId, until: expiryDay(true) });

export const revokeFormSchema = z.object({ userId, grantId: z.uuid({ error: USER_MESSAGES.grantNotFound }) });

export const MAX_CODE_USES = 10_000;

export const codeFormSchema = z.object({
  uses: z
    .string({ error: USER_MESSAGES.usesRange })
    .trim()
    .regex(/^\d{1,5}$/, USER_MESSAGES.usesRange)
    .transform(Number)
    .pipe(z.number().min(1, USER_MESSAGES.usesRange).max(MAX_CODE_USES, USER_MESSAGES.usesRange)),
  until: expiryDay(false),
});

/** The journal's paging: `avant`, the id of the last line shown; anything else is the first page. */
export const journalPageSchema = z.object({
  avant: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

/** The roles an actor may hand out: only a super administrator names another one. */
export function assignableRoles(actorRole: Role): Role[] {
  return actorRole === "super_admin" ? [...ROLES] : ROLES.filter((role) => role !== "super_admin");
}

/**
 * Why `actor` may not change `target`'s role at all, or null: an admin changes neither their own role nor a
 * super administrator's (a super administrator may change their own, unless they are the last one).
 */
export function roleLockedReason(actor: { id: string; role: Role }, target: { id: string; role: Role }): string | null {
  if (actor.role === "super_admin") return null;
  if (actor.id === target.id) return USER_MESSAGES.ownRole;
  if (target.role === "super_admin") return USER_MESSAGES.superAdminOnlyChange;
  return null;
}

/**
 * Why `actor` may not give `target` the role `next`, or null when they may. `superAdmins` counts the
 * accounts whose current role is super_admin. Someone who already holds `next` is not refused here.
 */
export function roleChangeRefusal(input: {
  actor: { id: string; role: Role };
  target: { id: string; role: Role };
  next: Role;
  superAdmins: number;
}): string | null {
  const { actor, target, next, superAdmins } = input;
  const locked = roleLockedReason(actor, target);
  if (locked) return locked;
  if (next === "super_admin" && actor.role !== "super_admin") return USER_MESSAGES.superAdminOnlyGrant;
  if (target.role === "super_admin" && next !== "super_admin" && superAdmins <= 1) return USER_MESSAGES.lastSuperAdmin;
  return null;
}

/** A before/after record as one line of JSON for the journal, cut when it is long. */
export function compactJson(value: unknown, max = 300): string {
  if (value === null || value === undefined) return "—";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** How many accounts a search shows, and journal lines a page (shown on the pages, so not server-only). */
export const SEARCH_LIMIT = 50;
export const JOURNAL_PAGE = 50;
