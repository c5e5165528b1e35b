import { Form, Link, data, useNavigation } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { fieldErrors } from "~/features/accounts/schemas";
import { AdminNav } from "~/features/admin/admin-nav";
import { readFormData } from "~/features/http/request-body.server";
import { REVIEW_STATUSES, type ReviewStatus } from "~/features/requests/requests";
import {
  MODERATION_MESSAGES,
  REJECTION_REASON_MAX,
  REJECTION_REASON_MIN,
  adminReviewQuerySchema,
  formText,
  moderationSchema,
  queryString,
  readQuery,
} from "~/features/requests/review-forms";
import { PENDING_LIMIT } from "~/features/requests/review-forms";
import { type ModeratedReview, loadModerationQueue, moderateReview } from "~/features/requests/reviews.server";
import { Stars } from "~/features/requests/stars";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Toast } from "~/features/toast/toast";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/admin-reviews";

/** /admin/avis: admins only (policy.ts: every /admin page requires admin:users; others are sent to /). */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { entry } = await guardSignedInRoute({ request, pattern });
  const query = readQuery(adminReviewQuerySchema, new URL(request.url).searchParams);
  const queue = await loadModerationQueue(query);
  return { meta: catalogPageMeta(entry), statut: query.statut, ...queue };
}

type ActionResult = {
  intent: string;
  id: string;
  values: { reason: string } | undefined;
  fieldErrors: Record<string, string>;
  message: string | undefined;
  toast: Toast | undefined;
};

/** Approve, reject (with a reason) or unpublish one review; each decision is audited and empties the public cache. */
export async function action({ request, pattern }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const formData = await readFormData(request);
  const raw = {
    intent: formText(formData, "intent", 20),
    id: formText(formData, "id", 40),
    version: formText(formData, "version", 40),
    reason: formText(formData, "reason", REJECTION_REASON_MAX * 2),
  };
  const answer = (status: number, fields: Partial<ActionResult>) =>
    data<ActionResult>(
      { intent: raw.intent, id: raw.id, values: undefined, fieldErrors: {}, message: undefined, toast: undefined, ...fields },
      { status },
    );
  const parsed = moderationSchema.safeParse(raw.intent === "reject" ? raw : { intent: raw.intent, id: raw.id, version: raw.version });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    if (Object.keys(errors).some((key) => key !== "reason"))
      return answer(400, {
        message: MODERATION_MESSAGES.unknownAction,
        toast: { type: "error", title: MODERATION_MESSAGES.unknownAction },
      });
    return answer(400, { values: { reason: raw.reason }, fieldErrors: errors, message: errors.reason });
  }
  const result = await moderateReview(session.user, parsed.data);
  if (!result.ok) {
    const message = result.reason === "not-found" ? MODERATION_MESSAGES.notFound : MODERATION_MESSAGES.changed;
    return answer(result.reason === "not-found" ? 404 : 409, { message, toast: { type: "error", title: message } });
  }
  const toast: Toast =
    parsed.data.intent === "approve"
      ? { type: "success", title: MODERATION_MESSAGES.approved, description: MODERATION_MESSAGES.approvedDescription }
      : parsed.data.intent === "reject"
        ? { type: "success", title: MODERATION_MESSAGES.rejected, description: MODERATION_MESSAGES.rejectedDescription }
        : { type: "success", title: MODERATION_MESSAGES.unpublished, description: MODERATION_MESSAGES.unpublishedDescription };
  return answer(200, { toast });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const STATUS_TONES: Record<ReviewStatus, BadgeTone> = { pending: "accent", published: "success", rejected: "danger" };
