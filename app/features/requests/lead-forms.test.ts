import { describe, expect, it } from "vitest";
import { displayPhone } from "../accounts/phone";
import { fieldErrors } from "../accounts/schemas";
import {
  type ContactValues,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  type ParentValues,
  contactSchema,
  contactValues,
  parentSchema,
  parentValues,
} from "./lead-forms";
import { PUBLIC_FORM_MESSAGES } from "./requests";

const contact: ContactValues = {
  name: "Claire Martin",
  email: "Claire.Martin@Example.com ",
  phone: "",
  subject: "question",
  message: "Bonjour, proposez-vous des colles blanches en maths approfondies\u00a0?",
  consent: true,
};

const parent: ParentValues = {
  name: "Sophie Durand",
  email: "sophie.durand@example.com",
  phone: "06 12 34 56 78",
  relation: "parent",
  studentFirstName: "Léo",
  level: "ecg1",
  school: "Lycée du Parc",
  subjects: ["python", "maths"],
  needs: "Léo décroche en probabilités depuis la rentrée.",
  format: "en-ligne",
  availability: "Le mercredi après-midi",
  preference: "rappel",
  teacherId: "",
  consent: true,
};

/** The French message the schema gives each field, as the page shows them. */
function errorsOf(result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }): Record<string, string> {
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
}

describe("the contact form", () => {
  it("accepts a valid form: e-mail lowercased, message trimmed, no phone → null", () => {
    const parsed = contactSchema.parse({ ...contact, message: `  ${contact.message}\r\n` });
    expect(parsed).toEqual({
      name: "Claire Martin",
      email: "claire.martin@example.com",
      phone: null,
      subject: "question",
      message: contact.message,
      consent: true,
    });
  });

  it("keeps French and international phone numbers in E.164", () => {
    expect(contactSchema.parse({ ...contact, phone: "06 12 34 56 78" }).phone).toBe("+33612345678");
    expect(contactSchema.parse({ ...contact, phone: "0033 6 12 34 56 78" }).phone).toBe("+33612345678");
    expect(contactSchema.parse({ ...contact, phone: "+32 470 12 34 56" }).phone).toBe("+32470123456");
    expect(errorsOf(contactSchema.safeParse({ ...contact, phone: "12 34" }))).toEqual({ phone: LEAD_MESSAGES.phoneInvalid });
    expect(errorsOf(contactSchema.safeParse({ ...contact, phone: "06 12 34 56 78 ".repeat(5) }))).toEqual({
      phone: LEAD_MESSAGES.phoneInvalid,
    });
  });

  it("refuses each kind of bad input with its message", () => {
    expect(errorsOf(contactSchema.safeParse({ ...contact, name: "  " }))).toEqual({ name: "Indiquez votre nom." });
    expect(errorsOf(contactSchema.safeParse({ ...contact, name: "x".repeat(LEAD_LIMITS.name + 1) }))).toEqual({
      name: "Le nom est trop long (80 caractères au plus).",
    });
    expect(errorsOf(contactSchema.safeParse({ ...contact, email: "" }))).toEqual({ email: "Indiquez votre adresse e-mail." });
    expect(errorsOf(contactSchema.safeParse({ ...contact, email: "claire@" }))).toEqual({ email: "Adresse e-mail invalide." });
    expect(errorsOf(contactSchema.safeParse({ ...contact, email: `${"a".repeat(250)}@example.com` }))).toEqual({
      email: "Adresse e-mail invalide.",
    });
    expect(errorsOf(contactSchema.safeParse({ ...contact, subject: "" }))).toEqual({ subject: "Choisissez l'objet de votre message." });
    expect(errorsOf(contactSchema.safeParse({ ...contact, subject: "devis" }))).toEqual({
      subject: "Choisissez l'objet de votre message.",
    });
    expect(errorsOf(contactSchema.safeParse({ ...contact, message: " \n " }))).toEqual({ message: "Écrivez votre message." });
    expect(errorsOf(contactSchema.safeParse({ ...contact, message: "Bonjour !" }))).toEqual({
      message: "Votre message est trop court (10 caractères au moins).",
    });
    expect(errorsOf(contactSchema.safeParse({ ...contact, consent: false }))).toEqual({
      consent: "Cochez la case pour accepter que nous utilisions ces informations pour vous répondre.",
    });
    expect(LEAD_MESSAGES.consent).toBe(PUBLIC_FORM_MESSAGES.consent);
  });

  it("bounds the message at 5 000 characters, Windows line breaks counting as one", () => {
    expect(contactSchema.safeParse({ ...contact, message: "a".repeat(LEAD_LIMITS.message) }).success).toBe(true);
    expect(contactSchema.safeParse({ ...contact, message: "ab\r\n".repeat(LEAD_LIMITS.message / 3 - 1) }).success).toBe(true);
    expect(errorsOf(contactSchema.safeParse({ ...contact, message: "a".repeat(LEAD_LIMITS.message + 1) }))).toEqual({
      message: "Votre message est trop long (5\u00a0000 caractères au plus).",
    });
  });

  it("reads the form as sent, bounded, the consent as a box", () => {
    const form = new FormData();
    form.set("name", "Claire");
    form.set("message", "m".repeat(20_000));
    form.set("consent", "on");
    const values = contactValues(form);
    expect(values).toMatchObject({ name: "Claire", email: "", phone: "", subject: "", consent: true });
    expect(values.message.length).toBe(LEAD_LIMITS.message + 100);
    expect(contactValues(new FormData()).consent).toBe(false);
  });
});

