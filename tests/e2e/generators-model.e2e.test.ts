import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { type RunningServer, startServer } from "../support/server";
import { CHROMIUM_FLAGS, chromiumPath, gotoHydrated } from "./support/browser";

/**
 * The generators with a model connected (issue #15): a server of its own whose AI_BASE_URL is a fake
 * OpenAI-compatible endpoint on 127.0.0.1. The fake quotes the first passage the engine sent it, so the
 * answer passes the engine's checks, and streams it a few characters at a time.
 */
let fake: FakeOpenAI;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  fake.replyAlways({
    compute: (request) => {
      const prompt = request.messages.map((message) => message.content).join("\n");
      const [, title, url, body] = /\[1\] titre : (.+)\nurl : (\S+)\n(.+)/.exec(prompt) ?? [];
      return {
        found: true,
        answer: "D'après le cours, deux suites adjacentes convergent vers la même limite.",
        quotes: [{ text: body.slice(0, 80), title, url }],
        sources: [{ title: title.split(" — ")[0], url: url.split("#")[0] }],
      };
    },
  });
  server = await startServer({ AI_BASE_URL: fake.baseUrl, AI_MODEL: "fake-model", TRUST_PROXY: "true" });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

describe("generators with a model connected", () => {
  it("streams the chatbot's answer, labels it as the model's and cites the page it quoted", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: "fr-FR" });
    const page = await context.newPage();
    await gotoHydrated(page, "/generator/prepa-chatbot");
    await page.getByText("Moteur actif\u00a0: un modèle de langue", { exact: false }).waitFor();
    await page.getByLabel("Votre question").fill("Comment montrer que deux suites sont adjacentes ?");
    await page.getByRole("button", { name: "Poser la question" }).click();
    await page.getByText("Généré par un modèle de langue à partir des cours Tremplin — à vérifier").waitFor();
    await page.getByText("D'après le cours, deux suites adjacentes convergent vers la même limite.").waitFor();
    expect(await page.locator("figcaption a").first().getAttribute("href")).toMatch(/^\/.+#.+$/);
    expect(fake.requests.at(-1)?.stream).toBe(true);
    await context.close();
  });
});
