import { GENERATOR_TOOLS } from "../features/generators/tool-list";
import { contentEntries, listedPageDescriptions } from "./content-entries.generated";
import { normalizePagePath } from "./page-flags";
import type { CatalogEntry } from "./types";

/**
 * Every route of the product. routes.ts, document titles, the sitemap, the navigation filters and
 * the access guards derive from this list: a page exists only when it is listed here with real content.
 */
const markdownPage = (contentId: string, path: string, title: string, extra: Partial<CatalogEntry> = {}): CatalogEntry => ({
  path,
  title,
  kind: "page",
  module: "routes/content-page.tsx",
  contentId,
  ...extra,
});

export const manualCatalog: readonly CatalogEntry[] = [
  {
    path: "/",
    title: "Accueil",
    description:
      "Tremplin accompagne les élèves de prépa ECG : cours, exercices corrigés, quiz, flashcards et coaching individuel en maths, Python, langues et culture générale.",
    kind: "home",
    module: "routes/home.tsx",
  },
  {
    path: "/formations",
    title: "Toutes nos formations",
    description: "Toutes les formations Tremplin pour la prépa ECG : matières, accompagnement individuel et stages.",
    kind: "listing",
    module: "routes/formations.tsx",
    search: { category: "Formation", keywords: ["formations", "cours", "matières", "programme"] },
  },
  {
    path: "/recherche",
    title: "Recherche",
    description: "Tous les résultats d'une recherche sur Tremplin, par catégorie.",
    kind: "listing",
    module: "routes/search-results.tsx",
    noindex: true,
  },
  markdownPage("apropos", "/apropos", "À propos", {
    search: { category: "Informations", keywords: ["à propos", "mission", "équipe", "qui sommes-nous"] },
  }),
  markdownPage("partners", "/partners", "Partenaires", {
    search: { category: "Informations", keywords: ["partenaires", "partenariat", "associations", "lycées"] },
  }),
  markdownPage("nos-offres", "/nos-offres", "Nos Offres", {
    search: { category: "Services", keywords: ["offres", "tarifs", "accompagnement", "cours particuliers"] },
  }),
  markdownPage("stage-accompagnement", "/stage-accompagnement", "Stage et accompagnement", {
    formationsGroup: "Accompagnement et stages",
    search: { category: "Services", keywords: ["stage", "vacances", "révisions", "accompagnement"] },
  }),
  markdownPage("pre-rentree", "/offres/pre-rentree", "Stage de Pré-entrée", {
    formationsGroup: "Accompagnement et stages",
    search: { category: "Services", keywords: ["pré-rentrée", "stage", "été", "entrée en prépa"] },
  }),
  markdownPage("coaching", "/coaching", "Coaching individuel", {
    activityType: "coaching",
    formationsGroup: "Accompagnement et stages",
    search: { category: "Services", keywords: ["coaching", "cours particuliers", "tuteur", "soutien"] },
  }),
  markdownPage("offre-gratuite", "/offre/gratuite", "Offre gratuite – Sessions live", {
    formationsGroup: "Accompagnement et stages",
    search: { category: "Services", keywords: ["gratuit", "live", "sessions", "webinaire"] },
  }),
  markdownPage("offre-coaching-maths", "/offre/coaching-maths", "Coaching Maths", {
    activityType: "coaching",
    formationsGroup: "Accompagnement et stages",
    search: { category: "Services", keywords: ["maths", "coaching", "approfondies", "appliquées"] },
  }),
  markdownPage("offre-coaching-python", "/offre/coaching-python", "Coaching Python", {
    activityType: "coaching",
    formationsGroup: "Accompagnement et stages",
    search: { category: "Services", keywords: ["python", "informatique", "coaching", "numpy"] },
  }),
  markdownPage("offre-organisation-ete", "/offre/organisation-ete", "Organisation Été", {
    formationsGroup: "Accompagnement et stages",
    search: { category: "Services", keywords: ["été", "vacances", "planning", "organisation"] },
  }),
  markdownPage("offre-preparation-cube", "/offre/preparation-cube", "Préparation Cube", {
    formationsGroup: "Accompagnement et stages",
    search: { category: "Services", keywords: ["cube", "préparation", "année", "méthode"] },
  }),
  markdownPage("parent", "/parent", "Parent – Accompagnement", {
    search: { category: "Informations", keywords: ["parents", "famille", "accompagnement", "enfant"] },
  }),
  markdownPage("mentions-legales", "/mentions-legales", "Mentions légales"),
  markdownPage("politique-confidentialite", "/politique-confidentialite", "Politique de confidentialité", {
    search: { category: "Informations", keywords: ["confidentialité", "données personnelles", "RGPD", "cookies"] },
  }),
  markdownPage("cgu", "/cgu", "Conditions générales d’utilisation"),
  markdownPage("cgv", "/cgv", "Conditions générales de vente"),
  {
    path: "/login",
    title: "Connexion",
    description: "Connectez-vous à votre espace Tremplin avec votre adresse e-mail ou votre numéro de téléphone.",
    kind: "auth",
    module: "routes/login.tsx",
    noindex: true,
  },
  {
    path: "/login/verification",
    title: "Vérification en deux étapes",
    description: "Saisissez le code de votre application d'authentification pour terminer la connexion.",
    kind: "auth",
    module: "routes/login-verification.tsx",
    noindex: true,
  },
  {
    path: "/login/code",
    title: "Connexion par code",
    description: "Recevez par e-mail un code à 6 chiffres pour vous connecter sans mot de passe.",
    kind: "auth",
    module: "routes/login-code.tsx",
    noindex: true,
  },
  {
    path: "/verifier-email",
    title: "Confirmation de l’adresse e-mail",
    description: "Confirmez l'adresse e-mail de votre compte Tremplin.",
    kind: "auth",
    module: "routes/verify-email.tsx",
    noindex: true,
  },
  {
    path: "/register",
    title: "Inscription",
    description: "Créez votre compte Tremplin gratuit pour suivre votre progression et accéder aux cours.",
    kind: "auth",
    module: "routes/register.tsx",
    noindex: true,
  },
  {
    path: "/mot-de-passe-oublie",
    title: "Mot de passe oublié",
    description: "Recevez par e-mail un lien pour choisir un nouveau mot de passe.",
    kind: "auth",
    module: "routes/forgot-password.tsx",
    noindex: true,
  },
  {
    path: "/reinitialiser-mot-de-passe",
    title: "Nouveau mot de passe",
    description: "Choisissez un nouveau mot de passe pour votre compte Tremplin.",
    kind: "auth",
    module: "routes/reset-password.tsx",
    noindex: true,
  },
  {
    path: "/compte",
    title: "Mon compte",
    description: "Profil, mot de passe, sessions, double authentification et données personnelles.",
    kind: "account",
    module: "routes/account.tsx",
    protected: true,
    noindex: true,
  },
  {
    path: "/dashboard",
    title: "Mon Dashboard",
    description: "Votre progression, vos matières, vos flashcards à revoir et votre activité récente sur Tremplin.",
    kind: "dashboard",
    module: "routes/dashboard.tsx",
    protected: true,
    noindex: true,
  },
  // Teacher space (issue #13): classes and their students; the rest of the space lands with its data.
  {
    path: "/prof/courses",
    title: "Mes Cours",
    description: "Vos classes, leur code d'accès et leurs élèves.",
    kind: "teacher",
    module: "routes/prof-courses.tsx",
    chrome: "teacher",
    noindex: true,
  },
  {
    path: "/prof/courses/:courseId",
    title: "Détails du Cours",
    description: "Le code d'accès et les réglages d'une classe.",
    kind: "teacher",
    module: "routes/prof-course.tsx",
    chrome: "teacher",
    noindex: true,
  },
  {
    path: "/prof/courses/:courseId/students",
    title: "Étudiants du Cours",
    description: "Les élèves d'une classe, leur activité et leur progression.",
    kind: "teacher",
    module: "routes/prof-course-students.tsx",
    chrome: "teacher",
    noindex: true,
  },
  {
    path: "/prof/courses/:courseId/assignment/:assignmentId",
    title: "Gestion Devoir",
    description: "Un devoir : consigne, date limite, barème, copies rendues et notes.",
    kind: "teacher",
    module: "routes/prof-assignment.tsx",
    chrome: "teacher",
    noindex: true,
  },
  {
    path: "/prof/courses/:courseId/grades",
    title: "Notes du Cours",
    description: "Le carnet de notes d'une classe : notes, moyennes pondérées, statistiques, export et import CSV.",
    kind: "teacher",
    module: "routes/prof-grades.tsx",
    chrome: "teacher",
    noindex: true,
  },
  {
    path: "/prof",
    title: "Interface Professeur",
    description: "Votre espace professeur : devoirs de la semaine, copies à corriger, dernières notes et moyennes de vos classes.",
    kind: "teacher",
    module: "routes/prof-home.tsx",
    chrome: "teacher",
    noindex: true,
  },
  {
    path: "/prof/dashboard",
    title: "Dashboard Professeur",
    description: "Votre espace professeur : devoirs de la semaine, copies à corriger, dernières notes et moyennes de vos classes.",
    kind: "teacher",
    module: "routes/prof-home.tsx",
    chrome: "teacher",
    noindex: true,
  },
  {
    path: "/dashboard/devoirs/:assignmentId",
    title: "Devoir",
    description: "La consigne d'un devoir de votre classe, votre travail rendu et votre note.",
    kind: "dashboard",
    module: "routes/dashboard-assignment.tsx",
    protected: true,
    noindex: true,
  },
  {
    path: "/dashboard/classes/:classId",
    title: "Mes notes",
    description: "Vos notes dans une classe, vos moyennes et celles de la classe.",
    kind: "dashboard",
    module: "routes/dashboard-class.tsx",
    protected: true,
    noindex: true,
  },
  // Colles (app/features/colles): the class's groups and colloscope, and a colleur's own slots.
  {
    path: "/prof/courses/:courseId/colles",
    title: "Colles du cours",
    description: "Les groupes de colle d'une classe, son colloscope, le coefficient des colles et les moyennes de colle des élèves.",
    kind: "teacher",
    module: "routes/prof-course-colles.tsx",
    chrome: "teacher",
    noindex: true,
  },
  {
    path: "/prof/colles",
    title: "Mes colles",
    description: "Les colles dont vous êtes le colleur, à venir puis passées, et la saisie de leurs notes.",
    kind: "teacher",
    module: "routes/prof-colles.tsx",
    chrome: "teacher",
    noindex: true,
  },
  // Requests (issue #14): contact, coaching requests, teacher applications, reviews, teachers.
  // ── requests: contact and parent-form ──
  {
    path: "/contact",
    title: "Contact",
    description:
      "Écrire à l'équipe Tremplin\u00a0: une question sur la prépa ECG, un accompagnement, un partenariat. Réponse sous deux jours ouvrés, ou réservez directement un premier cours gratuit.",
    kind: "request",
    module: "routes/contact.tsx",
    search: { category: "Informations", keywords: ["contact", "nous contacter", "écrire", "message", "question", "e-mail", "partenariat"] },
  },
  {
    path: "/parent-form",
    title: "Réserver un accompagnement",
    description:
      "Demander un accompagnement pour votre enfant, de l'école primaire à la prépa ECG\u00a0: matières, besoins, format et disponibilités. Nous vous rappelons sous deux jours ouvrés.",
    kind: "request",
    module: "routes/parent-form.tsx",
    search: { category: "Services", keywords: ["réserver", "accompagnement", "cours particuliers", "parents", "soutien scolaire"] },
  },
  // ── requests: teacher applications, profiles ──
  {
    path: "/professeur",
    title: "Professeur – Candidature",
    description:
      "Enseigner sur Tremplin\u00a0: coaching individuel, stages et corrections pour la prépa ECG et les niveaux primaire à terminale. Envoyez votre candidature avec votre CV.",
    kind: "request",
    module: "routes/teacher-application.tsx",
    search: { category: "Informations", keywords: ["professeur", "candidature", "enseigner", "recrutement", "colleur"] },
  },
  {
    path: "/professeur-dashboard",
    title: "Espace Professeur",
    description: "L'état de votre candidature de professeur et votre profil public sur la page Nos professeurs.",
    kind: "request",
    module: "routes/teacher-dashboard.tsx",
    protected: true,
    noindex: true,
  },
  {
    path: "/nos-profs",
    title: "Nos Professeurs",
    description: "Les professeurs de Tremplin\u00a0: leurs matières, les niveaux qu'ils accompagnent et leur présentation.",
    kind: "request",
    module: "routes/teachers.tsx",
    search: { category: "Informations", keywords: ["professeurs", "profs", "équipe", "enseignants", "coachs"] },
  },
  {
    path: "/admin/candidatures",
    title: "Candidatures",
    description: "Les candidatures de professeurs\u00a0: lecture, CV, acceptation ou refus motivé.",
    kind: "admin",
    module: "routes/admin-applications.tsx",
    protected: true,
    noindex: true,
  },
  {
    path: "/admin/candidatures/:applicationId",
    title: "Candidature",
    description: "Une candidature de professeur\u00a0: les réponses du candidat, son CV et la décision.",
    kind: "admin",
    module: "routes/admin-application.tsx",
    protected: true,
    noindex: true,
  },
  // ── requests: reviews ──
  {
    path: "/avis",
    title: "Avis Superprof",
    description:
      "Les avis laissés sur Tremplin par des élèves et des parents, relus par l'équipe avant publication, avec la note moyenne par matière et par offre.",
    kind: "request",
    module: "routes/reviews.tsx",
    search: { category: "Informations", keywords: ["avis", "témoignages", "notes", "retours d'élèves", "parents"] },
  },
  {
    path: "/admin/avis",
    title: "Avis à modérer",
    description: "La relecture des avis des élèves et des parents avant publication, leur refus motivé et leur retrait.",
    kind: "admin",
    module: "routes/admin-reviews.tsx",
    protected: true,
    noindex: true,
  },
  // ── admin console ──
  {
    path: "/admin",
    title: "Administration",
    description: "Ce qui attend l'équipe\u00a0: demandes, candidatures et avis, et l'activité des dernières semaines.",
    kind: "admin",
    module: "routes/admin-home.tsx",
    protected: true,
    noindex: true,
  },
  {
    path: "/admin/leads",
    title: "Gestion des Leads",
    description: "Les demandes de contact et d'accompagnement\u00a0: filtres, statuts, responsables, réponses et export.",
    kind: "admin",
    module: "routes/admin-leads.tsx",
    protected: true,
    noindex: true,
  },
  {
    path: "/admin/leads/:leadId",
    title: "Demande",
    description: "Une demande de contact ou d'accompagnement\u00a0: réponse par e-mail, statut, responsable et notes internes.",
    kind: "admin",
    module: "routes/admin-lead.tsx",
    protected: true,
    noindex: true,
  },
  // ── admin console: users, journal ──
  {
    path: "/admin/utilisateurs",
    title: "Utilisateurs",
    description: "Rechercher un compte, changer son rôle, ouvrir ou retirer l'accès aux maths, créer des codes d'accès.",
    kind: "admin",
    module: "routes/admin-users.tsx",
    protected: true,
    noindex: true,
  },
  {
    path: "/admin/journal",
    title: "Journal d’administration",
    description: "Les actions des administrateurs, des plus récentes aux plus anciennes\u00a0: qui, quoi, quand, avant et après.",
    kind: "admin",
    module: "routes/admin-journal.tsx",
    protected: true,
    noindex: true,
  },
  // Generators (issue #15): the hub, then one page per tool (app/features/generators/generators.ts).
  {
    path: "/generator",
    title: "Générateurs IA",
    description:
      "Des outils de révision qui travaillent sur les cours de Tremplin\u00a0: flashcards, questions sur la prépa, thème grammatical… Chaque résultat cite les pages d'où il vient.",
    kind: "generator",
    module: "routes/generator-hub.tsx",
    search: { category: "Générateurs", keywords: ["générateurs", "IA", "outils", "révision", "intelligence artificielle"] },
  },
  ...GENERATOR_TOOLS.map((tool): CatalogEntry => ({
    path: tool.path,
    title: tool.title,
    description: tool.summary,
    kind: "generator",
    module: `routes/generator-${tool.slug}.tsx`,
    search: { category: "Générateurs", keywords: [...tool.keywords] },
  })),
  {
    path: "/python-bac-a-sable",
    title: "Bac à sable Python",
    description: "Écrire et exécuter des programmes Python dans le navigateur, avec numpy et matplotlib, comme à l'écrit de la prépa ECG.",
    kind: "sandbox",
    module: "routes/python-sandbox.tsx",
    section: "python",
    search: { category: "Formation", keywords: ["python", "bac à sable", "éditeur", "exécuter", "numpy", "matplotlib"] },
  },
  {
    path: "/acces-restreint",
    title: "Accès restreint",
    description: "Cette section demande une connexion ou un droit d'accès : voici comment l'obtenir.",
    kind: "auth",
    module: "routes/restricted.tsx",
    noindex: true,
  },
  {
    path: "/design-system",
    title: "Design System",
    description: "Le guide de style vivant de Tremplin : couleurs, typographie et composants, en thème clair et sombre.",
    kind: "design-system",
    module: "routes/design-system.tsx",
  },
];

/** The hand-written entries, then one per content file (generated by `npm run content:index`). */
export const catalog: readonly CatalogEntry[] = [
  ...manualCatalog.map((entry) =>
    entry.description || !entry.contentId ? entry : { ...entry, description: listedPageDescriptions[entry.contentId] },
  ),
  ...contentEntries,
];

const byPath = new Map(catalog.map((entry) => [entry.path, entry]));

export function findCatalogEntry(pathname: string): CatalogEntry | undefined {
  return byPath.get(normalizePagePath(pathname));
}

/** Route ids must be unique even when several paths share one module. */
export function routeIdFor(entry: CatalogEntry): string {
  return `page${entry.path === "/" ? "-home" : entry.path.replace(/[^a-z0-9]+/gi, "-")}`;
}
