import { Form, Link, data, redirect, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { FormError } from "~/components/layout/auth-card";
import { ButtonLink } from "~/components/ui/button";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { redeemAccessCode } from "~/features/access/grants.server";
import { permissionsOf } from "~/features/access/guards.server";
import { safeNext } from "~/features/access/next";
import { RATE_RULES, RateLimitedError, hit } from "~/features/accounts/rate-limit.server";
import { accessCodeSchema, fieldErrors } from "~/features/accounts/schemas";
import { getCurrentSession } from "~/features/accounts/session.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { toastHeader } from "~/features/toast/toast.server";
import type { Route } from "./+types/restricted";
import { readFormData } from "~/features/http/request-body.server";

function readQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const section = params.get("section") === "maths" ? ("maths" as const) : params.get("section") === "python" ? ("python" as const) : null;
  return { section, next: safeNext(params.get("next")) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { section, next } = readQuery(request);
  const session = await getCurrentSession(request);
  const can = await permissionsOf(request);
  const hasAccess = session && section ? await can(section === "maths" ? "read:content:maths" : "read:content:python") : false;
  return { meta: catalogPageMeta(findCatalogEntry("/acces-restreint")!), section, next, signedIn: Boolean(session), hasAccess };
}

/** Redeems a maths access code for the signed-in user, then returns to `next`. */
export async function action({ request }: Route.ActionArgs) {
  const { next } = readQuery(request);
  const session = await getCurrentSession(request);
  if (!session) throw redirect(`/login?next=${encodeURIComponent(`/acces-restreint?next=${encodeURIComponent(next)}&section=maths`)}`);
  const formData = await readFormData(request);
  const code = String(formData.get("code") ?? "");
  const parsed = accessCodeSchema.safeParse({ code });
  if (!parsed.success) return data({ code, fieldErrors: fieldErrors(parsed.error), message: undefined }, { status: 400 });
  try {
    await hit(`access-code:account:${session.user.id}`, RATE_RULES.accessCodeAccount);
  } catch (error) {
    if (error instanceof RateLimitedError) return data({ code, fieldErrors: {}, message: error.message }, { status: 429 });
    throw error;
  }
  const result = await redeemAccessCode(session.user.id, parsed.data.code);
  if (!result.ok) return data({ code, fieldErrors: { code: result.message }, message: undefined }, { status: 400 });
  return redirect(next, {
    headers: {
      "Set-Cookie": await toastHeader({
        type: "success",
        title: "Accès débloqué",
        description: "Les chapitres de mathématiques vous sont ouverts.",
      }),
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

const SECTION_TEXT = {
  python: {
    title: "La formation Python est réservée aux membres",
    why: "Les cours, exercices et quiz de Python sont ouverts à tous les élèves qui ont un compte Tremplin. La création d'un compte est gratuite.",
  },
  maths: {
    title: "Les chapitres de mathématiques demandent un droit d'accès",
    why: "Les cours, exercices, flashcards et quiz des chapitres de mathématiques sont ouverts aux élèves qui disposent d'un droit d'accès : un code remis par Tremplin ou par votre professeur, ou l'inscription dans une classe qui l'inclut. Les chapitres libres et les pages de présentation restent ouverts à tous.",
  },
} as const;

export default function Restricted({ loaderData, actionData }: Route.ComponentProps) {
  const { section, next, signedIn, hasAccess } = loaderData;
  const navigation = useNavigation();
  const text = section
    ? SECTION_TEXT[section]
    : { title: "Cette page demande une connexion", why: "Connectez-vous ou créez un compte gratuit pour continuer." };
  const query = `?next=${encodeURIComponent(section === "maths" ? `/acces-restreint?next=${encodeURIComponent(next)}&section=maths` : next)}`;
  return (
    <div className="mx-auto max-w-2xl px-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Accès restreint</h1>
      <div className="mt-6 rounded-2xl border border-border bg-card p-6 shadow-sm">
        <h2 className="text-xl font-bold">{text.title}</h2>
        <p className="mt-2 text-muted-foreground">{text.why}</p>
        {hasAccess ? (
          <div className="mt-6">
            <p>Votre compte a déjà accès à cette section.</p>
            <ButtonLink to={next} className="mt-3">
              Continuer
            </ButtonLink>
          </div>
        ) : !signedIn ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to={`/login${query}`}>Se connecter</ButtonLink>
            <ButtonLink to={`/register${query}`} variant="outline">
              Créer un compte gratuit
            </ButtonLink>
          </div>
        ) : section === "maths" ? (
          <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
            <FormError message={actionData?.message} />
            <Field
              label="Code d'accès"
              hint="Exemple : ABCD-EFGH-JKLM (majuscules et tirets facultatifs)."
              error={(actionData?.fieldErrors as Record<string, string> | undefined)?.code}
            >
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  name="code"
                  autoComplete="off"
                  defaultValue={actionData?.code}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                />
              )}
            </Field>
            <Button type="submit" className="self-start" disabled={navigation.state !== "idle"}>
              Débloquer l'accès
            </Button>
          </Form>
        ) : null}
        {/* Only the maths section takes an access code: Python needs an account, nothing more. */}
        {section === "maths" && !hasAccess ? (
          <p className="mt-6 text-sm text-muted-foreground">
            Pas de code&nbsp;? Un premier cours gratuit permet d'en parler&nbsp;:{" "}
            <Link to="/nos-offres" className="underline underline-offset-4">
              voir nos offres
            </Link>
            .
          </p>
        ) : null}
      </div>
    </div>
  );
}
