/** Lists shared by the public forms (contact, coaching request, teacher application, review) and the admin console. */

export const LEVELS = {
  primaire: "Primaire",
  college: "Collège",
  seconde: "Seconde",
  premiere: "Première",
  terminale: "Terminale",
  ecg1: "ECG 1re année",
  ecg2: "ECG 2e année",
} as const;
export type Level = keyof typeof LEVELS;

/** The subjects a family may ask coaching in, a teacher may teach, a review may be about. */
export const SUBJECTS = {
  maths: "Mathématiques",
  python: "Informatique (Python)",
  anglais: "Anglais",
  espagnol: "Espagnol",
  allemand: "Allemand",
  geopolitique: "Géopolitique (HGG)",
  esh: "ESH",
  "culture-generale": "Culture générale",
  francais: "Français",
  "physique-chimie": "Physique-chimie",
  entretiens: "Entretiens et oraux",
  methodologie: "Méthodologie",
} as const;
export type Subject = keyof typeof SUBJECTS;

export const CONTACT_SUBJECTS = {
  question: "Une question",
  coaching: "Un accompagnement",
  partenariat: "Un partenariat",
  probleme: "Un problème sur le site",
  suggestion: "Une suggestion d'amélioration",
  autre: "Autre chose",
} as const;
export type ContactSubject = keyof typeof CONTACT_SUBJECTS;

export const LEAD_KINDS = { contact: "Contact", parent: "Demande d'accompagnement" } as const;
export type LeadKind = keyof typeof LEAD_KINDS;

/** A lead moves nouveau → en cours → traité or sans suite. */
export const LEAD_STATUSES = {
  nouveau: "Nouveau",
  "en-cours": "En cours",
  traite: "Traité",
  "sans-suite": "Sans suite",
} as const;
export type LeadStatus = keyof typeof LEAD_STATUSES;

export const APPLICATION_STATUSES = { pending: "En attente", accepted: "Acceptée", declined: "Refusée" } as const;
export type ApplicationStatus = keyof typeof APPLICATION_STATUSES;

export const REVIEW_STATUSES = { pending: "En attente de relecture", published: "Publié", rejected: "Refusé" } as const;
export type ReviewStatus = keyof typeof REVIEW_STATUSES;

/** What a review is about: the offers of /nos-offres and the platform itself. */
export const REVIEW_OFFERS = {
  "coaching-individuel": "Coaching individuel",
  "coaching-maths": "Coaching Maths",
  "coaching-python": "Coaching Python",
  "stage-pre-rentree": "Stage de pré-rentrée",
  "organisation-ete": "Organisation de l'été",
  "preparation-cube": "Préparation Cube",
  "sessions-live": "Sessions live gratuites",
  plateforme: "La plateforme en ligne",
} as const;
export type ReviewOffer = keyof typeof REVIEW_OFFERS;

/** The name of the honeypot field every public form carries, hidden from people (see HoneypotField). */
export const HONEYPOT_FIELD = "site_web";

export const PUBLIC_FORM_MESSAGES = {
  /** Shown to a robot that filled the honeypot: the same words as a real refusal, nothing stored. */
  refused: "Votre message n'a pas pu être envoyé. Réessayez dans quelques minutes ou écrivez-nous directement.",
  consent: "Cochez la case pour accepter que nous utilisions ces informations pour vous répondre.",
} as const;
