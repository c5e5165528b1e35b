import { describe, expect, it } from "vitest";
import { jsonDepthWithin } from "../app/features/http/request-body.server";
import { BODY_KINDS, GATE_MESSAGES, bodyKindOf } from "./request-gate";

describe("request gate", () => {
  it("gives each kind of route its own body limit", () => {
    expect(bodyKindOf("/login")).toBe("form");
    expect(bodyKindOf("/compte.data")).toBe("form");
    expect(bodyKindOf("/api/activity")).toBe("json");
    expect(bodyKindOf("/prof/depots", [{ prefix: "/prof/depots", limit: 1 }])).toBe("upload");
    expect(bodyKindOf("/prof/depots/12", [{ prefix: "/prof/depots", limit: 1 }])).toBe("upload");
    expect(bodyKindOf("/prof/depotsx", [{ prefix: "/prof/depots", limit: 1 }])).toBe("form");
    // A hydrated form posts to the page's data URL.
    expect(bodyKindOf("/professeur.data", [{ prefix: "/professeur", limit: 1 }])).toBe("upload");
    expect(bodyKindOf("/professeur-dashboard", [{ prefix: "/professeur", limit: 1 }])).toBe("form");
    expect([BODY_KINDS.form.limit, BODY_KINDS.json.limit, BODY_KINDS.upload.limit]).toEqual([65_536, 262_144, 10_485_760]);
  });

  it("states limits in French units", () => {
    expect(GATE_MESSAGES.tooLarge(BODY_KINDS.form.limit)).toBe("Requête trop volumineuse\u00a0: 64\u00a0Ko au plus.");
    expect(GATE_MESSAGES.tooLarge(BODY_KINDS.upload.limit)).toBe("Requête trop volumineuse\u00a0: 10\u00a0Mo au plus.");
  });
});

describe("jsonDepthWithin", () => {
  const nested = (depth: number) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);
  it("accepts what our schemas take and refuses deep nesting without recursion", () => {
    expect(jsonDepthWithin({ a: [1, { b: "c" }] })).toBe(true);
    expect(jsonDepthWithin("texte")).toBe(true);
    expect(jsonDepthWithin(nested(32))).toBe(true);
    expect(jsonDepthWithin(nested(33))).toBe(false);
    expect(jsonDepthWithin(nested(100_000))).toBe(false);
  });
});
