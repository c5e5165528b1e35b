import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  MOBILE,
  gotoHydrated,
  pageProblems,
  registerThroughForm,
  seriousViolations,
  setupBrowser,
  uniqueEmail,
} from "./support/browser";

/** What a new student sees (issue #17): each defect of the walkthrough, as the browser shows it. */
const browser = setupBrowser();

const PHONE = { ...MOBILE, viewport: { width: 390, height: 844 } };
const WIDE = { ...DESKTOP, viewport: { width: 1366, height: 900 } };
const COURSE = "/chapitres-libres/suites-cours";

const tocLinks = (page: Page, label: string) =>
  page
    .getByRole("navigation", { name: label })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => (link as HTMLElement).innerText));

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("tables of contents", () => {
  it("show the headings as the page shows them: tokens filled, a formula once", async () => {
    const page = await browser.newPage(WIDE);
    await gotoHydrated(page, "/apropos");
    const about = await tocLinks(page, "Sommaire de la page");
    expect(about[0]).toBe("Pourquoi Tremplin existe");
    expect(about.join(" ")).not.toContain("{{");

    await gotoHydrated(page, COURSE);
    const chapter = await tocLinks(page, "Sommaire du chapitre");
    const formula = chapter.find((text) => text.startsWith("Suites définies par une relation"));
    // The formula is rendered (MathML), so its text appears once, without its TeX source.
    // (MathML shows its letters in mathematical italics: 𝑢 for u.)
    expect(formula?.normalize("NFKC").replace(/\s+/g, "")).toBe("Suitesdéfiniesparunerelationun+1=f(un)");
    const entry = page
      .getByRole("navigation", { name: "Sommaire du chapitre" })
      .getByRole("link", { name: /^Suites définies par une relation/ });
    expect(await entry.locator("math").count()).toBe(1);
    expect(pageProblems(page)).toEqual([]);
  });

  it("leave out the legal notice's blocks whose values are all unset, and list only what is shown", async () => {
    const page = await browser.newPage(WIDE);
    await gotoHydrated(page, "/mentions-legales");
    const headings = await page.locator("article h2").allInnerTexts();
    // The test server sets no LEGAL_* variable: no publisher, director or contact block, headings included.
    expect(headings).not.toContain("Éditeur du site");
    expect(headings).not.toContain("Directeur de la publication");
    expect(headings).not.toContain("Contact");
    expect(headings).toContain("Hébergement");
    expect(headings).toContain("Propriété intellectuelle");
    expect(await tocLinks(page, "Sommaire de la page")).toEqual(headings);
    // Every heading is followed by text.
    const empty = await page
      .locator("article h2")
      .evaluateAll((all) => all.filter((heading) => !heading.nextElementSibling || heading.nextElementSibling.tagName === "H2").length);
    expect(empty).toBe(0);
  });
});

describe("formulas on phones", () => {
  it("scroll inside their own block, with a fade as hint, and never push the page sideways", async () => {
    const page = await browser.newPage(PHONE);
    await gotoHydrated(page, COURSE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    // The long display formula of « Somme de termes consécutifs » (written $$…$$ in its sentence).
    const box = page.locator("aside.box", { hasText: "Somme de termes consécutifs" });
    const formula = box.locator(".math-display");
    await expect.poll(() => formula.getAttribute("data-overflowing")).toBe("");
    const sizes = await formula.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      overflow: getComputedStyle(element).overflowX,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.overflow).toBe("auto");
    expect(await formula.evaluate((element) => getComputedStyle(element).maskImage)).toContain("linear-gradient");
    // Reachable with the keyboard, and scrolled to its end the fade moves to the other side.
    expect(await formula.getAttribute("tabindex")).toBe("0");
    await formula.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(() => formula.getAttribute("data-at-end")).toBe("");
    // Nothing else in the course is wider than its column.
    const clipped = await page.locator(".prose-content").evaluate((content) => {
      const limit = content.getBoundingClientRect().right + 1;
      return [...content.querySelectorAll("p, li, math")]
        .filter((element) => !element.closest(".math-display, .figure-canvas, .content-table, pre"))
        .filter((element) => element.getBoundingClientRect().right > limit)
        .map((element) => element.textContent?.slice(0, 40));
    });
    expect(clipped).toEqual([]);
  });
});

