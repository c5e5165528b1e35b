import { Form, Link, data } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SelectField, TextField } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import type { Role } from "~/features/accounts/roles";
import { AdminNav } from "~/features/admin/admin-nav";
import {
  MAX_CODE_USES,
  PARIS,
  ROLE_LABELS,
  SEARCH_MAX_LENGTH,
  assignableRoles,
  roleLockedReason,
  userSearchSchema,
} from "~/features/admin/user-forms";
import { SEARCH_LIMIT } from "~/features/admin/user-forms";
import {
  countAccessCodes,
  findUserDetail,
  listAccessCodes,
  runUserAction,
  searchUsers,
  type CodeView,
  type GrantView,
} from "~/features/admin/users.server";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/admin-users";

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const { q, utilisateur } = userSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [users, selected, codes, codeCount] = await Promise.all([
    searchUsers(q),
    utilisateur ? findUserDetail(utilisateur) : Promise.resolve(null),
    listAccessCodes(),
    countAccessCodes(),
  ]);
  const actor = { id: session.user.id, role: session.user.role };
  return {
    meta: catalogPageMeta(findCatalogEntry("/admin/utilisateurs")!),
    query: q,
    users,
    selected: selected
      ? {
          ...selected,
          lockedReason: roleLockedReason(actor, selected),
          roleOptions: Object.fromEntries(assignableRoles(actor.role).map((role) => [role, ROLE_LABELS[role]])),
        }
      : null,
    selectedMissing: Boolean(utilisateur && !selected),
    codes,
    codeCount,
    // The date fields' lower bound: today in Paris, as YYYY-MM-DD.
    today: new Date().toLocaleDateString("en-CA", { timeZone: PARIS }),
  };
}

