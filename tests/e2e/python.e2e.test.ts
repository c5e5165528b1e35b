import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "../support/server";
import {
  gotoHydrated,
  pageProblems,
  registerThroughForm,
  seriousViolations,
  setupBrowser,
  signInThroughForm,
  uniqueEmail,
} from "./support/browser";

const browser = setupBrowser();
const FACTORIELLE = `def factorielle(n):
    p = 1
    for k in range(1, n + 1):
        p = p * k
    return p

def liste_factorielles(n):
    L = [1]
    for k in range(1, n + 1):
        L.append(L[-1] * k)
    return L

print(factorielle(0), factorielle(6), factorielle(12))
print(liste_factorielles(6))
`;

describe("Python exercises run in the browser (issue #16)", () => {
  it("runs the student's code against the exercise's tests, stops an endless loop, and asks no other host", async () => {
    const page = await browser.newPage();
    const hosts = new Set<string>();
    page.on("request", (request) => hosts.add(new URL(request.url()).host));
    const email = uniqueEmail("python");
    await registerThroughForm(page, { firstName: "Ada", email, password: "violon-nuage-cerise-42" });
    const response = await gotoHydrated(page, "/formation/python-fondamentaux-exercices");
    expect(response?.headers()["cross-origin-embedder-policy"]).toBe("require-corp");
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    const exercise = page.locator("article", { has: page.getByRole("heading", { name: /Factorielle d’un entier/ }) });

    // The starter fails, with the failing test said in French.
    await exercise.getByRole("button", { name: "Exécuter" }).click();
    await exercise.getByText("Test 2\u00a0: pour n = 5, attendu 120, obtenu 1").waitFor({ timeout: 60_000 });
    await exercise.getByText(/^\d+ tests? réussis? sur 7\.$/).waitFor();

    // A correct program passes every test and marks the exercise « J'ai réussi ».
    await exercise.getByLabel("Votre programme").fill(FACTORIELLE);
    await exercise.getByRole("button", { name: "Exécuter" }).click();
    await exercise.getByText("Tous les tests sont réussis.").waitFor();
    await exercise.getByText("Réussi", { exact: true }).waitFor();
    await exercise.locator("pre").getByText("1 720 479001600").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An endless loop is stopped within the time limit, and the next run works.
    await exercise.getByLabel("Votre programme").fill("while True:\n    pass\n");
    await exercise.getByRole("button", { name: "Exécuter" }).click();
    await exercise
      .getByText("Le programme a dépassé le temps limite de 5\u00a0s et a été arrêté.", { exact: false })
      .waitFor({ timeout: 15_000 });
    await exercise.getByLabel("Votre programme").fill("print(6 * 7)\n");
    await exercise.getByRole("button", { name: "Exécuter" }).click();
    await exercise.locator("pre").getByText("42", { exact: true }).waitFor();

    // A syntax error is explained with its line.
    await exercise.getByLabel("Votre programme").fill("def f(:\n    return 1\n");
    await exercise.getByRole("button", { name: "Exécuter" }).click();
    await exercise.getByText(/^Erreur de syntaxe ligne 1/).waitFor();

    // The code typed is kept in this browser.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await exercise.getByLabel("Votre programme").inputValue()).toBe("def f(:\n    return 1\n");
    expect([...hosts]).toEqual([new URL(browser.baseUrl).host]);
    expect(pageProblems(page)).toEqual([]);

    // Another device finds it too, from the server.
    const other = await browser.newPage();
    await signInThroughForm(other, email, "violon-nuage-cerise-42");
    await other.getByRole("button", { name: "Déconnexion" }).first().waitFor();
    await gotoHydrated(other, "/formation/python-fondamentaux-exercices");
    const same = other.locator("article", { has: other.getByRole("heading", { name: /Factorielle d’un entier/ }) });
    await expect.poll(() => same.getByLabel("Votre programme").inputValue()).toBe("def f(:\n    return 1\n");

    // Passing every test marked the exercise « J'ai réussi »: the dashboard counts it for Python.
    await gotoHydrated(other, "/dashboard");
    const python = other.locator("h3", { hasText: /^Python$/ }).locator("..");
    await python.getByText("1 / 48", { exact: false }).waitFor();
  });

  it("isolates only the pages that run Python, and lets only the worker compile WebAssembly", async () => {
    const page = await browser.newPage();
    const home = await page.goto("/");
    expect(home?.headers()["cross-origin-embedder-policy"]).toBeUndefined();
    expect(home?.headers()["content-security-policy"]).not.toContain("wasm-unsafe-eval");
    const worker = await page.request.get("/pyodide/314.0.7/pyodide.mjs");
    expect(worker.status()).toBe(200);
    expect(worker.headers()["cache-control"]).toContain("immutable");
    expect(worker.headers()["content-security-policy"]).toContain("'wasm-unsafe-eval'");
    expect((await page.request.get("/pyodide/314.0.7/../../package.json")).status()).toBe(404);
    // 'unsafe-eval' is for the numpy worker's files only.
    expect(home?.headers()["content-security-policy"]).not.toContain("unsafe-eval");
    expect(worker.headers()["content-security-policy"]).not.toContain("'unsafe-eval'");
    const numpy = await page.request.get("/pyodide-numpy/0.17.1/pyodide.js");
    expect(numpy.status()).toBe(200);
    expect(numpy.headers()["content-security-policy"]).toContain("'unsafe-eval' 'wasm-unsafe-eval'");
  });
});

