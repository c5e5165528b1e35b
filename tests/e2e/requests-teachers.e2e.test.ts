import { describe, expect, it } from "vitest";
import { withDemoServer } from "./support/demo-server";
import {
  gotoHydrated,
  pageProblems,
  registerThroughForm,
  seriousViolations,
  setupBrowser,
  signInThroughForm,
  toastSaying,
  uniqueEmail,
} from "./support/browser";

const browser = setupBrowser();

const demo = withDemoServer("tremplin-apply-");

// A CV larger than a plain form may be (64 Ko): it must go through the upload route of /professeur(.data).
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n"),
  Buffer.alloc(100_000, 0x20),
  Buffer.from("\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
]);
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

describe("teacher applications and profiles", () => {
  it("a user applies with a PDF, the admin accepts, the new prof publishes a profile that /nos-profs shows", async () => {
    // The applicant: an account, then the application, a wrong file first.
    const applicant = await browser.newPage({ baseURL: demo.server.url });
    const email = uniqueEmail("candidat");
    await registerThroughForm(applicant, { firstName: "Camille", email, password: "Lanterne-violette-93-pelican" });
    await gotoHydrated(applicant, "/professeur");
    expect(await seriousViolations(applicant)).toEqual([]);
    expect(await applicant.getByLabel("Prénom").inputValue()).toBe("Camille");
    expect(await applicant.getByLabel("Adresse e-mail").inputValue()).toBe(email);
    await applicant.getByLabel("Nom", { exact: true }).fill("Lefèvre");
    await applicant.getByLabel("Téléphone").fill("06 12 34 56 78");
    await applicant.getByLabel("Mathématiques", { exact: true }).check();
    await applicant.getByLabel("Informatique (Python)").check();
    await applicant.getByLabel("ECG 1re année").check();
    await applicant.getByLabel("ECG 2e année").check();
    await applicant.getByLabel("Diplômes et formation").fill("Agrégation de mathématiques, ENS Paris-Saclay.");
    await applicant
      .getByLabel("Motivation")
      .fill("J'interroge en colle depuis trois ans et j'aime faire progresser les élèves de prépa ECG.");
    await applicant
      .getByLabel(/J'accepte que Tremplin utilise ces informations et mon CV pour étudier ma candidature et me répondre/)
      .check();
    await applicant.getByLabel("CV (PDF)").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PNG });
    await applicant.getByRole("button", { name: "Envoyer ma candidature" }).click();
    await applicant.getByText("« cv.pdf » n'est pas un PDF (d'après son contenu) : joignez votre CV au format PDF.").waitFor();
    expect(await applicant.getByLabel("Nom", { exact: true }).inputValue()).toBe("Lefèvre");
    expect(await applicant.getByLabel("Mathématiques", { exact: true }).isChecked()).toBe(true);
    await applicant.getByLabel("CV (PDF)").setInputFiles({ name: "cv-camille.pdf", mimeType: "application/pdf", buffer: PDF });
    await applicant.getByRole("button", { name: "Envoyer ma candidature" }).click();
    await applicant.getByRole("heading", { name: "Candidature envoyée" }).waitFor();
    await applicant.getByRole("link", { name: "Suivre ma candidature" }).click();
    await applicant.waitForURL("**/professeur-dashboard");
    await applicant.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await applicant.getByText("En attente", { exact: true }).waitFor();
    expect(await seriousViolations(applicant)).toEqual([]);
    expect(await applicant.getByRole("link", { name: "Prof", exact: true }).count()).toBe(0);
    // The one failed request is the wrong file, refused on purpose: 400.
    expect(pageProblems(applicant)).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);

    // The admin reads the application and accepts it.
    const admin = await browser.newPage({ baseURL: demo.server.url });
    await signInThroughForm(admin, demo.admin.email, demo.admin.password);
    await admin.getByRole("button", { name: "Déconnexion" }).first().waitFor();
    await gotoHydrated(admin, "/admin/candidatures");
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole("link", { name: "Camille Lefèvre" }).click();
    await admin.waitForURL(/\/admin\/candidatures\/[0-9a-f-]{36}$/);
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await admin.getByText("Mathématiques, Informatique (Python)").waitFor();
    expect(await admin.getByRole("link", { name: "Télécharger le CV" }).getAttribute("href")).toBe(`${new URL(admin.url()).pathname}/cv`);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole("button", { name: "Accepter la candidature" }).click();
    await toastSaying(admin, "Candidature de Camille Lefèvre acceptée : son compte a maintenant accès à l'espace professeur.");
    await admin.getByText("Acceptée le").waitFor();

    // The applicant is now a prof: the header's « Prof » link, the course space, the profile.
    await gotoHydrated(applicant, "/professeur-dashboard");
    await applicant.getByText("Acceptée", { exact: true }).waitFor();
    await applicant.getByRole("link", { name: "Prof", exact: true }).first().waitFor();
    await applicant.getByRole("link", { name: "Ouvrir mon espace de cours" }).click();
    await applicant.waitForURL("**/prof");
    await gotoHydrated(applicant, "/professeur-dashboard");
    expect(await applicant.getByLabel("Nom affiché").inputValue()).toBe("Camille L.");
    await applicant
      .getByLabel("Présentation")
      .fill("Agrégée de mathématiques, colleuse en ECG 2. Je travaille la méthode autant que le cours.");
    await applicant.getByLabel("Afficher mon profil sur la page Nos professeurs").check();
    expect(await seriousViolations(applicant)).toEqual([]);
    await applicant.getByRole("button", { name: "Enregistrer mon profil" }).click();
    await toastSaying(applicant, "Profil enregistré et affiché sur la page Nos professeurs");

    // /nos-profs shows the profile and links to the coaching request with this teacher chosen.
    const visitor = await browser.newPage({ baseURL: demo.server.url });
    await gotoHydrated(visitor, "/nos-profs");
    const card = visitor.getByTestId("teacher-card").filter({ hasText: "Camille L." });
    await card.getByText("Agrégée de mathématiques, colleuse en ECG 2.", { exact: false }).waitFor();
    expect(await card.getByRole("link", { name: /Demander ce professeur/ }).getAttribute("href")).toMatch(
      /^\/parent-form\?prof=[A-Za-z0-9_-]+$/,
    );
    expect(await seriousViolations(visitor)).toEqual([]);
  });
});
