import { MessageCircle } from "lucide-react";
import { CHAT_PREFILLED_MESSAGE, messagingHref } from "./constants";

/**
 * Floating button, bottom right: opens the messaging link in a new tab with a prefilled question. On
 * reading pages it shows from desktop width only, outside the reading column; phones get the reading
 * toolbar's link instead (reading-toolbar.tsx).
 */
export function ChatButton({ messagingUrl, desktopOnly = false }: { messagingUrl: string; desktopOnly?: boolean }) {
  return (
    <a
      href={messagingHref(messagingUrl, CHAT_PREFILLED_MESSAGE)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Poser une question sur la prépa par messagerie (nouvel onglet)"
      data-testid="chat-button"
      className={`${desktopOnly ? "hidden lg:inline-flex" : "inline-flex"} fixed bottom-4 right-4 z-30 size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105`}
    >
      <MessageCircle aria-hidden="true" className="size-7" />
    </a>
  );
}