describe("numpy and matplotlib in the browser (issue #16)", () => {
  it("runs a numpy exercise's reference program to success and shows its plot", async () => {
    const page = await browser.newPage();
    await registerThroughForm(page, { firstName: "Emmy", email: uniqueEmail("numpy"), password: "violon-nuage-cerise-42" });
    await gotoHydrated(page, "/formation/python-analyse-exercices");
    const spec = (await (await page.request.get("/api/exercices/python-analyse-exercices/suite-racine-iteree/runner")).json()) as {
      runner: { reference: string };
    };
    expect(spec.runner.reference).toContain("import matplotlib.pyplot as plt");
    const exercise = page.locator("article").first();
    await exercise.getByLabel("Votre programme").fill(spec.runner.reference);
    await exercise.getByRole("button", { name: "Exécuter" }).click();
    await exercise.getByText("Tous les tests sont réussis.").waitFor({ timeout: 90_000 });
    const figure = exercise.getByRole("img", { name: "Figure 1 tracée par le programme" });
    await figure.waitFor();
    expect(await figure.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);

    await gotoHydrated(page, "/formation/python-matrices-exercices");
    const matrices = page.locator("article").first();
    await matrices.getByRole("button", { name: "Exécuter" }).click();
    await matrices.getByText(/^\d+ tests? réussis? sur 3\.$/).waitFor({ timeout: 90_000 });
    await matrices.locator("pre").getByText("(2, 3)").waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});

describe("the Python sandbox (issue #16)", () => {
  it("runs a chosen example with numpy and matplotlib and shows the figure, without accessibility violations", async () => {
    const page = await browser.newPage();
    await registerThroughForm(page, { firstName: "Alan", email: uniqueEmail("sandbox"), password: "violon-nuage-cerise-42" });
    const response = await gotoHydrated(page, "/python-bac-a-sable");
    expect(response?.headers()["cross-origin-opener-policy"]).toBe("same-origin");
    expect(await page.getByLabel("Mon programme").inputValue()).toContain("import numpy.linalg as al");
    await page.getByRole("button", { name: "Tracer une fonction" }).click();
    await page.getByRole("button", { name: "Exécuter" }).click();
    await page.getByRole("img", { name: "Figure 1 tracée par le programme" }).waitFor({ timeout: 90_000 });
    await page.getByRole("button", { name: "Résoudre un système linéaire" }).click();
    await page.getByRole("button", { name: "Exécuter" }).click();
    await page.locator("pre").getByText("rang de A", { exact: false }).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it("asks a visitor to sign in, as every page of the Python section", async () => {
    const page = await browser.newPage();
    await page.goto("/python-bac-a-sable");
    expect(new URL(page.url()).pathname).toBe("/acces-restreint");
  });
});

describe("every Python exercise in the browser (issue #16)", () => {
  // The content checks run each reference program with CPython; this runs them where students do, on
  // Pyodide (the core, or 0.17.1 for numpy and matplotlib): a difference of versions shows here.
  const SETS = ["python-fondamentaux-exercices", "python-analyse-exercices", "python-matrices-exercices", "python-probabilites-exercices"];

  it.each(SETS)("passes every test of every exercise of %s with its reference program", async (setId) => {
    const page = await browser.newPage();
    await registerThroughForm(page, { firstName: "Ref", email: uniqueEmail("reference"), password: "violon-nuage-cerise-42" });
    await gotoHydrated(page, `/formation/${setId}`);
    const ids = await page.locator("article[id]").evaluateAll((articles) => articles.map((article) => article.id));
    expect(ids.length).toBeGreaterThanOrEqual(12);
    const failures: string[] = [];
    for (const id of ids) {
      const response = await page.request.get(`/api/exercices/${setId}/${id}/runner`);
      expect(response.status(), id).toBe(200);
      const { runner } = (await response.json()) as { runner: { reference: string } };
      const exercise = page.locator(`article[id="${id}"]`);
      await exercise.getByLabel("Votre programme").fill(runner.reference);
      await exercise.getByRole("button", { name: "Exécuter" }).click();
      const verdict = exercise.getByText(/^(Tous les tests sont réussis\.|\d+ tests? réussis? sur \d+\.)$|temps limite|n'a pas pu/);
      await verdict.first().waitFor({ timeout: 120_000 });
      const text = (await verdict.first().textContent()) ?? "";
      if (text !== "Tous les tests sont réussis.")
        failures.push(`${id}: ${text}\n${(await exercise.getByRole("region", { name: "Éditeur Python" }).innerText()).slice(-800)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("the programs of the Python courses (issue #16)", () => {
  it("runs a course's program as written, then lets the student change it and run it again", async () => {
    const page = await browser.newPage();
    await registerThroughForm(page, { firstName: "Grace", email: uniqueEmail("cours"), password: "violon-nuage-cerise-42" });
    await gotoHydrated(page, "/formation/python-fondamentaux");
    const runs = page.getByRole("button", { name: "Exécuter" });
    await expect.poll(() => runs.count()).toBeGreaterThan(3);
    const first = page.getByRole("region", { name: "Éditeur Python" }).first();
    await first.getByRole("button", { name: "Exécuter" }).click();
    await first.locator("pre").first().waitFor({ timeout: 60_000 });
    const printed = await first.locator("pre").first().textContent();
    // The output is the one the course shows under the program (its ```output block, checked by content:check).
    const expected = await page
      .locator("#corps-du-cours pre:has(code[data-runnable])")
      .first()
      .evaluate((pre) => {
        let next = pre.nextElementSibling;
        while (next && !next.matches("pre")) next = next.nextElementSibling;
        return next?.querySelector("code.code-output")?.textContent ?? null;
      });
    if (expected !== null) expect(printed?.trim()).toBe(expected.trim());
    await first.getByRole("button", { name: "Modifier" }).click();
    await first.getByLabel("Programme 1 du cours").fill('print("modifié")');
    await first.getByRole("button", { name: "Exécuter" }).click();
    await first.locator("pre").getByText("modifié", { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe("an operator's full Pyodide (PYODIDE_DIST_DIR, issue #16)", () => {
  function fakeDistribution(numpyContent: string): string {
    const folder = mkdtempSync(path.join(tmpdir(), "pyodide-dist-"));
    writeFileSync(path.join(folder, "pyodide.js"), "// loader");
    writeFileSync(path.join(folder, "pyodide.asm.wasm"), "wasm");
    writeFileSync(path.join(folder, "numpy.whl"), numpyContent);
    const lock = {
      info: { version: "0.27.7" },
      packages: { numpy: { file_name: "numpy.whl", sha256: createHash("sha256").update("numpy").digest("hex") } },
    };
    writeFileSync(path.join(folder, "pyodide-lock.json"), JSON.stringify(lock));
    return folder;
  }

  it("serves a distribution that matches its lock file to the numpy worker, and refuses to start with one that does not", async () => {
    const good = fakeDistribution("numpy");
    const server = await startServer({ PYODIDE_DIST_DIR: good });
    try {
      const loader = await fetch(`${server.url}/pyodide-full/0.27.7/pyodide.js`);
      expect(loader.status).toBe(200);
      expect(loader.headers.get("content-security-policy")).toContain("'unsafe-eval' 'wasm-unsafe-eval'");
      expect(await (await fetch(`${server.url}/`)).text()).toContain("/pyodide-full/0.27.7/");
    } finally {
      await server.stop();
      rmSync(good, { recursive: true, force: true });
    }
    const tampered = fakeDistribution("numpy modifié");
    await expect(startServer({ PYODIDE_DIST_DIR: tampered })).rejects.toThrow("does not match the SHA-256 of pyodide-lock.json");
    rmSync(tampered, { recursive: true, force: true });
  });
});
