/** The French messages of e-mail verification and address changes (issue #27), shared by server and pages. */
export const VERIFICATION_MESSAGES = {
  verified: "Adresse e-mail confirmée",
  linkInvalid: "Ce lien de confirmation est invalide ou a expiré. Demandez-en un nouveau depuis la page Mon compte.",
  alreadyVerified: "Votre adresse e-mail est déjà confirmée.",
  sent: (email: string) => `Un e-mail de confirmation vient d'être envoyé à ${email}.`,
  cooldown: (seconds: number) => `Patientez encore ${seconds} ${seconds > 1 ? "secondes" : "seconde"} avant de renvoyer l'e-mail.`,
  classJoin: "Confirmez d'abord votre adresse e-mail pour rejoindre une classe (lien ou code de l'e-mail reçu à l'inscription).",
  review: "Confirmez d'abord votre adresse e-mail pour publier un avis (lien ou code de l'e-mail reçu à l'inscription).",
  changeSent: (email: string) => `Un code vient d'être envoyé à ${email}. Saisissez-le pour confirmer votre nouvelle adresse.`,
  changeSame: "C'est déjà l'adresse de votre compte.",
  changeTaken: "Cette adresse est déjà celle d'un autre compte.",
  changed: "Adresse e-mail modifiée",
} as const;
