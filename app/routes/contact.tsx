import { Form, Link, data, useNavigation } from "react-router";
import { CHAT_PREFILLED_MESSAGE, messagingHref } from "~/components/layout/constants";
import { FormError } from "~/components/layout/auth-card";
import { Button, ButtonLink, ExternalButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, SelectField, TextField, Textarea } from "~/components/ui/field";
import { getConfig } from "~/config.server";
import { guardRoute } from "~/features/access/guards.server";
import { fieldErrors } from "~/features/accounts/schemas";
import { readFormData } from "~/features/http/request-body.server";
import { ConsentCheckbox } from "~/features/requests/consent-checkbox";
import { HoneypotField } from "~/features/requests/honeypot-field";
import { type ContactValues, LEAD_LIMITS, LEAD_MESSAGES, contactSchema, contactValues } from "~/features/requests/lead-forms";
import { createContactLead } from "~/features/requests/leads.server";
import { checkPublicForm } from "~/features/requests/public-form.server";
import { CONTACT_SUBJECTS, type ContactSubject } from "~/features/requests/requests";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Route } from "./+types/contact";

/*
 * A signed-in visitor finds their name and e-mail already filled in. No header is needed for that to stay
 * private: a request carrying the session cookie is answered `Cache-Control: private, no-store`
 * (server/private-responses.ts) and the anonymous HTML cache neither stores nor serves it; a visitor
 * without a cookie gets the page with empty fields.
 */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, session } = await guardRoute({ request, pattern });
  const { publicLinks, legal } = getConfig();
  return {
    meta: catalogPageMeta(entry),
    prefill: { name: session?.user.firstName ?? "", email: session?.user.email ?? "", subject: subjectFromQuery(request) },
    signedIn: Boolean(session),
    links: {
      booking: publicLinks.bookingUrl,
      messaging: messagingHref(publicLinks.messagingUrl, CHAT_PREFILLED_MESSAGE),
      email: legal.contactEmail ?? null,
    },
  };
}

/** `?objet=suggestion` (the footer's invitation) chooses the subject; anything else chooses nothing. */
function subjectFromQuery(request: Request): ContactSubject | "" {
  const wanted = new URL(request.url).searchParams.get("objet") ?? "";
  return Object.hasOwn(CONTACT_SUBJECTS, wanted) ? (wanted as ContactSubject) : "";
}

