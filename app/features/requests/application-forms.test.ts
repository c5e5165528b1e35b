import { describe, expect, it } from "vitest";
import { fieldErrors } from "../accounts/schemas";
import {
  APPLICATION_MESSAGES,
  applicationFiltersSchema,
  applicationInput,
  applicationSchema,
  declineMessageSchema,
  defaultDisplayName,
  formatApplicationDate,
  initialsOf,
  keysOf,
  labelsOf,
  teacherProfileSchema,
  teacherProfileValues,
  typedApplicationValues,
} from "./application-forms";
import { LEVELS, PUBLIC_FORM_MESSAGES, SUBJECTS } from "./requests";

const MOTIVATION = "Colleur en ECG depuis quatre ans, j'aime faire progresser les élèves pas à pas.";

function form(fields: Record<string, string | string[]>): FormData {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) formData.append(key, item);
  return formData;
}

const valid = {
  firstName: "  Camille ",
  lastName: "Durand",
  email: " Camille.Durand@Example.com ",
  phone: "06 12 34 56 78",
  subjects: ["anglais", "maths"],
  levels: ["ecg2", "ecg1"],
  diplomas: "ENS Paris-Saclay, agrégation de mathématiques",
  experience: "",
  availability: "Le mercredi après-midi, en ligne.",
  motivation: MOTIVATION,
  consent: "on",
};

