import { describe, expect, it, vi } from "vitest";
import { checkPasswordStrength } from "./password-strength";
import { normalizePhone } from "./phone";
import { rateLimitMessage } from "./rate-limit.server";
import { ROLE_RANKS, hasRole, isRole } from "./roles";
import { fieldErrors, registerSchema } from "./schemas";
import { sessionTransition, withBackoff } from "./session-events";
import { describeDevice } from "./account.server";

describe("password strength", () => {
  it("rejects a short or guessable password with French reasons", () => {
    const short = checkPasswordStrength("azerty123");
    expect(short.acceptable).toBe(false);
    expect(short.reasons).toContain("Le mot de passe doit contenir au moins 10 caractères.");
    expect(short.reasons).toContain("Ce mot de passe est trop facile à deviner.");
    const common = checkPasswordStrength("motdepasse123");
    expect(common.acceptable).toBe(false);
    expect(common.score).toBeLessThan(3);
    expect(common.reasons.join(" ")).toMatch(/[àéèêç]|mot|Ajoutez/);
  });

  it("uses the user's own details as guessable words", () => {
    const inputs = ["camille.dupont@example.com", "Camille"];
    expect(checkPasswordStrength("camilledupont", inputs).score).toBeLessThan(checkPasswordStrength("camilledupont").score);
    expect(checkPasswordStrength("camilledupont", inputs).acceptable).toBe(false);
  });

  it("accepts a long passphrase", () => {
    const strong = checkPasswordStrength("violon-nuage-cerise-42");
    expect(strong).toMatchObject({ acceptable: true, reasons: [] });
    expect(strong.score).toBeGreaterThanOrEqual(3);
  });
});

describe("phone numbers", () => {
  it.each([
    ["06 12 34 56 78", "+33612345678"],
    ["06.12.34.56.78", "+33612345678"],
    ["+33 6 12 34 56 78", "+33612345678"],
    ["0033612345678", "+33612345678"],
    ["01 23 45 67 89", "+33123456789"],
    ["+32 470 12 34 56", "+32470123456"],
  ])("normalises %s to %s", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it("rejects what is not a phone number", () => {
    expect(normalizePhone("06 12")).toBeNull();
    expect(normalizePhone("bonjour")).toBeNull();
  });

  it("gives a French error in the sign-up form", () => {
    const result = registerSchema.safeParse({ firstName: "Léa", email: "lea@example.com", phone: "12", password: "x" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!).phone).toBe("Numéro de téléphone invalide (exemple\u00a0: 06 12 34 56 78).");
  });
});

describe("rate-limit message", () => {
  it("says how many minutes to wait", () => {
    expect(rateLimitMessage(15 * 60)).toBe("Trop de tentatives. Réessayez dans 15 minutes.");
    expect(rateLimitMessage(61)).toBe("Trop de tentatives. Réessayez dans 2 minutes.");
    expect(rateLimitMessage(20)).toBe("Trop de tentatives. Réessayez dans 1 minute.");
  });
});

describe("roles", () => {
  it("ranks user < prof < admin < super_admin", () => {
    expect(ROLE_RANKS).toEqual({ user: 1, prof: 2, admin: 3, super_admin: 4 });
    expect(hasRole("prof", "prof")).toBe(true);
    expect(hasRole("super_admin", "prof")).toBe(true);
    expect(hasRole("user", "prof")).toBe(false);
    expect(isRole("roi")).toBe(false);
  });
});

describe("client session events", () => {
  it("names the transition between two session states", () => {
    expect(sessionTransition({ userId: null, expiresAt: null }, { userId: "u", expiresAt: 10 })).toBe("SIGNED_IN");
    expect(sessionTransition({ userId: "u", expiresAt: 10 }, { userId: null, expiresAt: null })).toBe("SIGNED_OUT");
    expect(sessionTransition({ userId: "u", expiresAt: 10 }, { userId: "u", expiresAt: 20 })).toBe("TOKEN_REFRESHED");
    expect(sessionTransition({ userId: "u", expiresAt: 10 }, { userId: "u", expiresAt: 10 })).toBeNull();
  });

  it("retries with exponential backoff from 200 ms", async () => {
    const delays: number[] = [];
    const task = vi.fn().mockRejectedValueOnce(new Error("502")).mockRejectedValueOnce(new Error("503")).mockResolvedValue("ok");
    await expect(withBackoff(task, 5, 200, async (ms) => void delays.push(ms))).resolves.toBe("ok");
    expect(delays).toEqual([200, 400]);
    const failing = vi.fn().mockRejectedValue(new Error("down"));
    await expect(withBackoff(failing, 3, 200, async (ms) => void delays.push(ms))).rejects.toThrow("down");
    expect(failing).toHaveBeenCalledTimes(3);
  });
});

describe("device names", () => {
  it("reads the browser and system from a user agent", () => {
    expect(describeDevice("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36")).toBe(
      "Chrome sur Linux",
    );
    expect(describeDevice(null)).toBe("Appareil inconnu");
  });
});
