import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";

describe("single sign-on configuration", () => {
  it("offers no provider on a fresh install", () => {
    expect(loadConfig({}).sso).toEqual({ google: undefined, microsoft: undefined, apple: undefined, oidc: undefined });
  });

  it("takes a provider with both halves of its client, and refuses half a client at start", () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).sso.google).toEqual({
      clientId: "id",
      clientSecret: "secret",
    });
    expect(loadConfig({ MICROSOFT_CLIENT_ID: "id", MICROSOFT_CLIENT_SECRET: "secret" }).sso.microsoft).toEqual({
      clientId: "id",
      clientSecret: "secret",
      tenantId: "common",
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(
      "Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together",
    );
    expect(() => loadConfig({ APPLE_CLIENT_SECRET: "jwt" })).toThrow("APPLE_CLIENT_ID and APPLE_CLIENT_SECRET go together");
  });

  it("reads a school's OpenID Connect provider, named « votre établissement » unless OIDC_NAME says otherwise", () => {
    expect(loadConfig({ OIDC_ISSUER: "https://ent.example.fr/", OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "s" }).sso.oidc).toEqual({
      issuer: "https://ent.example.fr",
      name: "votre établissement",
      clientId: "id",
      clientSecret: "s",
    });
    expect(() => loadConfig({ OIDC_ISSUER: "https://ent.example.fr" })).toThrow("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
    expect(() => loadConfig({ OIDC_ISSUER: "pas une adresse", OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "s" })).toThrow(/OIDC_ISSUER/);
  });
});