describe("the coaching request", () => {
  it("accepts a valid form: subjects in the list's order, phone in E.164, no teacher when called back", () => {
    expect(parentSchema.parse({ ...parent, teacherId: "ignored-when-called-back" })).toEqual({
      ...parent,
      phone: "+33612345678",
      subjects: ["maths", "python"],
      teacherId: null,
    });
  });

  it("keeps the chosen teacher when the family picks one", () => {
    const parsed = parentSchema.parse({ ...parent, preference: "professeur", teacherId: "Qz3-teacher_01" });
    expect(parsed.teacherId).toBe("Qz3-teacher_01");
  });

  it("leaves the school and availability optional", () => {
    const parsed = parentSchema.parse({ ...parent, school: " ", availability: "" });
    expect(parsed).toMatchObject({ school: "", availability: "" });
  });

  it("refuses each kind of bad input with its message", () => {
    const cases: [Partial<ParentValues>, Record<string, string>][] = [
      [{ phone: "" }, { phone: "Indiquez un numéro de téléphone pour que nous puissions vous rappeler." }],
      [
        { phone: "0612" },
        { phone: "Numéro de téléphone invalide (exemple\u00a0: 06 12 34 56 78, ou +32 470 12 34 56 depuis l'étranger)." },
      ],
      [{ relation: "voisin" }, { relation: "Indiquez qui remplit cette demande." }],
      [{ studentFirstName: "" }, { studentFirstName: "Indiquez le prénom de l'élève." }],
      [{ studentFirstName: "L".repeat(61) }, { studentFirstName: "Le prénom de l'élève est trop long (60 caractères au plus)." }],
      [{ level: "" }, { level: "Choisissez le niveau de l'élève." }],
      [{ school: "L".repeat(121) }, { school: "Le nom de l'établissement est trop long (120 caractères au plus)." }],
      [{ subjects: [] }, { subjects: "Choisissez au moins une matière." }],
      [{ subjects: ["maths", "latin"] }, { subjects: "Choisissez dans la liste proposée." }],
      [{ needs: "" }, { needs: "Décrivez les besoins de l'élève." }],
      [{ needs: "Maths." }, { needs: "Décrivez les besoins de l'élève en 10 caractères au moins." }],
      [{ needs: "n".repeat(3001) }, { needs: "Ce texte est trop long (3\u00a0000 caractères au plus)." }],
      [{ format: "" }, { format: "Choisissez le format de l'accompagnement." }],
      [{ availability: "a".repeat(501) }, { availability: "Ce texte est trop long (500 caractères au plus)." }],
      [{ preference: "" }, { preference: "Indiquez si vous préférez être rappelé ou choisir un professeur." }],
      [{ preference: "professeur", teacherId: "" }, { teacherId: "Choisissez un professeur dans la liste." }],
      [
        { preference: "professeur", teacherId: "../admin" },
        {
          teacherId:
            "Ce professeur n'est plus proposé sur Tremplin\u00a0: choisissez-en un autre dans la liste, ou demandez à être rappelé.",
        },
      ],
      [{ consent: false }, { consent: PUBLIC_FORM_MESSAGES.consent }],
    ];
    for (const [change, expected] of cases)
      expect(errorsOf(parentSchema.safeParse({ ...parent, ...change })), JSON.stringify(change)).toEqual(expected);
  });

  it("gives every error at once", () => {
    const errors = errorsOf(parentSchema.safeParse({ ...parent, name: "", subjects: [], preference: "professeur", consent: false }));
    expect(Object.keys(errors).sort()).toEqual(["consent", "name", "subjects", "teacherId"]);
  });

  it("reads the form as sent: the boxes as a list, bounded", () => {
    const form = new FormData();
    form.append("subjects", "maths");
    form.append("subjects", "anglais");
    for (let index = 0; index < 100; index++) form.append("subjects", "x".repeat(100));
    form.set("needs", "n".repeat(10_000));
    form.set("teacherId", "t".repeat(500));
    const values = parentValues(form);
    expect(values.subjects.slice(0, 2)).toEqual(["maths", "anglais"]);
    expect(values.subjects).toHaveLength(40);
    expect(values.subjects[2]).toHaveLength(40);
    expect(values.needs).toHaveLength(LEAD_LIMITS.needs + 100);
    expect(values.teacherId.length).toBeLessThanOrEqual(LEAD_LIMITS.teacherId + 100);
    expect(values).toMatchObject({ name: "", preference: "", consent: false });
  });
});

describe("displayPhone", () => {
  it("writes French numbers the French way and others internationally", () => {
    expect(displayPhone("+33612345678")).toBe("06 12 34 56 78");
    expect(displayPhone("+32470123456")).toBe("+32 470 12 34 56");
  });
});
