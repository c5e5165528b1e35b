import { Form, Link, data, useNavigation } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, SelectField, Textarea } from "~/components/ui/field";
import { guardRoute, guardSignedInRoute } from "~/features/access/guards.server";
import { fieldErrors } from "~/features/accounts/schemas";
import { readFormData } from "~/features/http/request-body.server";
import { HoneypotField } from "~/features/requests/honeypot-field";
import { checkPublicForm } from "~/features/requests/public-form.server";
import { REVIEW_OFFERS, REVIEW_STATUSES, type ReviewStatus, SUBJECTS } from "~/features/requests/requests";
import {
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  type ReviewFormValues,
  formText,
  formatAverage,
  publicReviewQuerySchema,
  queryString,
  readQuery,
  reviewCountLabel,
  reviewFormValues,
  reviewSchema,
} from "~/features/requests/review-forms";
import { deleteOwnReview, findOwnReview, loadPublicReviews, saveOwnReview } from "~/features/requests/reviews.server";
import { RatingFieldset, Stars } from "~/features/requests/stars";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Toast } from "~/features/toast/toast";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/reviews";
import { UnverifiedNotice } from "~/features/accounts/unverified-notice";
import { VERIFICATION_MESSAGES } from "~/features/accounts/verification-messages";

/*
 * /avis shows the signed-in user their own review. No header is needed for that to stay private: a request
 * that carries the session cookie is answered `Cache-Control: private, no-store` by
 * server/private-responses.ts, and the anonymous HTML cache (server/html-cache.ts) neither stores nor
 * serves such requests. Visitors without a cookie get the shared page, cached until a moderation
 * decision announces a change.
 */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry, session } = await guardRoute({ request, pattern });
  const query = readQuery(publicReviewQuerySchema, new URL(request.url).searchParams);
  const [listing, own] = await Promise.all([loadPublicReviews(query), session ? findOwnReview(session.user.id) : null]);
  return {
    meta: catalogPageMeta(entry),
    filters: { matiere: query.matiere ?? "", offre: query.offre ?? "" },
    ...listing,
    viewer: session ? { own, emailVerified: session.user.emailVerified } : null,
  };
}

type ActionResult = {
  intent: string;
  values: ReviewFormValues | undefined;
  fieldErrors: Record<string, string>;
  message: string | undefined;
  toast: Toast | undefined;
};

function refused(intent: string, status: number, fields: Partial<ActionResult>) {
  return data<ActionResult>({ intent, values: undefined, fieldErrors: {}, message: undefined, toast: undefined, ...fields }, { status });
}

function done(intent: string, toast: Toast): ActionResult {
  return { intent, values: undefined, fieldErrors: {}, message: undefined, toast };
}

