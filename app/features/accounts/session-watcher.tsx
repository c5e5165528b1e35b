import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { emitSessionEvent, onSessionEvent, sessionTransition, withBackoff } from "./session-events";

export const SESSION_REFRESH_TICK_MS = 30_000;

interface SessionSnapshot {
  userId: string | null;
  expiresAt: number | null;
}

/**
 * Keeps the page's view of the session current: reacts to events from other tabs, and every 30 s
 * (while the tab is visible) asks the server, so an expired or revoked session signs the page out.
 */
export function SessionWatcher({ userId, expiresAt }: SessionSnapshot) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const snapshot = useRef<SessionSnapshot | null>(null);

  // Initial session, then transitions seen after navigations and revalidations.
  useEffect(() => {
    const current = { userId, expiresAt };
    if (!snapshot.current) emitSessionEvent("INITIAL_SESSION");
    else {
      const event = sessionTransition(snapshot.current, current);
      if (event) emitSessionEvent(event);
    }
    snapshot.current = current;
  }, [userId, expiresAt]);

  useEffect(
    () =>
      onSessionEvent((event, fromOtherTab) => {
        if (fromOtherTab && event !== "INITIAL_SESSION") void revalidate.current();
      }),
    [],
  );

  useEffect(() => {
    const tick = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const server = await withBackoff(async () => {
          const response = await fetch("/api/session", { headers: { Accept: "application/json" }, cache: "no-store" });
          // Gateway errors are worth retrying; anything else is an answer.
          if ([502, 503, 504].includes(response.status)) throw new Error(`HTTP ${response.status}`);
          return (await response.json()) as SessionSnapshot;
        });
        const previous = snapshot.current;
        if (previous && sessionTransition(previous, server)) void revalidate.current();
      } catch {
        // The server stayed unreachable: keep the current view, try again at the next tick.
      }
    };
    const timer = setInterval(tick, SESSION_REFRESH_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  return null;
}
