import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.server";
import type { track as trackEvent } from "./analytics.server";
import { analyticsEvents } from "../../../db/schema";

// A local stand-in for PostHog's capture endpoint, configured before the app reads its configuration.
const received: { path: string; body: Record<string, unknown> }[] = [];
const capture = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    received.push({ path: request.url ?? "", body: JSON.parse(body) });
    response.end("{}");
  });
});

let handle: DatabaseHandle;
let track: typeof trackEvent;

beforeAll(async () => {
  await new Promise<void>((resolve) => capture.listen(0, "127.0.0.1", resolve));
  process.env.POSTHOG_KEY = "phc_test_key";
  process.env.POSTHOG_HOST = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
  const { useTestDatabase } = await import("../../../tests/support/accounts");
  handle = await useTestDatabase();
  ({ track } = await import("./analytics.server"));
});
afterAll(async () => {
  capture.close();
  await handle?.close();
});

describe(`analytics (${process.env.TEST_DB_DRIVER})`, () => {
  it("stores the event first-party and forwards it to PostHog when a key is set", async () => {
    await track("login_error", null, { reason: "Identifiants incorrects" });
    const rows = await handle.db.select().from(analyticsEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: "login_error", userId: null, properties: { reason: "Identifiants incorrects" } });
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe("/capture/");
    expect(received[0].body).toMatchObject({ api_key: "phc_test_key", event: "login_error", distinct_id: "anonymous" });
  });

  it("never breaks the user's flow when PostHog is unreachable", async () => {
    capture.close();
    await expect(track("logout", null)).resolves.toBeUndefined();
    expect(await handle.db.select().from(analyticsEvents)).toHaveLength(2);
  });
});
