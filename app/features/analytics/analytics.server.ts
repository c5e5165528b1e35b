import { getDb } from "../../../db/client.server";
import { analyticsEvents } from "../../../db/schema";
import { getConfig } from "../../config.server";

/** The events the product captures; nothing is captured automatically, and there is no page-view event. */
export const ANALYTICS_EVENTS = ["login", "login_error", "registration", "registration_error", "logout"] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/**
 * Stores the event first-party and, when POSTHOG_KEY is set, forwards it to PostHog. Analytics never
 * breaks a user flow: failures are logged only.
 */
export async function track(event: AnalyticsEvent, userId: string | null, properties: Record<string, unknown> = {}): Promise<void> {
  try {
    const db = await getDb();
    await db.insert(analyticsEvents).values({ event, userId, properties });
  } catch (error) {
    console.error(`Storing analytics event ${event} failed.`, error);
  }
  const posthog = getConfig().posthog;
  if (!posthog) return;
  try {
    await fetch(`${posthog.host}/capture/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        api_key: posthog.key,
        event,
        distinct_id: userId ?? "anonymous",
        properties: { ...properties, $process_person_profile: Boolean(userId) },
      }),
      signal: AbortSignal.timeout(3000),
    });
  } catch (error) {
    console.error(`Forwarding analytics event ${event} to PostHog failed.`, error);
  }
}
