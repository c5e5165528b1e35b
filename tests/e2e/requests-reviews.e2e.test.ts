import { describe, expect, it } from "vitest";
import { withDemoServer } from "./support/demo-server";
import {
  gotoHydrated,
  pageProblems,
  confirmEmailThroughOutbox,
  registerThroughForm,
  seriousViolations,
  setupBrowser,
  signInThroughForm,
  toastText,
  uniqueEmail,
} from "./support/browser";

const browser = setupBrowser();

const demo = withDemoServer("tremplin-avis-");

const REVIEW_TEXT = "Les séances de coaching en maths m'ont appris à rédiger proprement mes démonstrations, et mes notes de DS ont suivi.";

describe("reviews", () => {
  it("a user's review waits for the team, an admin publishes it, visitors then see it on /avis and on the home page", async () => {
    // Nothing published yet: the page says so, and carries no structured data.
    const visitor = await browser.newPage({ baseURL: demo.server.url });
    await gotoHydrated(visitor, "/avis");
    await visitor.getByRole("heading", { level: 1, name: "Les avis sur Tremplin" }).waitFor();
    await visitor.getByText("Aucun avis n'a encore été publié.", { exact: false }).waitFor();
    expect(await visitor.getByRole("link", { name: "Se connecter pour donner mon avis" }).getAttribute("href")).toBe("/login?next=/avis");
    expect(await visitor.locator('script[type="application/ld+json"]').count()).toBe(0);

    // A user signs up and writes a review; a mistake first: the form says what is wrong and keeps what was typed.
    const email = uniqueEmail("avis");
    const author = await browser.newPage({ baseURL: demo.server.url });
    await registerThroughForm(author, { firstName: "Margaux Leroy", email, password: "Lanterne-violette-93-pelican" });
    await gotoHydrated(author, "/avis");
    // A review waits for a confirmed address: the page says so, and the server refuses it, keeping the text.
    await author.getByText("Adresse e-mail à confirmer").waitFor();
    await author.getByLabel("5 étoiles", { exact: true }).check();
    await author.getByLabel("Matière", { exact: true }).selectOption("maths");
    await author.getByLabel("Offre concernée").selectOption("coaching-maths");
    await author.getByLabel("Votre avis").fill(REVIEW_TEXT);
    await author.getByRole("button", { name: "Envoyer mon avis" }).click();
    expect(await toastText(author)).toBe(
      "Confirmez d'abord votre adresse e-mail pour publier un avis (lien ou code de l'e-mail reçu à l'inscription).",
    );
    expect(await author.getByLabel("Votre avis").inputValue()).toBe(REVIEW_TEXT);
    await confirmEmailThroughOutbox(author, demo.dataDir, email);
    await gotoHydrated(author, "/avis");
    await author.getByLabel("5 étoiles", { exact: true }).check();
    await author.getByLabel("Matière", { exact: true }).selectOption("maths");
    await author.getByLabel("Offre concernée").selectOption("coaching-maths");
    await author.getByLabel("Votre avis").fill("Très bien.");
    await author.getByRole("button", { name: "Envoyer mon avis" }).click();
    await author.getByText("Votre avis est trop court (20 caractères au moins).").waitFor();
    expect(await author.getByLabel("Votre avis").inputValue()).toBe("Très bien.");
    expect(await author.getByLabel("5 étoiles", { exact: true }).isChecked()).toBe(true);
    await author.getByLabel("Votre avis").fill(REVIEW_TEXT);
    await author.getByRole("button", { name: "Envoyer mon avis" }).click();
    expect(await toastText(author)).toBe("Merci pour votre avis L'équipe le relit avant de le publier.");
    await author.getByText("En attente de relecture", { exact: true }).waitFor();
    // Shown as their review (the edit form below holds the same text).
    await author.getByRole("paragraph").filter({ hasText: REVIEW_TEXT }).waitFor();
    expect(await seriousViolations(author)).toEqual([]);

    // Visitors do not see it while it waits.
    await gotoHydrated(visitor, "/avis");
    await visitor.getByText("Aucun avis n'a encore été publié.", { exact: false }).waitFor();
    expect(await visitor.getByText(REVIEW_TEXT).count()).toBe(0);

    // The admin reads it in the console and publishes it.
    const admin = await browser.newPage({ baseURL: demo.server.url });
    await signInThroughForm(admin, demo.admin.email, demo.admin.password);
    await admin.getByRole("button", { name: "Déconnexion" }).first().waitFor();
    await gotoHydrated(admin, "/admin/avis");
    await admin.getByRole("heading", { level: 1, name: "Avis à modérer" }).waitFor();
    const card = admin.getByRole("article", { name: "Margaux Leroy" });
    await card.getByText(REVIEW_TEXT).waitFor();
    await card.getByText(email).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await card.getByRole("button", { name: "Publier", exact: true }).click();
    expect(await toastText(admin)).toBe("Avis publié Il est visible sur la page des avis et sur la page d'accueil.");
    await admin.getByText("Aucun avis n'attend de relecture.").waitFor();
    await admin.getByRole("article", { name: "Margaux Leroy" }).getByText("Publié", { exact: true }).waitFor();

    // Visitors now see it: first name and initial, the average and the count, and the aggregate as JSON-LD.
    await gotoHydrated(visitor, "/avis");
    await visitor.getByText(REVIEW_TEXT).waitFor();
    await visitor.getByText("Margaux L.").waitFor();
    expect(await visitor.getByTestId("average-rating").textContent()).toBe("5,0");
    expect(await visitor.getByTestId("review-count").textContent()).toBe("1 avis");
    expect(await visitor.getByText(email).count()).toBe(0);
    expect(await visitor.getByText("Leroy").count()).toBe(0);
    const jsonLd = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? "null");
    expect(jsonLd).toMatchObject({
      "@type": "Organization",
      name: "Tremplin",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 },
    });
    expect(await seriousViolations(visitor)).toEqual([]);

    // The filters work without script: a plain GET form.
    await visitor.getByLabel("Filtrer par matière").selectOption("python");
    await visitor.getByRole("button", { name: "Filtrer" }).click();
    await visitor.waitForURL(/\/avis\?matiere=python/);
    await visitor.getByText("Aucun avis publié ne correspond à ces filtres.", { exact: false }).waitFor();

    // And on the home page, with a link to every review.
    await gotoHydrated(visitor, "/");
    const latest = visitor.getByRole("region", { name: "Les derniers avis" });
    await latest.getByText("Margaux L.").waitFor();
    await latest.getByRole("link", { name: "Tous les avis" }).click();
    await visitor.waitForURL(/\/avis$/);
    await visitor.getByTestId("average-rating").waitFor();
    // No hydration error, no CSP violation (the JSON-LD is data: it carries no nonce and runs nowhere).
    expect(pageProblems(visitor)).toEqual([]);

    // The author sees it published, on a page that is theirs: never stored by a shared cache.
    const response = await gotoHydrated(author, "/avis");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await author.getByText("Publié", { exact: true }).waitFor();
    expect(await seriousViolations(author)).toEqual([]);
    // The failed requests are the ones made on purpose: the review before the address was confirmed (403), then too short (400).
    expect(pageProblems(author)).toEqual([
      "Failed to load resource: the server responded with a status of 403 (Forbidden)",
      "Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
  });
});
