import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { inArray } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { getDb } from "../../../db/client.server";
import { rateLimitBuckets } from "../../../db/schema";
import { getConfig } from "../../config.server";
import { RateLimitedError, hit } from "../accounts/rate-limit.server";
import { STUDY_TIME_ZONE } from "../progress/study-days.server";
import { quotaReachedMessage } from "./generators";

/**
 * Daily quotas per tool (issue #15): GENERATOR_DAILY_QUOTA generations a day for each signed-in user,
 * GENERATOR_VISITOR_DAILY_QUOTA for each client IP of visitors. A day is a calendar day in Paris: the
 * counters start again at midnight. Kept in the rate-limit table, so every instance shares them.
 */
export type Requester = { userId: string } | { clientIp: string };

/** A bucket lasts longer than any day (25 h with the autumn clock change); the key holds the day. */
const WINDOW_SECONDS = 26 * 3600;

function parisDay(now: Date): string {
  return format(new TZDate(now, STUDY_TIME_ZONE), "yyyy-MM-dd");
}

/**
 * A visitor's address as the quota counts it: an IPv6 address by its /64 network (one subscriber is given
 * a whole /64, and could otherwise rotate through it), an IPv4 address (or an IPv4-mapped one) as it is.
 */
export function visitorKey(clientIp: string): string {
  if (!ipaddr.isValid(clientIp)) return clientIp.slice(0, 64);
  const address = ipaddr.process(clientIp);
  if (address.kind() === "ipv4") return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}

function quotaKey(tool: string, requester: Requester, now: Date): string {
  const who = "userId" in requester ? `user:${requester.userId}` : `ip:${visitorKey(requester.clientIp)}`;
  return `generator:${tool}:${who}:${parisDay(now)}`;
}

export function dailyQuota(requester: Requester): number {
  const { generatorQuota } = getConfig();
  return "userId" in requester ? generatorQuota.user : generatorQuota.visitor;
}

/** Counts one generation; returns the French message to show when the day's quota is spent. */
export async function consumeQuota(tool: string, requester: Requester, now = new Date()): Promise<string | null> {
  const max = dailyQuota(requester);
  if (max === 0) return quotaReachedMessage(0, !("userId" in requester));
  try {
    await hit(quotaKey(tool, requester, now), { max, windowSeconds: WINDOW_SECONDS });
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return quotaReachedMessage(max, !("userId" in requester));
    throw error;
  }
}

/** What is left today for each tool, without spending anything. */
export async function remainingQuotas(tools: readonly string[], requester: Requester, now = new Date()): Promise<Record<string, number>> {
  const max = dailyQuota(requester);
  const keys = new Map(tools.map((tool) => [quotaKey(tool, requester, now), tool]));
  const db = await getDb();
  const rows = keys.size
    ? await db
        .select({ key: rateLimitBuckets.key, count: rateLimitBuckets.count })
        .from(rateLimitBuckets)
        .where(inArray(rateLimitBuckets.key, [...keys.keys()]))
    : [];
  const used = new Map(rows.map((row) => [keys.get(row.key)!, row.count]));
  return Object.fromEntries(tools.map((tool) => [tool, Math.max(0, max - (used.get(tool) ?? 0))]));
}
