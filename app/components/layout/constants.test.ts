import { describe, expect, it } from "vitest";
import { CHAT_PREFILLED_MESSAGE, messagingHref } from "./constants";

describe("messaging link", () => {
  it("adds the prefilled French message as the text parameter", () => {
    const href = messagingHref("https://wa.me/33600000000", CHAT_PREFILLED_MESSAGE);
    expect(href.startsWith("https://wa.me/33600000000?text=")).toBe(true);
    expect(decodeURIComponent(href.split("text=")[1])).toBe(CHAT_PREFILLED_MESSAGE);
    expect(CHAT_PREFILLED_MESSAGE).toMatch(/prépa ECG/);
  });

  it("keeps an existing query string", () => {
    expect(messagingHref("https://m.me/tremplin?ref=site", "Bonjour")).toBe("https://m.me/tremplin?ref=site&text=Bonjour");
  });
});