const OTHER_STATUSES = { published: "Publiés", rejected: "Refusés" } as const;

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { statut, counts, pending, others, page, pageCount } = loaderData;
  useActionToast(actionData?.toast);
  const pageLink = (target: number) => `/admin/avis${queryString({ statut, page: target > 1 ? target : undefined })}`;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <AdminNav />
      <header className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Avis à modérer</h1>
        <p className="max-w-3xl text-muted-foreground">
          Un avis publié apparaît sur la page des avis et, parmi les trois derniers, sur la page d'accueil. Refuser demande une raison, que
          l'auteur lit sur la page des avis. Retirer un avis publié le remet en attente de relecture&nbsp;: il quitte le site jusqu'à une
          nouvelle décision. Un avis que son auteur modifie repasse lui aussi en attente.
        </p>
      </header>

      <section aria-labelledby="avis-en-attente" className="space-y-4">
        <h2 id="avis-en-attente" className="text-2xl font-bold">
          En attente de relecture ({counts.pending})
        </h2>
        {pending.length === 0 ? (
          <p className="text-muted-foreground">Aucun avis n'attend de relecture.</p>
        ) : (
          <ul className="space-y-4">
            {pending.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} actionData={actionData} />
              </li>
            ))}
          </ul>
        )}
        {counts.pending > pending.length ? (
          <p className="text-sm text-muted-foreground">
            Les {PENDING_LIMIT} plus anciens sont affichés&nbsp;: les suivants apparaîtront une fois ceux-ci traités.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="avis-moderes" className="space-y-4">
        <h2 id="avis-moderes" className="text-2xl font-bold">
          Avis déjà modérés
        </h2>
        <nav aria-label="Statut des avis modérés">
          <ul className="flex flex-wrap gap-4">
            {(Object.keys(OTHER_STATUSES) as (keyof typeof OTHER_STATUSES)[]).map((status) => (
              <li key={status}>
                <Link
                  to={`/admin/avis${queryString({ statut: status === "published" ? undefined : status })}`}
                  aria-current={status === statut ? "page" : undefined}
                  className={
                    status === statut
                      ? "font-semibold text-foreground underline underline-offset-4"
                      : "font-semibold text-primary underline-offset-4 hover:underline"
                  }
                >
                  {OTHER_STATUSES[status]} ({counts[status]})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {others.length === 0 ? (
          <p className="text-muted-foreground">{statut === "published" ? "Aucun avis n'est publié." : "Aucun avis n'a été refusé."}</p>
        ) : (
          <ul className="space-y-4">
            {others.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} actionData={actionData} />
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 ? (
          <nav aria-label="Pages des avis modérés" className="flex flex-wrap items-center justify-between gap-3">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className="font-semibold text-primary underline underline-offset-4">
                Page précédente
              </Link>
            ) : (
              <span />
            )}
            <p className="text-sm text-muted-foreground">
              Page {page} sur {pageCount}
            </p>
            {page < pageCount ? (
              <Link to={pageLink(page + 1)} className="font-semibold text-primary underline underline-offset-4">
                Page suivante
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

function DecisionFields({ review, intent }: { review: ModeratedReview; intent: "approve" | "reject" | "unpublish" }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={review.id} />
      <input type="hidden" name="version" value={review.updatedAt} />
    </>
  );
}

function ReviewCard({ review, actionData }: { review: ModeratedReview; actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === review.id;
  const mine = actionData && actionData.id === review.id ? actionData : undefined;
  const headingId = `avis-${review.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-bold">
            {review.authorName}
          </h3>
          <p className="text-sm text-muted-foreground">{review.authorEmail}</p>
        </div>
        <Badge tone={STATUS_TONES[review.status]}>{REVIEW_STATUSES[review.status]}</Badge>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1">
        <Stars rating={review.rating} />
        <p className="text-sm text-muted-foreground">
          {review.subject} · {review.offer} · reçu le {review.createdOn}
          {review.updatedOn !== review.createdOn ? `, modifié le ${review.updatedOn}` : ""}
        </p>
      </div>
      <p className="mt-3 whitespace-pre-line break-words">{review.text}</p>
      {review.status === "rejected" && review.rejectionReason ? (
        <p className="mt-3 text-sm">
          <span className="font-semibold">Raison du refus&nbsp;:</span>{" "}
          <span className="whitespace-pre-line">{review.rejectionReason}</span>
        </p>
      ) : null}
      {review.moderatedOn && review.moderatorEmail ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Dernière décision le {review.moderatedOn} par {review.moderatorEmail}.
        </p>
      ) : null}
      {mine?.message && !mine.fieldErrors.reason ? (
        <p role="alert" className="mt-3 font-medium text-destructive">
          {mine.message}
        </p>
      ) : null}

      <div className="mt-4 flex flex-col gap-4 border-t border-border pt-4">
        {review.status === "pending" || review.status === "rejected" ? (
          <Form method="post">
            <DecisionFields review={review} intent="approve" />
            <Button type="submit" disabled={busy}>
              Publier
            </Button>
          </Form>
        ) : null}
        {review.status === "published" ? (
          <Form method="post">
            <DecisionFields review={review} intent="unpublish" />
            <Button type="submit" variant="outline" disabled={busy}>
              Retirer du site (remettre en attente)
            </Button>
          </Form>
        ) : null}
        {review.status === "pending" ? (
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <DecisionFields review={review} intent="reject" />
            <Field
              label="Raison du refus"
              hint={`De ${REJECTION_REASON_MIN} à ${REJECTION_REASON_MAX} caractères, montrés à l'auteur de l'avis.`}
              error={mine?.fieldErrors.reason}
            >
              {({ id, describedBy, invalid }) => (
                <Textarea
                  id={id}
                  name="reason"
                  rows={3}
                  maxLength={REJECTION_REASON_MAX}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  defaultValue={mine?.values?.reason ?? ""}
                />
              )}
            </Field>
            <Button type="submit" variant="destructive" className="self-start" disabled={busy}>
              Refuser l'avis
            </Button>
          </Form>
        ) : null}
      </div>
    </article>
  );
}
