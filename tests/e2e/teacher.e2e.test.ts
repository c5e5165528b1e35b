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
  toastSaying,
  toastText,
  uniqueEmail,
} from "./support/browser";
import { answerWholeQuiz, readQuizFile } from "./support/quiz";

const browser = setupBrowser();

const demo = withDemoServer("tremplin-prof-");

describe("teacher space: classes", () => {
  it("a prof creates a class, a student joins it by its link and gets the maths chapters, the prof removes them", async () => {
    const teacher = await browser.newPage({ baseURL: demo.server.url });
    await signInThroughForm(teacher, demo.prof.email, demo.prof.password);
    await teacher.getByRole("link", { name: "Prof", exact: true }).first().click();
    await teacher.waitForURL("**/prof");
    await teacher.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await seriousViolations(teacher)).toEqual([]);
    await teacher.getByRole("main").getByRole("link", { name: "Mes cours", exact: true }).click();
    await teacher.waitForURL("**/prof/courses");
    await teacher.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await seriousViolations(teacher)).toEqual([]);
    // The teacher space is shown without the footer.
    expect(await teacher.locator("footer").count()).toBe(0);

    // A mistake first: the form keeps what was typed and says what is wrong.
    await teacher.getByLabel("Nom de la classe").fill("ECG 2 — groupe B");
    await teacher.getByLabel("Année scolaire").fill("2026-2028");
    await teacher.getByRole("button", { name: "Créer la classe" }).click();
    await expect.poll(() => teacher.getByText("L'année scolaire s'écrit comme 2026-2027.").isVisible()).toBe(true);
    expect(await teacher.getByLabel("Nom de la classe").inputValue()).toBe("ECG 2 — groupe B");
    await teacher.getByLabel("Année scolaire").fill("2026-2027");
    await teacher.getByLabel("Année", { exact: true }).selectOption("ecg2");
    await teacher.getByLabel("Ouvrir les chapitres de maths aux élèves de la classe, tant qu'ils en font partie").check();
    await teacher.getByRole("button", { name: "Créer la classe" }).click();
    await teacher.waitForURL(/\/prof\/courses\/[0-9a-f-]{36}$/);
    const created = teacher.locator("[data-sonner-toast]", { hasText: "Classe créée" });
    expect((await created.locator("[data-description]").textContent())?.replace(/\s+/g, " ")).toMatch(
      /^Code d'accès : [A-Z2-9]{4}-[A-Z2-9]{4}$/,
    );
    await teacher.getByRole("heading", { level: 1, name: "ECG 2 — groupe B" }).waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    const classUrl = teacher.url();
    const joinLink = (await teacher.getByTestId("join-link").textContent())!.trim();
    expect(joinLink).toMatch(new RegExp(`^${demo.server.url}/dashboard\\?rejoindre=[A-Z2-9]{4}-[A-Z2-9]{4}$`));

    const student = await browser.newPage({ baseURL: demo.server.url });
    const studentEmail = uniqueEmail("classe");
    await registerThroughForm(student, { firstName: "Camélia", email: studentEmail, password: "Lanterne-violette-93-pelican" });
    await gotoHydrated(student, "/formation/maths-elements-de-logique");
    expect(new URL(student.url()).pathname).toBe("/acces-restreint");
    // Until the address is confirmed, the invitation waits: the form says why, and the server refuses.
    await gotoHydrated(student, new URL(joinLink).pathname + new URL(joinLink).search);
    await student.getByText("Adresse e-mail à confirmer").waitFor();
    await student.getByRole("button", { name: "Rejoindre" }).click();
    await student
      .getByText("Confirmez d'abord votre adresse e-mail pour rejoindre une classe (lien ou code de l'e-mail reçu à l'inscription).")
      .nth(1)
      .waitFor();
    expect(await student.getByText("Cette classe vous ouvre les chapitres de maths.").count()).toBe(0);
    await confirmEmailThroughOutbox(student, demo.dataDir, studentEmail);
    await gotoHydrated(student, new URL(joinLink).pathname + new URL(joinLink).search);
    expect(await student.getByText("Adresse e-mail à confirmer").count()).toBe(0);
    expect(await student.getByLabel("Rejoindre une classe").inputValue()).toBe(new URL(joinLink).searchParams.get("rejoindre"));
    expect(await seriousViolations(student)).toEqual([]);
    await student.getByRole("button", { name: "Rejoindre" }).click();
    expect(await toastText(student)).toBe("Vous avez rejoint la classe « ECG 2 — groupe B ».");
    await student.getByText("Cette classe vous ouvre les chapitres de maths.").waitFor();
    await gotoHydrated(student, "/formation/maths-elements-de-logique");
    expect(new URL(student.url()).pathname).toBe("/formation/maths-elements-de-logique");

    // The prof sees the student, then removes them: the maths chapters close again.
    await gotoHydrated(teacher, `${new URL(classUrl).pathname}/students`);
    await teacher.getByRole("cell", { name: /Camélia/ }).waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await teacher.getByText("Retirer", { exact: true }).click();
    await teacher.getByRole("button", { name: "Confirmer le retrait" }).click();
    expect(await toastText(teacher)).toBe("Élève retiré de la classe");
    await teacher.getByText("Aucun élève n'a encore rejoint la classe.").waitFor();
    await gotoHydrated(student, "/formation/maths-elements-de-logique");
    expect(new URL(student.url()).pathname).toBe("/acces-restreint");

    // Another account cannot open the class by its address.
    await gotoHydrated(student, new URL(classUrl).pathname);
    expect(new URL(student.url()).pathname).toBe("/");

    // Deleting asks for a confirmation first.
    await gotoHydrated(teacher, new URL(classUrl).pathname);
    await teacher.getByRole("button", { name: "Supprimer la classe" }).click();
    await teacher.getByText("Cochez la case pour confirmer la suppression.").waitFor();
    await teacher.getByLabel("Je confirme la suppression de « ECG 2 — groupe B »").check();
    await teacher.getByRole("button", { name: "Supprimer la classe" }).click();
    await teacher.waitForURL("**/prof/courses");
    await teacher.locator("[data-sonner-toast]", { hasText: "La classe « ECG 2 — groupe B » est supprimée." }).waitFor();
    await teacher.getByText("Vous n'avez pas encore de classe : créez la première ci-dessous.").waitFor();
    // The failed requests are the forms sent wrong on purpose (a bad school year, an unconfirmed deletion): 400.
    expect(pageProblems(teacher)).toEqual(
      Array(2).fill("Failed to load resource: the server responded with a status of 400 (Bad Request)"),
    );
  });

  it("refuses a wrong code on the dashboard and keeps what was typed", async () => {
    const student = await browser.newPage({ baseURL: demo.server.url });
    const studentEmail = uniqueEmail("code");
    await registerThroughForm(student, { firstName: "Basile", email: studentEmail, password: "Lanterne-violette-93-pelican" });
    await confirmEmailThroughOutbox(student, demo.dataDir, studentEmail);
    await gotoHydrated(student, "/dashboard");
    await student.getByLabel("Rejoindre une classe").fill("zzzz-zz99");
    await student.getByRole("button", { name: "Rejoindre" }).click();
    await student.getByText("Ce code ne correspond à aucune classe ouverte. Vérifiez-le auprès de votre professeur.").waitFor();
    expect(await student.getByLabel("Rejoindre une classe").inputValue()).toBe("zzzz-zz99");
  });
});

