import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { user as userTable } from "../../../db/schema";
import { createAccessCode, grantAccess } from "../access/grants.server";
import { getAuth } from "../accounts/auth.server";
import { type Role, isRole, ROLES } from "../accounts/roles";
import { getRole, setRole } from "../accounts/roles.server";
import { endOfParisDay } from "./user-forms";

/** Operations of `npm run admin -- <command>`, kept here so they are tested like the rest. */
export class AdminError extends Error {}

async function userIdByEmail(email: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email.trim().toLowerCase())).limit(1);
  if (!row) throw new AdminError(`No account uses ${email}.`);
  return row.id;
}

/** YYYY-MM-DD → the end of that day in Paris, summer time included (a grant "until 2027-06-30" lasts that whole day). */
export function parseUntil(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const endOfDay = endOfParisDay(value);
  if (!endOfDay) throw new AdminError(`--until expects YYYY-MM-DD, got "${value}".`);
  if (endOfDay.getTime() < Date.now()) throw new AdminError(`--until ${value} is in the past.`);
  return endOfDay;
}

export async function grantRole(email: string, role: string) {
  if (!isRole(role)) throw new AdminError(`Unknown role "${role}". Roles: ${ROLES.join(", ")}.`);
  await setRole(await userIdByEmail(email), role);
  return `${email} is now ${role}.`;
}

export async function revokeRole(email: string) {
  await setRole(await userIdByEmail(email), "user");
  return `${email} is back to user.`;
}

export async function grantSectionAccess(email: string, section: string, until?: string) {
  if (section !== "maths") throw new AdminError(`Unknown section "${section}" (only "maths" is granted).`);
  const expiresAt = parseUntil(until);
  await grantAccess({ userId: await userIdByEmail(email), section, source: "admin", expiresAt });
  return `${email} has maths access${expiresAt ? ` until ${until}` : ""}.`;
}

export async function createCode(section: string, uses: number, until?: string) {
  if (section !== "maths") throw new AdminError(`Unknown section "${section}" (only "maths").`);
  if (!Number.isInteger(uses) || uses < 1 || uses > 10_000) throw new AdminError("--uses expects a whole number from 1 to 10000.");
  const code = await createAccessCode({ section, maxUses: uses, expiresAt: parseUntil(until) });
  return `Access code (shown once, stored hashed): ${code}\nSection maths, ${uses} use(s)${until ? `, valid until ${until}` : ""}.`;
}

export async function listUsers() {
  const db = await getDb();
  const rows = await db
    .select({ id: userTable.id, email: userTable.email, name: userTable.name, createdAt: userTable.createdAt })
    .from(userTable)
    .orderBy(asc(userTable.createdAt));
  const withRoles = await Promise.all(rows.map(async (row) => ({ ...row, role: await getRole(row.id) })));
  if (withRoles.length === 0) return "No users yet.";
  return withRoles
    .map((row) => `${row.email.padEnd(36)} ${row.role.padEnd(12)} ${row.name.padEnd(20)} ${row.createdAt.toISOString().slice(0, 10)}`)
    .join("\n");
}

const DEMO_ACCOUNTS: { firstName: string; email: string; role: Role }[] = [
  { firstName: "Camille", email: "eleve@tremplin.local", role: "user" },
  { firstName: "Hugo", email: "prof@tremplin.local", role: "prof" },
  { firstName: "Inès", email: "admin@tremplin.local", role: "admin" },
];

/** Local trial accounts with printed passwords; refused in production. */
export async function createDemoAccounts(nodeEnv = process.env.NODE_ENV) {
  if (nodeEnv === "production") throw new AdminError("demo is refused when NODE_ENV=production.");
  const auth = await getAuth();
  const db = await getDb();
  const lines: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, account.email)).limit(1);
    if (existing) {
      lines.push(`${account.email} already exists (${account.role}); password unchanged.`);
      continue;
    }
    const password = `Tremplin-${randomBytes(9).toString("base64url")}`;
    const { user } = await auth.api.signUpEmail({ body: { name: account.firstName, email: account.email, password } });
    if (account.role !== "user") await setRole(user.id, account.role);
    lines.push(`${account.role.padEnd(6)} ${account.email}  password: ${password}`);
  }
  return lines.join("\n");
}