export async function action({ request, pattern, context }: Route.ActionArgs) {
  const { session } = await guardRoute({ request, pattern });
  const formData = await readFormData(request);
  const values = contactValues(formData);
  const refuse = (message: string, errors: Record<string, string> = {}) =>
    data({ sent: false as const, values, fieldErrors: errors, message }, { status: 400 });
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) return refuse(LEAD_MESSAGES.checkFields, fieldErrors(parsed.error));
  const refusal = await checkPublicForm(formData, { form: "contact", clientIp: context.clientIp, email: parsed.data.email });
  if (refusal) return refuse(refusal);
  await createContactLead(parsed.data, session?.user.id ?? null);
  return { sent: true as const, name: parsed.data.name, email: parsed.data.email };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { prefill, signedIn, links } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="max-w-3xl space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Nous contacter</h1>
        <p className="text-lg text-muted-foreground">
          Une question sur la prépa ECG, sur nos cours ou sur le site, une idée de partenariat&nbsp;? Écrivez-nous&nbsp;: l'équipe vous
          répond sous deux jours ouvrés.
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {actionData?.sent ? (
          <Card className="space-y-3 self-start" role="status">
            <h2 className="text-2xl font-bold">{LEAD_MESSAGES.contactSent}</h2>
            <p>Merci {actionData.name}&nbsp;! Nous avons bien reçu votre message et nous vous répondons sous deux jours ouvrés.</p>
            <p>
              Une copie de votre message a été envoyée à <strong>{actionData.email}</strong>.
            </p>
            <ButtonLink to="/" variant="outline" className="mt-2">
              Retour à l'accueil
            </ButtonLink>
          </Card>
        ) : (
          <ContactForm
            key={signedIn ? "signed-in" : "visitor"}
            values={actionData?.values}
            errors={actionData?.fieldErrors ?? {}}
            message={actionData?.message}
            prefill={prefill}
          />
        )}

        <aside aria-labelledby="autres-moyens" className="space-y-6">
          <h2 id="autres-moyens" className="text-xl font-bold">
            Autres moyens de nous joindre
          </h2>
          <div className="space-y-2">
            <p className="font-semibold">Faire le point avec un professeur</p>
            <p className="text-sm text-muted-foreground">
              Le premier cours est gratuit et sans engagement&nbsp;: choisissez directement un créneau.
            </p>
            <ExternalButtonLink href={links.booking}>Réserver un premier cours gratuit</ExternalButtonLink>
          </div>
          <div className="space-y-2">
            <p className="font-semibold">Par messagerie</p>
            <p className="text-sm">
              <a
                href={links.messaging}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-primary underline underline-offset-4"
              >
                Nous écrire sur la messagerie
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </p>
          </div>
          {links.email ? (
            <div className="space-y-2">
              <p className="font-semibold">Par e-mail</p>
              <p className="text-sm">
                <a href={`mailto:${links.email}`} className="font-semibold text-primary underline underline-offset-4">
                  {links.email}
                </a>
              </p>
            </div>
          ) : null}
          <div className="space-y-2">
            <p className="font-semibold">Pour votre enfant</p>
            <p className="text-sm text-muted-foreground">
              Décrivez ses besoins, ses matières et vos disponibilités&nbsp;: nous vous rappelons pour organiser l'accompagnement.
            </p>
            <Link to="/parent-form" className="text-sm font-semibold text-primary underline underline-offset-4">
              Réserver un accompagnement
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

function ContactForm({
  values,
  errors,
  message,
  prefill,
}: {
  values: ContactValues | undefined;
  errors: Record<string, string>;
  message: string | undefined;
  prefill: { name: string; email: string; subject: string };
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  return (
    <section aria-labelledby="ecrire">
      <Card>
        <h2 id="ecrire" className="mb-1 text-2xl font-bold">
          Écrire à l'équipe
        </h2>
        <p className="mb-6 text-sm text-muted-foreground">Tous les champs sont obligatoires, sauf ceux marqués facultatifs.</p>
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <FormError message={message} />
          <HoneypotField />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Votre nom"
              name="name"
              autoComplete="name"
              maxLength={LEAD_LIMITS.name}
              defaultValue={values?.name ?? prefill.name}
              error={errors.name}
              required
            />
            <TextField
              label="Adresse e-mail"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={LEAD_LIMITS.email}
              defaultValue={values?.email ?? prefill.email}
              error={errors.email}
              required
            />
            <TextField
              label="Téléphone (facultatif)"
              hint="Si vous préférez être rappelé."
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={LEAD_LIMITS.phone}
              defaultValue={values?.phone ?? ""}
              error={errors.phone}
            />
            <SelectField
              label="Objet"
              name="subject"
              options={CONTACT_SUBJECTS}
              placeholder="Choisir…"
              defaultValue={values?.subject ?? prefill.subject}
              error={errors.subject}
              required
            />
          </div>
          <Field label="Votre message" hint={"De 10 à 5\u00a0000 caractères."} error={errors.message}>
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="message"
                rows={7}
                maxLength={LEAD_LIMITS.message}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                defaultValue={values?.message ?? ""}
                required
              />
            )}
          </Field>
          <ConsentCheckbox purpose="pour répondre à mon message" checked={values?.consent ?? false} error={errors.consent} />
          <Button type="submit" size="lg" className="self-start" disabled={submitting}>
            {submitting ? "Envoi en cours..." : "Envoyer le message"}
          </Button>
        </Form>
      </Card>
    </section>
  );
}