describe("course navigation on phones", () => {
  it("offers the table of contents at the top, and a toolbar with it and the way back to the top while reading", async () => {
    const page = await browser.newPage(PHONE);
    await gotoHydrated(page, COURSE);
    // Folded at the top of the chapter.
    const folded = page.getByTestId("sommaire-replie");
    await folded.getByText("Sommaire du chapitre").click();
    await expect.poll(() => folded.getByRole("link", { name: "Suites usuelles" }).isVisible()).toBe(true);

    // While reading, far down the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const toolbar = page.getByRole("navigation", { name: "Outils de lecture" });
    expect(await toolbar.isVisible()).toBe(true);
    await toolbar.getByRole("button", { name: "Sommaire" }).click();
    const dialog = page.getByRole("dialog", { name: "Sommaire du chapitre" });
    await dialog.getByRole("link", { name: "Suites usuelles" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("link", { name: "Suites usuelles" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("suites-usuelles")!.getBoundingClientRect().top)))
      .toBeLessThan(150);
    expect(page.url()).toMatch(/#suites-usuelles$/);

    await toolbar.getByRole("button", { name: "Haut de page" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe("the chat button", () => {
  it("leaves the reading column alone: in the toolbar on phones, outside the text on a desktop", async () => {
    const phone = await browser.newPage(PHONE);
    await gotoHydrated(phone, COURSE);
    expect(await phone.getByTestId("chat-button").isVisible()).toBe(false);
    const question = phone.getByRole("navigation", { name: "Outils de lecture" }).getByRole("link", { name: /^Une question/ });
    expect(await question.getAttribute("href")).toMatch(/text=/);
    // The end of the chapter scrolls clear of the toolbar.
    await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLink = await phone.getByRole("navigation", { name: "Chapitres" }).boundingBox();
    const bar = await phone.getByRole("navigation", { name: "Outils de lecture" }).boundingBox();
    expect(lastLink!.y + lastLink!.height).toBeLessThanOrEqual(bar!.y);

    for (const width of [1024, 1366]) {
      const desktop = await browser.newPage({ ...DESKTOP, viewport: { width, height: 900 } });
      await gotoHydrated(desktop, COURSE);
      const button = await desktop.getByTestId("chat-button").boundingBox();
      const article = await desktop.locator("#corps-du-cours .prose-content").boundingBox();
      expect(button, `${width}px`).not.toBeNull();
      expect(overlaps(button!, article!), `${width}px`).toBe(false);
      // Nor does it cover the sticky table of contents.
      const toc = await desktop.getByRole("navigation", { name: "Sommaire du chapitre" }).boundingBox();
      expect(overlaps(button!, toc!), `${width}px`).toBe(false);
    }
  });

  it("is replaced by the toolbar in quizzes, exercises and flashcards on phones", async () => {
    const page = await browser.newPage(PHONE);
    for (const path of ["/chapitres-libres/suites-quiz", "/chapitres-libres/suites-exercices"]) {
      await gotoHydrated(page, path);
      expect(await page.getByTestId("chat-button").isVisible(), path).toBe(false);
      expect(
        await page.getByRole("navigation", { name: "Outils de lecture" }).getByRole("button", { name: "Haut de page" }).isVisible(),
        path,
      ).toBe(true);
    }
    // Elsewhere the floating button stays, and the footer's last line scrolls clear of it.
    await gotoHydrated(page, "/apropos");
    expect(await page.getByTestId("chat-button").isVisible()).toBe(true);
  });
});

describe("texts", () => {
  it("speaks of access codes on the maths access page only", async () => {
    const page = await browser.newPage(WIDE);
    await gotoHydrated(page, "/acces-restreint?section=python&next=%2Fformation%2Fpython-quiz");
    expect(await page.getByText("Pas de code").count()).toBe(0);
    await gotoHydrated(page, "/acces-restreint?section=maths&next=%2Fformation%2Fmaths");
    expect(await page.getByText("Pas de code\u00a0? Un premier cours gratuit permet d'en parler\u00a0:").count()).toBe(1);
  });

  it("gives the footer's invitation to suggest an improvement its own action, and keeps the booking button", async () => {
    const page = await browser.newPage(WIDE);
    await gotoHydrated(page, "/apropos");
    const footer = page.locator("footer");
    const suggestion = footer.getByRole("region", { name: "Élève en prépa ECG, vous voyez comment améliorer Tremplin\u00a0?" });
    expect(await suggestion.getByRole("link", { name: "Réserver mon premier cours gratuit" }).count()).toBe(0);
    expect(await footer.getByRole("link", { name: "Réserver mon premier cours gratuit" }).count()).toBe(1);
    await suggestion.getByRole("link", { name: "Envoyer une suggestion" }).click();
    await page.waitForURL(/\/contact\?objet=suggestion$/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.getByLabel("Objet").inputValue()).toBe("suggestion");
    expect(await page.getByLabel("Objet").locator("option:checked").innerText()).toBe("Une suggestion d'amélioration");
  });

  it("renders the formulas of exercise titles", async () => {
    const page = await browser.newPage(WIDE);
    await gotoHydrated(page, "/chapitres-libres/suites-exercices");
    const title = page.locator("h2", { hasText: "La suite" }).filter({ has: page.locator("math msqrt") });
    expect(await title.count()).toBe(1);
    expect((await title.innerText()).normalize("NFKC").replace(/\s+/g, "")).toMatch(/^Exercice\d+—Lasuiteun\+1=√?2\+un$/);
    expect(await page.getByText("racine de 2").count()).toBe(0);
  });
});

describe("search", () => {
  it("keeps five results per group in the palette and shows them all on /recherche", async () => {
    const page = await browser.newPage(WIDE);
    await gotoHydrated(page, "/");
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Recherche" });
    await dialog.getByRole("combobox").fill("python");
    const formation = dialog.getByRole("group", { name: "Formation" }).getByRole("option");
    await expect.poll(() => formation.count()).toBe(5);
    const all = dialog.getByRole("link", { name: /^Voir tous les résultats \(\d+\)$/ });
    const total = Number(/\((\d+)\)/.exec(await all.innerText())![1]);
    await all.click();
    await page.waitForURL(/\/recherche\?q=python$/);
    await page.getByText(`${total} résultats pour « python »`).waitFor();
    expect(await page.locator("main li a").count()).toBe(total);
    const formationHeading = await page.getByRole("heading", { name: /^Formation \(\d+\)$/ }).innerText();
    expect(Number(/\((\d+)\)/.exec(formationHeading)![1])).toBeGreaterThan(5);
  });

  it("filters the full results by category, and offers no category that has no entry", async () => {
    const page = await browser.newPage(WIDE);
    await gotoHydrated(page, "/recherche?q=python&categorie=Formation");
    const filters = page.getByRole("navigation", { name: "Filtrer par catégorie" });
    expect(await filters.getByRole("link", { name: "Formation", exact: true }).getAttribute("aria-current")).toBe("page");
    expect(await page.locator("main").getByRole("heading", { level: 2 }).allInnerTexts()).toEqual([
      expect.stringMatching(/^Formation \(\d+\)$/),
    ]);
    const offered = await filters.getByRole("link").allInnerTexts();
    // No page of the « Écoles » category exists yet: the filter is not offered, here or in the palette.
    expect(offered).not.toContain("Écoles");
    await page.keyboard.press("Control+k");
    const chipGroup = page.getByRole("dialog", { name: "Recherche" }).getByRole("group", { name: "Filtrer par catégorie" });
    await chipGroup.getByRole("button", { name: "Toutes" }).waitFor();
    const chips = await chipGroup.getByRole("button").allInnerTexts();
    expect(chips).toEqual(offered);
    // A term of nothing, or a category that does not exist, is no error.
    const response = await page.goto("/recherche?q=&categorie=Inconnue");
    expect(response?.status()).toBe(200);
    await page.getByText("Tapez pour rechercher du contenu...").waitFor();
  });
});

describe("home and catalogue", () => {
  it("links every subject card to a page that exists, and names the tracks of /formations clearly", async () => {
    const page = await browser.newPage(WIDE);
    await gotoHydrated(page, "/");
    const cards = page.getByRole("region", { name: "Les matières de la prépa ECG" }).getByRole("listitem");
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    for (const href of await cards.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")!))) {
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
    expect(await cards.count()).toBe(await cards.getByRole("link").count());

    await gotoHydrated(page, "/formations");
    const titles = await page.locator("main li a > span:first-child > span:first-child").allInnerTexts();
    expect(titles).toContain("Le parcours Python");
    expect(titles).not.toContain("Formations");
    for (const heading of [
      "Python — informatique ECG",
      "Mathématiques",
      "Langues vivantes",
      "Outils d'étude",
      "Accompagnement et stages",
    ]) {
      expect(await page.getByRole("heading", { level: 2, name: heading }).count(), heading).toBe(1);
    }
    for (const href of await page.locator("main li a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!))) {
      expect((await page.request.get(href, { maxRedirects: 0 })).status(), href).toBeLessThan(400);
    }
  });

  it("keeps the « Accès maths » badge on one line on a phone", async () => {
    const page = await browser.newPage(PHONE);
    await gotoHydrated(page, "/formations");
    const heights = await page
      .getByText("Accès maths", { exact: true })
      .evaluateAll((badges) => badges.map((badge) => badge.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    const lineHeight = Math.max(...heights.map((height) => Math.round(height)));
    expect(lineHeight).toBeLessThan(30);
  });
});

describe("figures", () => {
  it("draw the courses' pictures as SVG with their caption and alt text, in the theme's colours", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await browser.newPage({ ...WIDE, colorScheme });
      await gotoHydrated(page, COURSE);
      const figure = page.locator("figure.content-figure").first();
      await figure.scrollIntoViewIfNeeded();
      const image = figure.getByRole("img");
      expect((await image.getAttribute("aria-label"))!.length).toBeGreaterThan(20);
      // Long pages lay out their blocks once in view (content-visibility): the caption shows then.
      await expect.poll(async () => (await figure.locator("figcaption").innerText()).length).toBeGreaterThan(10);
      const box = await image.boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      // The first series is drawn in the theme's first figure colour, the text in the page's.
      const colours = await image.evaluate((svg) => {
        const series = svg.querySelector('[stroke="#0a0001"], [fill="#0a0001"]')!;
        const style = getComputedStyle(series);
        return { series: series.getAttribute("stroke") === "#0a0001" ? style.stroke : style.fill, text: getComputedStyle(svg).color };
      });
      expect(colours.series, colorScheme).toBe(colorScheme === "light" ? "rgb(29, 78, 216)" : "rgb(96, 165, 250)");
      expect(colours.text, colorScheme).toBe(colorScheme === "light" ? "rgb(15, 23, 42)" : "rgb(226, 232, 240)");
      expect(pageProblems(page)).toEqual([]);
    }
  });
});

describe("phones", () => {
  it("keep the hero's shapes away from its text and buttons, and group the dashboard's figures", async () => {
    const page = await browser.newPage(PHONE);
    await gotoHydrated(page, "/");
    const hero = page.locator("main section").first();
    const texts = await hero
      .locator("p, h1, a")
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as Box));
    const shapes = await hero
      .locator('[data-decoration="shape"]')
      .evaluateAll((elements) =>
        elements
          .filter((element) => getComputedStyle(element).display !== "none")
          .map((element) => element.getBoundingClientRect().toJSON() as Box),
      );
    for (const shape of shapes) for (const text of texts) expect(overlaps(shape, text)).toBe(false);

    const desktop = await browser.newPage(WIDE);
    await registerThroughForm(desktop, { firstName: "Tel", email: uniqueEmail("tel"), password: "violon-nuage-cerise-42" });
    const phone = await browser.newPage({ ...PHONE, storageState: await desktop.context().storageState() });
    await gotoHydrated(phone, "/dashboard");
    const tops = await phone
      .getByRole("region", { name: "Chiffres clés" })
      .locator(":scope > *")
      .evaluateAll((figures) => figures.map((figure) => Math.round(figure.getBoundingClientRect().top)));
    expect(tops).toHaveLength(4);
    // Two figures per row.
    expect(new Set(tops).size).toBe(2);
  });
});
