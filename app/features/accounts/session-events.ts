/**
 * Client session events (platform-core §4), shared across tabs with a BroadcastChannel: a sign-in,
 * sign-out or profile change in one tab refreshes the others.
 */
export const SESSION_EVENTS = [
  "INITIAL_SESSION",
  "SIGNED_IN",
  "SIGNED_OUT",
  "TOKEN_REFRESHED",
  "USER_UPDATED",
  "PASSWORD_RECOVERY",
] as const;
export type SessionEvent = (typeof SESSION_EVENTS)[number];

type Listener = (event: SessionEvent, fromOtherTab: boolean) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("tremplin-session");
  channel?.addEventListener("message", (message: MessageEvent<SessionEvent>) => {
    if ((SESSION_EVENTS as readonly string[]).includes(message.data)) listeners.forEach((listener) => listener(message.data, true));
  });
  return channel;
}

export function emitSessionEvent(event: SessionEvent) {
  listeners.forEach((listener) => listener(event, false));
  getChannel()?.postMessage(event);
}

export function onSessionEvent(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The transition between two observed session states, if any. */
export function sessionTransition(
  previous: { userId: string | null; expiresAt: number | null },
  current: { userId: string | null; expiresAt: number | null },
): SessionEvent | null {
  if (!previous.userId && current.userId) return "SIGNED_IN";
  if (previous.userId && !current.userId) return "SIGNED_OUT";
  if (previous.userId && current.userId && previous.userId !== current.userId) return "SIGNED_IN";
  if (current.userId && previous.expiresAt !== null && current.expiresAt !== null && current.expiresAt > previous.expiresAt)
    return "TOKEN_REFRESHED";
  return null;
}

/** Retries with exponential backoff starting at 200 ms and doubling (platform-core §9). */
export async function withBackoff<T>(
  task: () => Promise<T>,
  attempts = 5,
  firstDelayMs = 200,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  let delay = firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(delay);
      delay *= 2;
    }
  }
}
