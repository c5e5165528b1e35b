import { describe, expect, it } from "vitest";
import { catalog } from "~/catalog/catalog";
import { ACTIVITY_GAINS } from "~/catalog/types";
import { applyActivity, isTrackedPage, parseCompletedActivities } from "./progress";

describe("progress rule (platform-core §4 and §9)", () => {
  it("uses the gains of §9", () => {
    expect(ACTIVITY_GAINS).toEqual({ method: 5, school: 3, generator: 10, submission: 8, coaching: 7, interview: 7 });
  });

  it("adds the gain on the first visit of a type, creating the state when there is none", () => {
    expect(applyActivity(null, "generator")).toEqual({ progression: 10, completedActivities: { generator: true }, changed: true });
  });

  it("never counts a type twice", () => {
    const once = applyActivity({ progression: 10, completedActivities: { generator: true } }, "generator");
    expect(once).toEqual({ progression: 10, completedActivities: { generator: true }, changed: false });
  });

  it("caps progression at 100", () => {
    expect(applyActivity({ progression: 97, completedActivities: {} }, "method").progression).toBe(100);
    let state = { progression: 0, completedActivities: {} as unknown };
    for (const type of Object.keys(ACTIVITY_GAINS) as (keyof typeof ACTIVITY_GAINS)[]) state = applyActivity(state as never, type);
    expect(state.progression).toBe(40);
  });

  it("accepts completed_activities as an object or a JSON string", () => {
    expect(parseCompletedActivities({ method: true })).toEqual({ method: true });
    expect(parseCompletedActivities('{"method":true,"school":true}')).toEqual({ method: true, school: true });
    expect(applyActivity({ progression: 5, completedActivities: '{"method":true}' }, "method").changed).toBe(false);
    expect(parseCompletedActivities("pas du json")).toEqual({});
    expect(parseCompletedActivities(null)).toEqual({});
    expect(parseCompletedActivities(["method"])).toEqual({});
    expect(parseCompletedActivities({ method: true, inconnu: true, school: "oui" })).toEqual({ method: true });
  });
});

describe("activity types in the catalogue", () => {
  it("marks the methodology guide as method and the coaching pages as coaching", () => {
    const typeOf = (path: string) => catalog.find((entry) => entry.path === path)?.activityType;
    expect(typeOf("/formation/maths-methodologie")).toBe("method");
    expect(typeOf("/coaching")).toBe("coaching");
    expect(typeOf("/offre/coaching-maths")).toBe("coaching");
    expect(typeOf("/offre/coaching-python")).toBe("coaching");
  });

  it("tracks pages with an activity type and study pages only", () => {
    const byPath = (path: string) => catalog.find((entry) => entry.path === path);
    expect(isTrackedPage(byPath("/chapitres-libres/suites-cours"))).toBe(true);
    expect(isTrackedPage(byPath("/formation/maths-methodologie"))).toBe(true);
    expect(isTrackedPage(byPath("/apropos"))).toBe(false);
    expect(isTrackedPage(undefined)).toBe(false);
  });
});