/** The signed-in user's own review: saved or deleted. The row is always the caller's: no id is read from the form. */
export async function action({ request, pattern, context }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const formData = await readFormData(request);
  const intent = formText(formData, "intent", 20);
  if (intent === "delete") {
    if (!(await deleteOwnReview(session.user.id))) {
      return refused(intent, 404, {
        message: REVIEW_MESSAGES.nothingToDelete,
        toast: { type: "error", title: REVIEW_MESSAGES.nothingToDelete },
      });
    }
    return done(intent, { type: "success", title: REVIEW_MESSAGES.deleted });
  }
  if (intent !== "save") return refused(intent, 400, { message: REVIEW_MESSAGES.unknownAction });
  if (!session.user.emailVerified)
    return refused(intent, 403, {
      values: reviewFormValues(formData),
      message: VERIFICATION_MESSAGES.review,
      toast: { type: "error", title: VERIFICATION_MESSAGES.review },
    });

  const values = reviewFormValues(formData);
  const parsed = reviewSchema.safeParse(values);
  if (!parsed.success) {
    return refused(intent, 400, { values, fieldErrors: fieldErrors(parsed.error), message: REVIEW_MESSAGES.checkFields });
  }
  const refusal = await checkPublicForm(formData, { form: "review", clientIp: context.clientIp, email: session.user.email });
  if (refusal) return refused(intent, 400, { values, message: refusal, toast: { type: "error", title: refusal } });

  const saved = await saveOwnReview(session.user, parsed.data);
  if (saved.outcome === "unchanged") return done(intent, { type: "info", title: REVIEW_MESSAGES.unchanged });
  return done(
    intent,
    saved.outcome === "created"
      ? { type: "success", title: REVIEW_MESSAGES.created, description: REVIEW_MESSAGES.createdDescription }
      : { type: "success", title: REVIEW_MESSAGES.updated, description: REVIEW_MESSAGES.updatedDescription },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

const STATUS_TONES: Record<ReviewStatus, BadgeTone> = { pending: "accent", published: "success", rejected: "danger" };
const EMPTY_VALUES: ReviewFormValues = { rating: "", subject: "", offer: "", text: "" };

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, reviews, count, average, page, pageCount, publishedCount, jsonLd, viewer } = loaderData;
  useActionToast(actionData?.toast);
  const filtering = Boolean(filters.matiere || filters.offre);
  const pageLink = (target: number) =>
    `/avis${queryString({ matiere: filters.matiere, offre: filters.offre, page: target > 1 ? target : undefined })}`;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Les avis sur Tremplin</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Ces avis sont laissés sur Tremplin par des élèves et des parents connectés à leur compte, et relus par l'équipe avant leur
          publication.
        </p>
      </header>

      {publishedCount > 0 ? (
        <section
          aria-labelledby="note-moyenne"
          className="mt-8 grid gap-6 rounded-2xl border border-border bg-card p-6 md:grid-cols-[auto_1fr]"
        >
          <div>
            <h2 id="note-moyenne" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              {filtering ? "Note moyenne des avis filtrés" : "Note moyenne"}
            </h2>
            {average !== null ? (
              <div className="mt-2 flex items-center gap-4">
                <p className="text-5xl font-extrabold" data-testid="average-rating">
                  {formatAverage(average)}
                </p>
                <div>
                  <Stars rating={average} size="lg" label={null} />
                  <p className="text-sm text-muted-foreground">sur 5</p>
                  <p className="font-semibold" data-testid="review-count">
                    {reviewCountLabel(count)}
                  </p>
                </div>
              </div>
            ) : (
              <p className="mt-2">Aucun avis publié pour ces filtres.</p>
            )}
          </div>
          <Form
            method="get"
            key={`${filters.matiere}|${filters.offre}`}
            aria-label="Filtrer les avis"
            className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          >
            <SelectField
              label="Filtrer par matière"
              name="matiere"
              options={SUBJECTS}
              placeholder="Toutes les matières"
              defaultValue={filters.matiere}
            />
            <SelectField
              label="Filtrer par offre"
              name="offre"
              options={REVIEW_OFFERS}
              placeholder="Toutes les offres"
              defaultValue={filters.offre}
            />
            <Button type="submit" variant="outline">
              Filtrer
            </Button>
            {filtering ? (
              <Link to="/avis" className="text-sm font-semibold text-primary underline underline-offset-4 sm:col-span-3">
                Voir tous les avis
              </Link>
            ) : null}
          </Form>
        </section>
      ) : null}

      <OwnReviewSection viewer={viewer} actionData={actionData} />

      <section aria-labelledby="avis-publies" className="mt-10">
        <h2 id="avis-publies" className="text-2xl font-bold tracking-tight">
          Avis publiés
        </h2>
        {publishedCount === 0 ? (
          <p className="mt-4 text-muted-foreground">
            Aucun avis n'a encore été publié. Les premiers paraîtront ici dès que l'équipe les aura relus.
          </p>
        ) : reviews.length === 0 ? (
          <p className="mt-4 text-muted-foreground">
            Aucun avis publié ne correspond à ces filtres.{" "}
            <Link to="/avis" className="font-semibold text-primary underline underline-offset-4">
              Voir tous les avis
            </Link>
          </p>
        ) : (
          <ul className="mt-6 space-y-4">
            {reviews.map((review) => (
              <li key={review.id}>
                <article className="rounded-2xl border border-border bg-card p-6">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Stars rating={review.rating} />
                    <p className="text-sm text-muted-foreground">Publié le {review.date}</p>
                  </div>
                  <p className="mt-3 whitespace-pre-line break-words">{review.text}</p>
                  <p className="mt-4 text-sm">
                    <span className="font-semibold">{review.author}</span>
                    <span className="text-muted-foreground">
                      {" "}
                      · {review.subject} · {review.offer}
                    </span>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 ? (
          <nav aria-label="Pages des avis" className="mt-6 flex flex-wrap items-center justify-between gap-3">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} rel="prev" className="font-semibold text-primary underline underline-offset-4">
                Page précédente
              </Link>
            ) : (
              <span />
            )}
            <p className="text-sm text-muted-foreground">
              Page {page} sur {pageCount}
            </p>
            {page < pageCount ? (
              <Link to={pageLink(page + 1)} rel="next" className="font-semibold text-primary underline underline-offset-4">
                Page suivante
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>

      {/* Data, not code: it runs nowhere, and its JSON escapes `<`, so no text can close the element. */}
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function OwnReviewSection({ viewer, actionData }: { viewer: LoaderData["viewer"]; actionData: Route.ComponentProps["actionData"] }) {
  if (!viewer) {
    return (
      <Card className="mt-10">
        <h2 id="mon-avis" className="text-xl font-bold">
          Donner votre avis
        </h2>
        <p className="mt-2 text-muted-foreground">
          Vous avez suivi un accompagnement Tremplin ou travaillé sur la plateforme&nbsp;? Connectez-vous pour laisser un avis&nbsp;:
          l'équipe le relit avant de le publier.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <ButtonLink to="/login?next=/avis">Se connecter pour donner mon avis</ButtonLink>
          <Link to="/register?next=/avis" className="font-semibold text-primary underline underline-offset-4">
            Créer un compte
          </Link>
        </div>
      </Card>
    );
  }
  const own = viewer.own;
  const saveFailed = actionData?.intent === "save" && actionData.values !== undefined ? actionData : undefined;
  const deleteFailed = actionData?.intent === "delete" && actionData.message ? actionData.message : undefined;
  if (!own) {
    return (
      <Card className="mt-10">
        <h2 id="mon-avis" className="text-xl font-bold">
          Donner votre avis
        </h2>
        <p className="mt-2 text-muted-foreground">
          Votre avis aide d'autres élèves et d'autres parents à choisir. L'équipe le relit avant de le publier&nbsp;; seuls votre prénom et
          l'initiale de votre nom apparaissent, jamais votre adresse e-mail.
        </p>
        {viewer.emailVerified ? null : (
          <div className="mt-4">
            <UnverifiedNotice text={VERIFICATION_MESSAGES.review} />
          </div>
        )}
        <div className="mt-6">
          <ReviewForm
            defaults={saveFailed?.values ?? EMPTY_VALUES}
            errors={saveFailed?.fieldErrors ?? {}}
            message={saveFailed?.message}
            submitLabel="Envoyer mon avis"
          />
        </div>
      </Card>
    );
  }
  return (
    <Card className="mt-10" key={own.updatedAt}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mon-avis" className="text-xl font-bold">
          Votre avis
        </h2>
        <Badge tone={STATUS_TONES[own.status]}>{REVIEW_STATUSES[own.status]}</Badge>
      </div>
      {own.status === "pending" ? (
        <p className="mt-2 text-muted-foreground">L'équipe le relit avant de le publier. Vous pouvez encore le modifier.</p>
      ) : own.status === "published" ? (
        <p className="mt-2 text-muted-foreground">
          Il est visible sur cette page. Si vous le modifiez, il repasse en relecture avant d'être publié de nouveau.
        </p>
      ) : (
        <div className="mt-3 rounded-xl border-l-4 border border-destructive/50 bg-destructive-soft p-4">
          <p className="font-semibold">L'équipe ne l'a pas publié. Raison donnée&nbsp;:</p>
          <p className="mt-1 whitespace-pre-line break-words" data-testid="rejection-reason">
            {own.rejectionReason}
          </p>
          <p className="mt-2 text-sm">Vous pouvez le modifier&nbsp;: il repassera en relecture.</p>
        </div>
      )}
      <div className="mt-4 rounded-xl bg-muted/60 p-4">
        <Stars rating={own.rating} />
        <p className="mt-2 whitespace-pre-line break-words">{own.text}</p>
        <p className="mt-2 text-sm text-muted-foreground">
          {SUBJECTS[own.subject]} · {REVIEW_OFFERS[own.offer]} · écrit ou modifié le {own.updatedOn}
        </p>
      </div>
      <details className="mt-4" open={saveFailed ? true : undefined}>
        <summary className="cursor-pointer font-semibold text-primary">Modifier mon avis</summary>
        <div className="mt-4">
          <ReviewForm
            defaults={saveFailed?.values ?? { rating: String(own.rating), subject: own.subject, offer: own.offer, text: own.text }}
            errors={saveFailed?.fieldErrors ?? {}}
            message={saveFailed?.message}
            submitLabel="Enregistrer les modifications"
          />
        </div>
      </details>
      <details className="mt-3" open={deleteFailed ? true : undefined}>
        <summary className="cursor-pointer font-semibold text-destructive">Supprimer mon avis</summary>
        <Form method="post" className="mt-3 flex flex-col items-start gap-3">
          <input type="hidden" name="intent" value="delete" />
          {deleteFailed ? (
            <p role="alert" className="font-medium text-destructive">
              {deleteFailed}
            </p>
          ) : null}
          <p>
            Supprimer définitivement votre avis&nbsp;?{own.status === "published" ? " Il disparaîtra aussitôt du site." : ""} Vous pourrez
            en écrire un autre ensuite.
          </p>
          <Button type="submit" variant="destructive" size="sm">
            Confirmer la suppression
          </Button>
        </Form>
      </details>
    </Card>
  );
}

function ReviewForm({
  defaults,
  errors,
  message,
  submitLabel,
}: {
  defaults: ReviewFormValues;
  errors: Record<string, string>;
  message: string | undefined;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" className="flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value="save" />
      {message ? (
        <p role="alert" className="font-medium text-destructive">
          {message}
        </p>
      ) : null}
      <RatingFieldset name="rating" defaultValue={defaults.rating} error={errors.rating} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Matière"
          name="subject"
          options={SUBJECTS}
          placeholder="Choisir une matière"
          defaultValue={defaults.subject}
          error={errors.subject}
        />
        <SelectField
          label="Offre concernée"
          name="offer"
          options={REVIEW_OFFERS}
          placeholder="Choisir une offre"
          defaultValue={defaults.offer}
          error={errors.offer}
        />
      </div>
      <Field
        label="Votre avis"
        hint={`De ${REVIEW_TEXT_MIN} à 2\u00a0000 caractères. Dites ce qui vous a aidé, et ce qui pourrait être mieux.`}
        error={errors.text}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            name="text"
            rows={6}
            maxLength={REVIEW_TEXT_MAX}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            defaultValue={defaults.text}
          />
        )}
      </Field>
      <HoneypotField />
      <Button type="submit" className="self-start" disabled={submitting}>
        {submitting ? "Envoi en cours..." : submitLabel}
      </Button>
    </Form>
  );
}
