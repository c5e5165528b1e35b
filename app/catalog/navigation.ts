import { hasPage } from "./site-pages";

export interface NavLink {
  path: string;
  label: string;
}
export interface NavGroup {
  heading?: string;
  links: NavLink[];
}
export interface NavMenu {
  label: string;
  groups: NavGroup[];
}

/**
 * The links of platform-core §2 "Header links". A link is shown only once its page is in the
 * catalogue, so the navigation never points at a 404.
 */
const headerMenuSpec: NavMenu[] = [
  {
    label: "Formations",
    groups: [
      {
        heading: "Matières",
        links: [
          { path: "/formation/maths", label: "Mathématiques" },
          { path: "/formation", label: "Python" },
          { path: "/formation/anglais", label: "Anglais" },
          { path: "/formation/espagnol", label: "Espagnol" },
          { path: "/formation/allemand", label: "Allemand" },
          { path: "/formation/geopolitique", label: "Géopolitique" },
          { path: "/formation/esh", label: "ESH" },
          { path: "/formations", label: "Toutes nos formations" },
        ],
      },
      {
        heading: "Oraux et outils",
        links: [
          { path: "/methodologie/entretiens-personnalite", label: "Entretiens de personnalité" },
          { path: "/entretien-inverse-gem", label: "Entretien inversé GEM" },
          { path: "/cv-projectif", label: "CV projectif" },
          { path: "/generator", label: "Générateurs IA" },
        ],
      },
      {
        heading: "Offres",
        links: [
          { path: "/nos-offres", label: "Nos offres" },
          { path: "/stage-accompagnement", label: "Stages et accompagnement" },
          { path: "/offres/pre-rentree", label: "Stage de pré-entrée" },
          { path: "/coaching", label: "Coaching individuel" },
          { path: "/offre/gratuite", label: "Sessions live gratuites" },
        ],
      },
    ],
  },
  {
    label: "Niveau",
    groups: [
      {
        links: [
          { path: "/articles/primaire", label: "Primaire" },
          { path: "/articles/college", label: "Collège" },
          { path: "/articles/lycee", label: "Lycée" },
          { path: "/articles/prepa-ecg", label: "Prépa ECG" },
          { path: "/articles", label: "Tous les articles" },
        ],
      },
    ],
  },
  {
    label: "Contact",
    groups: [
      {
        links: [
          { path: "/contact", label: "Nous contacter" },
          { path: "/parent", label: "Espace parents" },
          { path: "/professeur", label: "Devenir professeur" },
          { path: "/nos-profs", label: "Nos professeurs" },
          { path: "/avis", label: "Avis des élèves" },
          { path: "/apropos", label: "À propos" },
        ],
      },
    ],
  },
];

const footerColumnSpec: NavMenu[] = [
  {
    label: "Formations",
    groups: [
      {
        links: [
          { path: "/formations", label: "Toutes nos formations" },
          { path: "/formation/maths", label: "Mathématiques" },
          { path: "/formation", label: "Python" },
          { path: "/formation/anglais", label: "Anglais" },
          { path: "/formation/geopolitique", label: "Géopolitique" },
          { path: "/formation/esh", label: "ESH" },
          { path: "/generator", label: "Générateurs IA" },
        ],
      },
    ],
  },
  {
    label: "Offres",
    groups: [
      {
        links: [
          { path: "/nos-offres", label: "Nos offres" },
          { path: "/offre/gratuite", label: "Sessions live gratuites" },
          { path: "/offre/coaching-maths", label: "Coaching maths" },
          { path: "/offre/coaching-python", label: "Coaching Python" },
          { path: "/offre/preparation-cube", label: "Préparation Cube" },
          { path: "/offre/organisation-ete", label: "Organisation de l'été" },
        ],
      },
    ],
  },
  {
    label: "Accompagnement",
    groups: [
      {
        links: [
          { path: "/coaching", label: "Coaching individuel" },
          { path: "/stage-accompagnement", label: "Stages et accompagnement" },
          { path: "/offres/pre-rentree", label: "Stage de pré-entrée" },
          { path: "/parent", label: "Espace parents" },
          { path: "/parent-form", label: "Réserver un accompagnement" },
          { path: "/nos-profs", label: "Nos professeurs" },
          { path: "/professeur", label: "Devenir professeur" },
        ],
      },
    ],
  },
  {
    label: "Tremplin",
    groups: [
      {
        links: [
          { path: "/apropos", label: "À propos" },
          { path: "/partners", label: "Partenaires" },
          { path: "/avis", label: "Avis des élèves" },
          { path: "/contact", label: "Contact" },
          { path: "/design-system", label: "Design system" },
        ],
      },
    ],
  },
];

export const legalLinks: NavLink[] = [
  { path: "/mentions-legales", label: "Mentions légales" },
  { path: "/politique-confidentialite", label: "Confidentialité" },
  { path: "/cgu", label: "CGU" },
  { path: "/cgv", label: "CGV" },
].filter((link) => hasPage(link.path));

function keepExistingPages(menus: NavMenu[]): NavMenu[] {
  return menus
    .map((menu) => ({
      ...menu,
      groups: menu.groups
        .map((group) => ({ ...group, links: group.links.filter((link) => hasPage(link.path)) }))
        .filter((group) => group.links.length > 0),
    }))
    .filter((menu) => menu.groups.length > 0);
}

export const headerMenus = keepExistingPages(headerMenuSpec);
export const footerColumns = keepExistingPages(footerColumnSpec);