export async function action({ request, pattern }: Route.ActionArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const formData = await readFormData(request);
  const { status, result } = await runUserAction({ id: session.user.id, email: session.user.email, role: session.user.role }, formData);
  return data(result, { status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const ROLE_TONES: Record<Role, BadgeTone> = { user: "neutral", prof: "accent", admin: "primary", super_admin: "primary" };

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

function panelUrl(query: string, userId?: string) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (userId) params.set("utilisateur", userId);
  const search = params.toString();
  return search ? `?${search}` : "/admin/utilisateurs";
}

function GrantLine({ grant }: { grant: GrantView }) {
  return (
    <>
      {grant.sectionLabel} · {grant.sourceLabel} · {grant.until ? `jusqu'au ${grant.until}` : "sans date de fin"}
    </>
  );
}

const CODE_STATES: Record<CodeView["state"], { label: string; tone: BadgeTone }> = {
  active: { label: "Actif", tone: "success" },
  "used-up": { label: "Épuisé", tone: "neutral" },
  expired: { label: "Expiré", tone: "danger" },
};

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { query, users, selected, selectedMissing, codes, codeCount, today } = loaderData;
  useActionToast(actionData?.toast ?? undefined);
  // A failed form of the open panel: its message, its fields' errors and what was typed.
  const panelFailure = actionData && !actionData.ok && selected && actionData.userId === selected.id ? actionData : null;
  const failureOf = (intent: string) => (panelFailure?.intent === intent ? panelFailure : null);
  const roleFailure = failureOf("role");
  const grantFailure = failureOf("grant-access");
  const revokeFailure = failureOf("revoke-access");
  const codeFailure = actionData && !actionData.ok && actionData.intent === "create-code" ? actionData : null;
  const otherFailure = actionData && !actionData.ok && !panelFailure && !codeFailure ? actionData : null;
  const createdCode = actionData?.ok ? actionData.createdCode : null;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <AdminNav />
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Utilisateurs</h1>
        <p className="text-muted-foreground">
          Trouvez un compte par son nom ou son adresse e-mail pour changer son rôle ou lui ouvrir les chapitres de maths. Chaque changement
          est inscrit au{" "}
          <Link to="/admin/journal" className={linkClass}>
            journal d'administration
          </Link>
          .
        </p>
      </header>

      {otherFailure?.message ? (
        <p role="alert" className="font-medium text-destructive">
          {otherFailure.message}
        </p>
      ) : null}

      <Form method="get" role="search" aria-label="Rechercher un compte" className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextField
            label="Nom ou adresse e-mail"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
          />
        </div>
        <Button type="submit">Rechercher</Button>
        {query ? (
          <Link to="/admin/utilisateurs" className={`${linkClass} inline-flex min-h-11 items-center`}>
            Effacer la recherche
          </Link>
        ) : null}
      </Form>

      {selectedMissing ? <Alert tone="warning" title="Ce compte n'existe pas ou plus." /> : null}

      {selected ? (
        <section aria-labelledby="user-panel-title">
          <Card className="space-y-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 id="user-panel-title" className="text-2xl font-bold">
                  {selected.name}
                </h2>
                <p className="text-muted-foreground">
                  {selected.email} · inscrit le {selected.signedUpOn}
                </p>
              </div>
              <Link to={panelUrl(query)} className={`${linkClass} inline-flex min-h-11 items-center`}>
                Fermer la fiche
              </Link>
            </div>

            <section aria-labelledby="role-title" className="space-y-3">
              <h3 id="role-title" className="text-lg font-semibold">
                Rôle{"\u00a0"}: {ROLE_LABELS[selected.role]}
              </h3>
              {selected.lockedReason ? (
                <p className="text-muted-foreground">{selected.lockedReason}</p>
              ) : (
                <Form method="post" className="flex flex-wrap items-end gap-3" key={`${selected.id}-${selected.role}`}>
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="userId" value={selected.id} />
                  <div className="min-w-56">
                    <SelectField
                      label="Nouveau rôle"
                      name="role"
                      options={selected.roleOptions}
                      defaultValue={roleFailure?.values.role ?? selected.role}
                      error={roleFailure?.fieldErrors.role}
                    />
                  </div>
                  <Button type="submit">Changer le rôle</Button>
                </Form>
              )}
              {roleFailure?.message ? (
                <p role="alert" className="font-medium text-destructive">
                  {roleFailure.message}
                </p>
              ) : null}
            </section>

            <section aria-labelledby="access-title" className="space-y-3">
              <h3 id="access-title" className="text-lg font-semibold">
                Accès aux chapitres de maths
              </h3>
              {selected.role !== "user" ? (
                <p className="text-sm text-muted-foreground">Son rôle lui ouvre déjà les chapitres de maths, sans accès particulier.</p>
              ) : null}
              {selected.mathsThroughClass ? (
                <p className="text-sm text-muted-foreground">
                  Une de ses classes lui ouvre les chapitres de maths tant qu'il en fait partie.
                </p>
              ) : null}
              {selected.grants.length === 0 ? (
                <p>Aucun accès en cours.</p>
              ) : (
                <ul className="divide-y divide-border">
                  {selected.grants.map((grant) => (
                    <li key={grant.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        <GrantLine grant={grant} />
                      </span>
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke-access" />
                        <input type="hidden" name="userId" value={selected.id} />
                        <input type="hidden" name="grantId" value={grant.id} />
                        <Button type="submit" variant="outline" size="sm">
                          Retirer
                          <span className="sr-only"> l'accès {grant.until ? `valable jusqu'au ${grant.until}` : "sans date de fin"}</span>
                        </Button>
                      </Form>
                    </li>
                  ))}
                </ul>
              )}
              {revokeFailure?.message ? (
                <p role="alert" className="font-medium text-destructive">
                  {revokeFailure.message}
                </p>
              ) : null}
              <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
                <input type="hidden" name="intent" value="grant-access" />
                <input type="hidden" name="userId" value={selected.id} />
                <div className="min-w-56">
                  <TextField
                    label="Ouvrir l'accès jusqu'au"
                    name="until"
                    type="date"
                    min={today}
                    required
                    defaultValue={grantFailure?.values.until ?? ""}
                    error={grantFailure?.fieldErrors.until}
                    hint="Ce jour compris, heure de Paris."
                  />
                </div>
                <Button type="submit">Ouvrir l'accès aux maths</Button>
              </Form>
              {grantFailure?.message && !grantFailure.fieldErrors.until ? (
                <p role="alert" className="font-medium text-destructive">
                  {grantFailure.message}
                </p>
              ) : null}
            </section>
          </Card>
        </section>
      ) : null}

      <section aria-labelledby="results-title" className="space-y-3">
        <h2 id="results-title" className="text-xl font-bold">
          {query ? `Comptes trouvés pour «\u00a0${query}\u00a0»` : "Derniers inscrits"}
        </h2>
        {users.length === 0 ? (
          <p>Aucun compte ne correspond à cette recherche.</p>
        ) : (
          <>
            {users.length >= SEARCH_LIMIT ? (
              <p className="text-sm text-muted-foreground">
                Seuls les {SEARCH_LIMIT} comptes les plus récents sont affichés{"\u00a0"}: précisez la recherche pour en trouver d'autres.
              </p>
            ) : null}
            <Card className="overflow-x-auto p-0">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Comptes, du plus récent au plus ancien, avec leur rôle et leurs accès</caption>
                <thead className="border-b border-border bg-muted/50">
                  <tr>
                    <th scope="col" className="p-3">
                      Compte
                    </th>
                    <th scope="col" className="p-3">
                      Rôle
                    </th>
                    <th scope="col" className="p-3">
                      Inscrit le
                    </th>
                    <th scope="col" className="p-3">
                      Accès en cours
                    </th>
                    <th scope="col" className="p-3">
                      <span className="sr-only">Fiche</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((row) => (
                    <tr
                      key={row.id}
                      className="border-b border-border last:border-0"
                      aria-current={row.id === selected?.id ? "true" : undefined}
                    >
                      <td className="p-3">
                        <div className="font-semibold">{row.name}</div>
                        <div className="break-all text-muted-foreground">{row.email}</div>
                      </td>
                      <td className="p-3">
                        <Badge tone={ROLE_TONES[row.role]}>{ROLE_LABELS[row.role]}</Badge>
                      </td>
                      <td className="p-3 whitespace-nowrap">{row.signedUpOn}</td>
                      <td className="p-3">
                        {row.grants.length === 0 ? (
                          <span className="text-muted-foreground">Aucun</span>
                        ) : (
                          <ul className="space-y-1">
                            {row.grants.map((grant) => (
                              <li key={grant.id}>
                                <GrantLine grant={grant} />
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td className="p-3">
                        <Link to={panelUrl(query, row.id)} className={`${linkClass} inline-flex min-h-11 items-center`}>
                          Gérer<span className="sr-only"> le compte {row.email}</span>
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          </>
        )}
      </section>

      <section aria-labelledby="codes-title" className="space-y-4">
        <h2 id="codes-title" className="text-xl font-bold">
          Codes d'accès aux maths
        </h2>
        <p className="text-muted-foreground">
          Un code ouvre les chapitres de maths à chaque compte qui le saisit, jusqu'à épuisement de ses utilisations. Il n'est affiché
          qu'une fois, à sa création{"\u00a0"}: Tremplin n'en garde qu'une empreinte.
        </p>
        {createdCode ? (
          <Alert tone="success" title="Code d'accès créé">
            <p>
              <strong className="font-mono text-lg" data-testid="created-code">
                {createdCode.code}
              </strong>
            </p>
            <p>
              Maths, {createdCode.uses} utilisation{createdCode.uses > 1 ? "s" : ""}
              {createdCode.until ? `, valable jusqu'au ${createdCode.until}` : ", sans date de fin"}. Notez-le maintenant{"\u00a0"}: il ne
              sera plus affiché.
            </p>
          </Alert>
        ) : null}
        <Card className="p-5">
          <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="intent" value="create-code" />
            <div className="w-48">
              <TextField
                label="Nombre d'utilisations"
                name="uses"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_CODE_USES}
                required
                defaultValue={codeFailure?.values.uses ?? "30"}
                error={codeFailure?.fieldErrors.uses}
              />
            </div>
            <div className="w-56">
              <TextField
                label="Valable jusqu'au (facultatif)"
                name="until"
                type="date"
                min={today}
                defaultValue={codeFailure?.values.until ?? ""}
                error={codeFailure?.fieldErrors.until}
              />
            </div>
            <Button type="submit">Créer un code</Button>
          </Form>
          {codeFailure?.message && Object.keys(codeFailure.fieldErrors).length === 0 ? (
            <p role="alert" className="mt-3 font-medium text-destructive">
              {codeFailure.message}
            </p>
          ) : null}
        </Card>
        {codes.length === 0 ? (
          <p>Aucun code d'accès pour l'instant.</p>
        ) : (
          <Card className="overflow-x-auto p-0">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {codeCount > codes.length
                  ? `Les ${codes.length} codes les plus récents sur ${codeCount}`
                  : "Codes d'accès, du plus récent au plus ancien"}
              </caption>
              <thead className="border-b border-border bg-muted/50">
                <tr>
                  <th scope="col" className="p-3">
                    Créé le
                  </th>
                  <th scope="col" className="p-3">
                    Par
                  </th>
                  <th scope="col" className="p-3">
                    Section
                  </th>
                  <th scope="col" className="p-3">
                    Utilisations
                  </th>
                  <th scope="col" className="p-3">
                    Valable jusqu'au
                  </th>
                  <th scope="col" className="p-3">
                    État
                  </th>
                </tr>
              </thead>
              <tbody>
                {codes.map((code) => (
                  <tr key={code.id} className="border-b border-border last:border-0">
                    <td className="p-3 whitespace-nowrap">{code.createdOn}</td>
                    <td className="p-3 break-all">{code.createdBy ?? "Ligne de commande ou compte supprimé"}</td>
                    <td className="p-3">{code.sectionLabel}</td>
                    <td className="p-3">
                      {code.uses} / {code.maxUses}
                    </td>
                    <td className="p-3 whitespace-nowrap">{code.until ?? "Sans date de fin"}</td>
                    <td className="p-3">
                      <Badge tone={CODE_STATES[code.state].tone}>{CODE_STATES[code.state].label}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
        {codeCount > codes.length ? (
          <p className="text-sm text-muted-foreground">
            Les {codes.length} codes les plus récents sur {codeCount}.
          </p>
        ) : null}
      </section>
    </div>
  );
}
