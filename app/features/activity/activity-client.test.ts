import { beforeEach, describe, expect, it, vi } from "vitest";

const toastError = vi.fn();
vi.mock("~/features/toast/toaster", () => ({ toast: { error: (...args: unknown[]) => toastError(...args) } }));
const { fetchHistory, saveActivity } = await import("./activity-client");

beforeEach(() => toastError.mockReset());

describe("activity client", () => {
  it("saves quietly when the server accepts", async () => {
    const fetcher = vi.fn().mockResolvedValue(new Response("{}", { status: 201 }));
    expect(await saveActivity({ activityType: "search", inputData: { term: "séries" } }, fetcher)).toBe(true);
    expect(JSON.parse(fetcher.mock.calls[0][1].body)).toEqual({ activityType: "search", inputData: { term: "séries" } });
    expect(toastError).not.toHaveBeenCalled();
  });

  it("shows « Erreur / Impossible de sauvegarder l'activité » when saving fails", async () => {
    expect(await saveActivity({ activityType: "search" }, vi.fn().mockResolvedValue(new Response("", { status: 500 })))).toBe(false);
    expect(await saveActivity({ activityType: "search" }, vi.fn().mockRejectedValue(new TypeError("Failed to fetch")))).toBe(false);
    expect(toastError).toHaveBeenCalledWith("Erreur", { description: "Impossible de sauvegarder l'activité" });
    expect(toastError).toHaveBeenCalledTimes(2);
  });

  it("shows « Erreur / Impossible de récupérer l'historique » and returns [] when reading fails", async () => {
    expect(await fetchHistory(vi.fn().mockResolvedValue(new Response("", { status: 503 })))).toEqual([]);
    expect(toastError).toHaveBeenCalledWith("Erreur", { description: "Impossible de récupérer l'historique" });
    const rows = [{ id: 1, activityType: "login", createdAt: "2026-11-21T10:00:00.000Z" }];
    expect(await fetchHistory(vi.fn().mockResolvedValue(Response.json({ history: rows })))).toEqual(rows);
  });
});