const errorsOf = (fields: Record<string, string | string[]>) => {
  const parsed = applicationSchema.safeParse(applicationInput(form(fields)));
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("the teacher application form", () => {
  it("reads a complete form: trimmed, e-mail lowercased, phone in E.164, choices in the lists' order", () => {
    const parsed = applicationSchema.parse(applicationInput(form(valid)));
    expect(parsed).toEqual({
      firstName: "Camille",
      lastName: "Durand",
      email: "camille.durand@example.com",
      phone: "+33612345678",
      subjects: ["maths", "anglais"],
      levels: ["ecg1", "ecg2"],
      diplomas: "ENS Paris-Saclay, agrégation de mathématiques",
      experience: "",
      availability: "Le mercredi après-midi, en ligne.",
      motivation: MOTIVATION,
      consent: "on",
    });
  });

  it("says what is missing, field by field, with the exact messages", () => {
    expect(errorsOf({})).toEqual({
      firstName: "Indiquez votre prénom.",
      lastName: "Indiquez votre nom.",
      email: "Indiquez votre adresse e-mail.",
      phone: "Indiquez votre numéro de téléphone.",
      subjects: "Choisissez au moins une matière.",
      levels: "Choisissez au moins un niveau.",
      diplomas: "Indiquez vos diplômes ou votre formation en cours.",
      motivation: "Présentez votre motivation en 50 caractères au moins.",
      consent: PUBLIC_FORM_MESSAGES.consent,
    });
    expect(APPLICATION_MESSAGES.consent).toBe("Cochez la case pour accepter que nous utilisions ces informations pour vous répondre.");
  });

  it("refuses a wrong e-mail, a wrong phone and choices that are not in the lists", () => {
    expect(errorsOf({ ...valid, email: "camille@", phone: "12", subjects: ["maths", "astrologie"], levels: ["licence"] })).toEqual({
      email: "Adresse e-mail invalide.",
      phone: "Numéro de téléphone invalide (exemple\u00a0: 06 12 34 56 78).",
      subjects: "Choisissez dans la liste proposée.",
      levels: "Choisissez dans la liste proposée.",
    });
  });

  it("holds every text to its bounds", () => {
    const at = (length: number) => "a".repeat(length);
    expect(
      errorsOf({
        ...valid,
        firstName: at(60),
        lastName: at(60),
        diplomas: at(2000),
        experience: at(3000),
        availability: at(1000),
        motivation: at(3000),
      }),
    ).toEqual({});
    expect(
      errorsOf({
        ...valid,
        firstName: at(61),
        lastName: at(61),
        diplomas: at(2001),
        experience: at(3001),
        availability: at(1001),
        motivation: at(3001),
      }),
    ).toEqual({
      firstName: "Le prénom est trop long (60 caractères au plus).",
      lastName: "Le nom est trop long (60 caractères au plus).",
      diplomas: "Ce texte est trop long (2\u00a0000 caractères au plus).",
      experience: "Ce texte est trop long (3\u00a0000 caractères au plus).",
      availability: "Ce texte est trop long (1\u00a0000 caractères au plus).",
      motivation: "Ce texte est trop long (3\u00a0000 caractères au plus).",
    });
    // 50 characters after trimming, not before.
    expect(errorsOf({ ...valid, motivation: `  ${at(49)}  ` })).toEqual({
      motivation: "Présentez votre motivation en 50 caractères au moins.",
    });
    expect(errorsOf({ ...valid, motivation: at(50) })).toEqual({});
  });

  it("needs the consent box ticked", () => {
    expect(errorsOf({ ...valid, consent: "oui" })).toEqual({ consent: PUBLIC_FORM_MESSAGES.consent });
  });

  it("gives back what was typed, bounded, with the boxes ticked", () => {
    const values = typedApplicationValues(form({ ...valid, motivation: "x".repeat(10_000) }));
    expect(values).toMatchObject({ firstName: "  Camille ", subjects: ["anglais", "maths"], levels: ["ecg2", "ecg1"], consent: true });
    expect(values.motivation.length).toBe(3100);
    expect(typedApplicationValues(form({})).consent).toBe(false);
  });

  it("words the CV refusals in French", () => {
    expect(APPLICATION_MESSAGES.cvMissing).toBe("Joignez votre CV au format PDF.");
    expect(APPLICATION_MESSAGES.cvNotPdf("cv.pdf")).toBe(
      "«\u00a0cv.pdf\u00a0» n'est pas un PDF (d'après son contenu)\u00a0: joignez votre CV au format PDF.",
    );
    expect(APPLICATION_MESSAGES.cvTooLarge(10 * 1024 * 1024)).toBe("Votre CV dépasse 10,0\u00a0Mo\u00a0: envoyez un PDF plus léger.");
  });
});

describe("the public teacher profile", () => {
  const profile = { displayName: "Camille D.", subjects: ["maths"], levels: ["ecg1"], bio: "Agrégée, colleuse en ECG.", isPublic: true };

  it("reads the form, the box as a boolean", () => {
    const values = teacherProfileValues(
      form({ displayName: "Camille D.", subjects: ["maths"], levels: ["ecg1"], bio: "Bio", isPublic: "on" }),
    );
    expect(values).toEqual({ displayName: "Camille D.", subjects: ["maths"], levels: ["ecg1"], bio: "Bio", isPublic: true });
    expect(teacherProfileValues(form({})).isPublic).toBe(false);
    expect(teacherProfileSchema.parse(profile)).toEqual(profile);
  });

  it("bounds the name and the presentation, and asks for a presentation before showing the profile", () => {
    const errors = (input: typeof profile) => {
      const parsed = teacherProfileSchema.safeParse(input);
      return parsed.success ? {} : fieldErrors(parsed.error);
    };
    expect(errors({ ...profile, displayName: "C", subjects: [], levels: [], bio: "b".repeat(1201) })).toEqual({
      displayName: "Indiquez le nom affiché (2 caractères au moins).",
      subjects: "Choisissez au moins une matière.",
      levels: "Choisissez au moins un niveau.",
      bio: "La présentation est trop longue (1\u00a0200 caractères au plus).",
    });
    expect(errors({ ...profile, displayName: "d".repeat(81) })).toEqual({
      displayName: "Le nom affiché est trop long (80 caractères au plus).",
    });
    expect(errors({ ...profile, bio: "b".repeat(1200) })).toEqual({});
    expect(errors({ ...profile, bio: "   " })).toEqual({ bio: "Écrivez votre présentation avant d'afficher votre profil." });
    expect(errors({ ...profile, bio: "", isPublic: false })).toEqual({});
  });
});

describe("decisions and the console", () => {
  it("needs a refusal message of 10 to 2 000 characters", () => {
    expect(declineMessageSchema.safeParse("Trop court").success).toBe(true);
    expect(declineMessageSchema.safeParse(" Non merci ").error?.issues[0].message).toBe(
      "Le message est trop court (10 caractères au moins).",
    );
    expect(declineMessageSchema.safeParse("m".repeat(2000)).success).toBe(true);
    expect(declineMessageSchema.safeParse("m".repeat(2001)).error?.issues[0].message).toBe(
      "Le message est trop long (2\u00a0000 caractères au plus).",
    );
  });

  it("reads the status filter, anything unknown meaning all", () => {
    expect(applicationFiltersSchema.parse({ statut: "pending" })).toEqual({ statut: "pending" });
    expect(applicationFiltersSchema.parse({ statut: "' or 1=1" })).toEqual({ statut: undefined });
    expect(applicationFiltersSchema.parse({})).toEqual({});
  });

  it("writes the messages the admin reads", () => {
    expect(APPLICATION_MESSAGES.noAccount("a@example.com")).toBe(
      "Aucun compte n'utilise l'adresse a@example.com\u00a0: demandez au candidat de créer son compte Tremplin avec cette adresse, puis acceptez sa candidature.",
    );
    expect(APPLICATION_MESSAGES.accepted("Camille Durand")).toBe(
      "Candidature de Camille Durand acceptée\u00a0: son compte a maintenant accès à l'espace professeur.",
    );
    expect(APPLICATION_MESSAGES.declined("Camille Durand")).toBe(
      "Candidature de Camille Durand refusée\u00a0: le message lui a été envoyé.",
    );
  });
});

describe("display helpers", () => {
  it("reads stored keys back in the lists' order, dropping unknown ones", () => {
    expect(keysOf("anglais,maths,astrologie", SUBJECTS)).toEqual(["maths", "anglais"]);
    expect(labelsOf("ecg2,primaire", LEVELS)).toEqual(["Primaire", "ECG 2e année"]);
    expect(keysOf("", LEVELS)).toEqual([]);
  });

  it("names a new teacher « Prénom N. » and draws their initials", () => {
    expect(defaultDisplayName(" Camille ", "durand")).toBe("Camille D.");
    expect(defaultDisplayName("Camille", " ")).toBe("Camille");
    expect(initialsOf("Camille D.")).toBe("CD");
    expect(initialsOf("Jean-Baptiste de la Tour")).toBe("JT");
    expect(initialsOf("élodie")).toBe("É");
    expect(initialsOf("  ")).toBe("?");
  });

  it("dates in Paris time", () => {
    expect(formatApplicationDate(new Date("2026-12-31T23:30:00Z"))).toBe("1 janvier 2027");
  });
});
