import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "../../../db/client.server";
import { notifications, user as userTable } from "../../../db/schema";
import { getConfig } from "../../config.server";
import { sendEmail } from "../email/email.server";

export interface Notice {
  title: string;
  body: string;
  /** A same-site path. */
  link: string;
}

/**
 * Tells users something on their dashboard and by e-mail (SMTP, or the outbox without it). An e-mail
 * that cannot be sent is logged: the dashboard notice is already stored.
 */
export async function notifyUsers(userIds: readonly string[], notice: Notice): Promise<void> {
  if (userIds.length === 0) return;
  const db = await getDb();
  await db.insert(notifications).values(userIds.map((userId) => ({ userId, ...notice })));
  const recipients = await db
    .select({ email: userTable.email })
    .from(userTable)
    .where(inArray(userTable.id, [...userIds]));
  const siteUrl = getConfig().siteUrl;
  for (const { email } of recipients) {
    try {
      await sendEmail({ to: email, subject: notice.title, text: `${notice.body}\n\n${siteUrl}${notice.link}\n\n— Tremplin` });
    } catch (error) {
      console.error(`Notification e-mail to ${email} not sent:`, error);
    }
  }
}

export interface UserNotice extends Notice {
  id: number;
  createdAt: Date;
}

/** The notices a user has not dismissed, newest first. */
export async function unreadNotices(userId: string, limit = 10): Promise<UserNotice[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, link: row.link ?? "/dashboard" }));
}

/** Dismisses the user's own notices (others' ids are ignored). */
export async function dismissNotices(userId: string, ids?: readonly number[]): Promise<void> {
  const db = await getDb();
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, [...ids]) : undefined));
}
