import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { sameOriginForms } from "./security";

/** What the middleware does with a POST to `path` from `origin`: "next" or the refusal's status. */
function outcome(middleware: ReturnType<typeof sameOriginForms>, path: string, origin: string): string | number {
  let result: string | number = "none";
  const req = { method: "POST", path, get: (name: string) => (name.toLowerCase() === "origin" ? origin : undefined) } as unknown as Request;
  const res = {
    status(code: number) {
      result = code;
      return this;
    },
    type() {
      return this;
    },
    send() {
      return this;
    },
  } as unknown as Response;
  middleware(req, res, (() => (result = "next")) as NextFunction);
  return result;
}

describe("same-origin forms", () => {
  const site = "https://tremplin.example";
  it("refuses a post from another site, except the one origin named for one path (Apple's sign-in answer)", () => {
    const middleware = sameOriginForms([site], { "/auth/callback/apple": "https://appleid.apple.com" });
    expect(outcome(middleware, "/login", site)).toBe("next");
    expect(outcome(middleware, "/login", "https://evil.example")).toBe(403);
    expect(outcome(middleware, "/auth/callback/apple", "https://appleid.apple.com")).toBe("next");
    expect(outcome(middleware, "/auth/callback/apple", "https://evil.example")).toBe(403);
    expect(outcome(middleware, "/auth/callback/google", "https://appleid.apple.com")).toBe(403);
    expect(outcome(middleware, "/compte", "https://appleid.apple.com")).toBe(403);
  });

  it("names no exception when Apple is not configured", () => {
    expect(outcome(sameOriginForms([site]), "/auth/callback/apple", "https://appleid.apple.com")).toBe(403);
  });
});