describe("teacher space: assignments, submissions and marks", () => {
  it("a DM linked to a quiz and a DS with a file: the student hands both in, the prof marks, publishes, the student sees the mark and the average", async () => {
    const teacher = await browser.newPage({ baseURL: demo.server.url });
    await signInThroughForm(teacher, demo.prof.email, demo.prof.password);
    await teacher.getByRole("button", { name: "Déconnexion" }).first().waitFor();
    await gotoHydrated(teacher, "/prof/courses");
    await teacher.getByLabel("Nom de la classe").fill("ECG 1 — devoirs");
    await teacher.getByRole("button", { name: "Créer la classe" }).click();
    await teacher.waitForURL(/\/prof\/courses\/[0-9a-f-]{36}$/);
    await teacher.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const classPath = new URL(teacher.url()).pathname;
    const code = (await teacher.getByTestId("join-code").textContent())!.trim();

    const student = await browser.newPage({ baseURL: demo.server.url });
    const studentEmail = uniqueEmail("devoirs");
    await registerThroughForm(student, { firstName: "Inès", email: studentEmail, password: "Lanterne-violette-93-pelican" });
    await confirmEmailThroughOutbox(student, demo.dataDir, studentEmail);
    await gotoHydrated(student, "/dashboard");
    await student.getByLabel("Rejoindre une classe").fill(code);
    await student.getByRole("button", { name: "Rejoindre" }).click();
    await student.getByText("Mes notes et moyennes").waitFor();

    // A DM linked to a quiz, then a DS marked out of 40 brought back to 20; both published.
    async function createAssignment(title: string, kind: string) {
      await gotoHydrated(teacher, classPath);
      await teacher.getByLabel("Titre du devoir").fill(title);
      await teacher.getByLabel("Type", { exact: true }).selectOption(kind);
      await teacher.getByRole("button", { name: "Créer le devoir" }).click();
      await teacher.waitForURL(/\/assignment\/[0-9a-f-]{36}$/);
      await teacher.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      return new URL(teacher.url()).pathname;
    }
    const dmPath = await createAssignment("DM 1 — Suites", "dm");
    expect(await seriousViolations(teacher)).toEqual([]);
    await teacher.getByLabel("Contenu à travailler (facultatif)").selectOption("/chapitres-libres/suites-quiz");
    await teacher.getByLabel("Consigne").fill("Faites le quiz, puis étudiez $u_{n+1} = \\frac{u_n}{2}$.");
    await teacher.getByRole("button", { name: "Enregistrer le devoir" }).click();
    await toastSaying(teacher, "Devoir enregistré");
    await teacher.locator(".prose-content math").first().waitFor();
    await teacher.getByRole("button", { name: "Publier le devoir" }).click();
    await toastSaying(teacher, "Devoir publié : les élèves de la classe le voient.");

    const dsPath = await createAssignment("DS 1", "ds");
    await teacher.getByLabel("Noté sur").fill("41O");
    await teacher.getByRole("button", { name: "Enregistrer le devoir" }).click();
    await teacher.getByText("Le barème est un nombre entier de 1 à 100.").waitFor();
    expect(await teacher.getByLabel("Noté sur").inputValue()).toBe("41O");
    await teacher.getByLabel("Noté sur").fill("40");
    await teacher.getByLabel("Coefficient").fill("2");
    await teacher.getByRole("button", { name: "Enregistrer le devoir" }).click();
    await toastSaying(teacher, "Devoir enregistré");
    await teacher.getByRole("button", { name: "Publier le devoir" }).click();
    await teacher.getByText("Publié", { exact: true }).waitFor();

    // The student takes the quiz from the DM, then hands in a PDF for the DS.
    await gotoHydrated(student, "/dashboard");
    await student.getByRole("link", { name: "DM 1 — Suites" }).click();
    await student.waitForURL(`**/dashboard/devoirs/${dmPath.split("/").pop()}`);
    await student.getByRole("link", { name: /Quiz/ }).click();
    await student.waitForURL("**/chapitres-libres/suites-quiz");
    await student.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const quiz = readQuizFile("chapitres-libres-suites-quiz.yaml");
    await answerWholeQuiz(student, quiz);
    const total = quiz.questions.length;
    await student.getByRole("heading", { name: `Score final\u00a0: ${total} / ${total}` }).waitFor();
    await gotoHydrated(student, `/dashboard/devoirs/${dmPath.split("/").pop()}`);
    await student.getByText(`Score au quiz : ${quiz.questions.length}/${quiz.questions.length}`).waitFor();

    await gotoHydrated(student, `/dashboard/devoirs/${dsPath.split("/").pop()}`);
    expect(await seriousViolations(student)).toEqual([]);
    // A file whose content is not a PDF nor an image is refused, whatever its name; the text typed stays.
    await student.getByLabel("Réponse écrite (facultative)").fill("Voir ma copie scannée.");
    await student
      .getByLabel("Fichiers")
      .setInputFiles({ name: "copie.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ not a pdf") });
    await student.getByRole("button", { name: "Rendre mon travail" }).click();
    await student.getByText("« copie.pdf » n'est ni un PDF, ni une image JPEG ou PNG (d'après son contenu).").waitFor();
    expect(await student.getByLabel("Réponse écrite (facultative)").inputValue()).toBe("Voir ma copie scannée.");
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    // A 1×1 PNG sent by mistake with the copy, then removed before the due date.
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
    await student.getByLabel("Fichiers").setInputFiles([
      { name: "copie-ds1.pdf", mimeType: "application/pdf", buffer: pdf },
      { name: "brouillon.png", mimeType: "image/png", buffer: png },
    ]);
    await student.getByRole("button", { name: "Rendre mon travail" }).click();
    await toastSaying(student, "Votre travail est rendu.");
    await student.getByRole("link", { name: "copie-ds1.pdf" }).waitFor();
    await student.getByRole("button", { name: "Retirer brouillon.png" }).click();
    await toastSaying(student, "Fichier retiré");
    await student.getByRole("link", { name: "brouillon.png" }).waitFor({ state: "detached" });
    await student.getByRole("link", { name: "copie-ds1.pdf" }).waitFor();

    // The prof sees both hand-ins, marks them, publishes the DS marks.
    await gotoHydrated(teacher, dsPath);
    await teacher.getByRole("link", { name: "copie-ds1.pdf" }).waitFor();
    const download = teacher.waitForEvent("download");
    await teacher.getByRole("link", { name: "copie-ds1.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("copie-ds1.pdf");
    await teacher.getByLabel("Note de Inès").fill("31");
    await teacher.getByLabel("Commentaire pour Inès").fill("Bonne rédaction, attention aux récurrences.");
    await teacher.getByRole("button", { name: "Enregistrer les notes" }).click();
    await toastSaying(teacher, "Notes enregistrées (brouillon, invisibles des élèves)");
    // Drafts stay hidden from the student.
    await gotoHydrated(student, `/dashboard/devoirs/${dsPath.split("/").pop()}`);
    expect(await student.getByTestId("my-result").count()).toBe(0);
    await teacher.getByRole("button", { name: "Publier les notes" }).click();
    await toastSaying(teacher, "Notes publiées : 1 élève prévenu.");

    await gotoHydrated(teacher, dmPath);
    await teacher.getByText(`Quiz : ${quiz.questions.length}/${quiz.questions.length}`).waitFor();
    await gotoHydrated(teacher, `${classPath}/grades`);
    expect(await seriousViolations(teacher)).toEqual([]);
    await teacher.getByText("Non rendu compte 0").waitFor();

    // The student is told, sees the mark, the comment and the average.
    await gotoHydrated(student, "/dashboard");
    await student.getByRole("link", { name: "Nouvelle note : DS 1" }).click();
    await student.getByTestId("my-result").waitFor();
    const result = (await student.getByTestId("my-result").innerText()).replace(/\s+/g, " ");
    expect(result).toContain("31 / 40");
    expect(result).toContain("soit 15,50 sur 20");
    await student.getByText("« Bonne rédaction, attention aux récurrences. »").waitFor();
    await gotoHydrated(student, "/dashboard");
    await student.getByRole("link", { name: "Mes notes et moyennes" }).click();
    await student.getByTestId("my-average").waitFor();
    expect(await student.getByTestId("my-average").textContent()).toBe("15,50");
    expect(await student.getByTestId("class-average").textContent()).toBe("15,50");
    expect(await seriousViolations(student)).toEqual([]);

    // Someone else's file or assignment: 404, as for an unknown id.
    const other = await browser.newPage({ baseURL: demo.server.url });
    await registerThroughForm(other, { firstName: "Paul", email: uniqueEmail("intrus"), password: "Lanterne-violette-93-pelican" });
    expect((await other.goto(`/dashboard/devoirs/${dsPath.split("/").pop()}`))!.status()).toBe(404);
    expect((await other.goto(`${classPath}/grades`))!.url()).toBe(`${demo.server.url}/`);
    // The same through the data requests and the actions a script could send.
    const otherCookie = (await other.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
    const fileHref = await student
      .goto(`/dashboard/devoirs/${dsPath.split("/").pop()}`)
      .then(() => student.getByRole("link", { name: "copie-ds1.pdf" }).getAttribute("href"));
    expect(fileHref).toMatch(/^\/fichiers\/[0-9a-f-]{36}$/);
    const asOther = (path: string, init: RequestInit = {}) =>
      fetch(`${demo.server.url}${path}`, {
        ...init,
        redirect: "manual",
        headers: { Cookie: otherCookie, Origin: demo.server.url, ...init.headers },
      });
    for (const path of [`/dashboard/devoirs/${dsPath.split("/").pop()}.data`, fileHref!]) {
      const response = await asOther(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("copie-ds1");
    }
    const removal = await asOther(`/dashboard/devoirs/${dsPath.split("/").pop()}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "remove-file", fileId: fileHref!.split("/").pop()! }),
    });
    expect(removal.status).toBe(404);
    const stillThere = await student.request.get(fileHref!);
    expect(stillThere.status()).toBe(200);
    expect(stillThere.headers()["content-disposition"]).toMatch(/^attachment; filename="copie-ds1.pdf"/);
    expect(stillThere.headers()["x-content-type-options"]).toBe("nosniff");
  });
});
