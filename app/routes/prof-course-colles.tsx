import { Form, Link, data, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { FormError } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox, Select, TextField, SelectField } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { fieldErrors } from "~/features/accounts/schemas";
import { requireClassTeacher } from "~/features/classes/class-guards.server";
import { TeacherBreadcrumb } from "~/features/classes/teacher-breadcrumb";
import {
  COLLE_MESSAGES,
  COLLE_NAME_MAX,
  COLLE_ROOM_MAX,
  WEEKDAYS,
  type Weekday,
  coefficientSchema,
  colleMeans,
  formatMean,
  formatWeek,
  groupIdSchema,
  groupSchema,
  mondayOf,
  ofName,
  moveStudentSchema,
  renameGroupSchema,
  slotIdSchema,
  slotSchema,
} from "~/features/colles/colles";
import {
  addColleSlot,
  createColleGroup,
  deleteColleGroup,
  deleteColleSlot,
  findColleur,
  formColleGroupsAutomatically,
  listClassColleMarks,
  listClassSlots,
  listColleGroups,
  listColleStudents,
  moveColleStudent,
  renameColleGroup,
  setColleCoefficient,
} from "~/features/colles/colles.server";
import { PERIODS, PERIOD_KEYS, type Period, formatPoints } from "~/features/grades/marks";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Toast } from "~/features/toast/toast";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/prof-course-colles";

export async function loader({ request, pattern, params }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const coefficient = classRecord.colleCoefficient;
  const [students, groups, slots, marks] = await Promise.all([
    listColleStudents(classRecord.id),
    listColleGroups(classRecord.id),
    listClassSlots(classRecord.id),
    listClassColleMarks(classRecord.id),
  ]);
  const groupName = new Map(groups.map((group) => [group.id, group.name]));
  const usedPeriods = PERIOD_KEYS.filter((period) => slots.some((slot) => slot.period === period));
  return {
    meta: { ...catalogPageMeta(findCatalogEntry("/prof/courses/:courseId/colles")!), title: `Colles — ${classRecord.name}` },
    classRecord: { id: classRecord.id, name: classRecord.name },
    students: students.map((student) => ({ ...student, groupName: student.groupId ? (groupName.get(student.groupId) ?? null) : null })),
    groups,
    slots: slots.map((slot) => ({ ...slot, week: formatWeek(slot.weekStart), day: WEEKDAYS[slot.weekday as Weekday] })),
    coefficient: formatPoints(coefficient),
    counted: coefficient > 0,
    periods: usedPeriods,
    summary: students.map((student) => ({
      studentId: student.studentId,
      name: student.name,
      means: colleMeans(marks.filter((mark) => mark.studentId === student.studentId)),
      marks: marks.filter((mark) => mark.studentId === student.studentId).length,
    })),
    slotDefaults: {
      weekStart: mondayOf(new Date()),
      weekday: "1",
      startTime: "",
      room: "",
      colleurEmail: session.user.email,
      groupId: "",
      period: slots.at(-1)?.period ?? "t1",
    },
  };
}

type Intent =
  "create-group" | "auto-groups" | "rename-group" | "delete-group" | "move-student" | "add-slot" | "delete-slot" | "coefficient";

interface ActionData {
  intent: Intent | "";
  /** The group, student or slot an error is about. */
  target?: string;
  values?: Record<string, string | string[]>;
  fieldErrors: Record<string, string>;
  message?: string;
  toast?: Toast;
}

const text = (formData: FormData, key: string, max = 200) => String(formData.get(key) ?? "").slice(0, max);

export async function action({ request, pattern, params }: Route.ActionArgs) {
  await guardSignedInRoute({ request, pattern });
  const { classRecord } = await requireClassTeacher(request, params.courseId);
  const formData = await readFormData(request);
  const intent = text(formData, "intent", 40) as Intent;
  const classId = classRecord.id;
  const done = (title: string, description?: string): ActionData => ({
    intent,
    fieldErrors: {},
    toast: { type: "success", title, description },
  });
  const fail = (failure: Omit<ActionData, "intent" | "fieldErrors"> & { fieldErrors?: Record<string, string> }, status = 400) =>
    data<ActionData>({ intent, fieldErrors: {}, ...failure }, { status });

  switch (intent) {
    case "create-group": {
      const values = { name: text(formData, "name"), members: formData.getAll("members").map(String).slice(0, 200) };
      const parsed = groupSchema.safeParse({ name: formData.get("name") ?? "", members: formData.getAll("members").map(String) });
      if (!parsed.success) return fail({ values, fieldErrors: fieldErrors(parsed.error), message: COLLE_MESSAGES.checkFields });
      const created = await createColleGroup(classId, parsed.data);
      if (!created.ok) return fail({ values, fieldErrors: { [created.field]: created.message }, message: COLLE_MESSAGES.checkFields });
      return done(COLLE_MESSAGES.groupCreated(created.name));
    }
    case "auto-groups": {
      const formed = await formColleGroupsAutomatically(classId);
      if (formed.groups === 0) return fail({ message: COLLE_MESSAGES.nobodyToGroup });
      return done(COLLE_MESSAGES.groupsFormed(formed.groups, formed.students));
    }
    case "rename-group": {
      const target = text(formData, "groupId", 100);
      const values = { name: text(formData, "name") };
      const parsed = renameGroupSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return fail({ target, values, fieldErrors: fieldErrors(parsed.error), message: COLLE_MESSAGES.checkFields });
      const renamed = await renameColleGroup(classId, parsed.data.groupId, parsed.data.name);
      if (renamed === "not-found") return fail({ target, values, message: COLLE_MESSAGES.groupNotFound }, 404);
      if (renamed === "taken") return fail({ target, values, fieldErrors: { name: COLLE_MESSAGES.groupNameTaken } });
      return done(COLLE_MESSAGES.groupRenamed(parsed.data.name));
    }
    case "delete-group": {
      const target = text(formData, "groupId", 100);
      const parsed = groupIdSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return fail({ target, message: COLLE_MESSAGES.groupNotFound }, 404);
      const deleted = await deleteColleGroup(classId, parsed.data.groupId);
      if (!deleted.ok) return fail({ target, message: deleted.message }, deleted.message === COLLE_MESSAGES.groupNotFound ? 404 : 400);
      return done(COLLE_MESSAGES.groupDeleted(deleted.name));
    }
    case "move-student": {
      const target = text(formData, "studentId", 100);
      const parsed = moveStudentSchema.safeParse({ studentId: formData.get("studentId") ?? "", groupId: formData.get("groupId") ?? "" });
      if (!parsed.success) return fail({ target, message: parsed.error.issues[0].message });
      const moved = await moveColleStudent(classId, parsed.data.studentId, parsed.data.groupId || null);
      if (!moved.ok) return fail({ target, message: moved.message }, 404);
      return done(COLLE_MESSAGES.studentMoved(moved.student, moved.group));
    }
    case "add-slot": {
      const values = Object.fromEntries(
        ["weekStart", "weekday", "startTime", "room", "colleurEmail", "groupId", "period"].map((key) => [key, text(formData, key)]),
      );
      const parsed = slotSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return fail({ values, fieldErrors: fieldErrors(parsed.error), message: COLLE_MESSAGES.checkFields });
      const colleur = await findColleur(parsed.data.colleurEmail);
      if (!colleur.ok) return fail({ values, fieldErrors: { colleurEmail: colleur.message }, message: COLLE_MESSAGES.checkFields });
      const { colleurEmail: _email, ...slot } = parsed.data;
      const added = await addColleSlot(classId, { ...slot, colleurId: colleur.id });
      if (!added.ok) return fail({ values, fieldErrors: { groupId: added.message }, message: COLLE_MESSAGES.checkFields });
      return done(COLLE_MESSAGES.slotAdded);
    }
    case "delete-slot": {
      const parsed = slotIdSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success || !(await deleteColleSlot(classId, parsed.data.slotId)))
        return fail({ message: COLLE_MESSAGES.slotNotFound }, 404);
      return done(COLLE_MESSAGES.slotDeleted);
    }
    case "coefficient": {
      const values = { coefficient: text(formData, "coefficient", 40) };
      const parsed = coefficientSchema.safeParse({ coefficient: formData.get("coefficient") ?? "" });
      if (!parsed.success) return fail({ values, fieldErrors: fieldErrors(parsed.error), message: COLLE_MESSAGES.checkFields });
      await setColleCoefficient(classId, parsed.data.coefficient);
      return done(COLLE_MESSAGES.coefficientSaved, parsed.data.coefficient === 0 ? COLLE_MESSAGES.notCounted : undefined);
    }
    default:
      return fail({ message: COLLE_MESSAGES.unknownAction });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

export default function ProfCourseColles({ loaderData, actionData }: Route.ComponentProps) {
  const { classRecord, students, groups, slots, coefficient, counted, periods, summary, slotDefaults } = loaderData;
  const result = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useActionToast(result?.toast);
  const failed = (intent: Intent, target?: string) =>
    result && !result.toast && result.intent === intent && (target === undefined || result.target === target) ? result : undefined;
  const createFailed = failed("create-group");
  const createValues = createFailed?.values as { name: string; members: string[] } | undefined;
  const slotFailed = failed("add-slot");
  const slotValues = (slotFailed?.values ?? slotDefaults) as Record<string, string>;
  const coefficientFailed = failed("coefficient");
  const ungrouped = students.filter((student) => student.groupId === null).length;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <TeacherBreadcrumb
        trail={[
          { to: "/prof/courses", label: "Mes cours" },
          { to: `/prof/courses/${classRecord.id}`, label: classRecord.name },
        ]}
        current="Colles"
      />
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Colles — {classRecord.name}</h1>
        <p className="mt-2 text-muted-foreground">
          Les groupes de colle (trinômes), le colloscope et les notes de colle de la classe. Chaque colleur note ses colles depuis{" "}
          <Link to="/prof/colles" className={linkClass}>
            Mes colles
          </Link>
          .
        </p>
      </header>

      {/* ── Groups ── */}
      <section aria-labelledby="groupes" className="space-y-4">
        <h2 id="groupes" className="text-2xl font-bold">
          Groupes de colle
        </h2>
        {students.length === 0 ? (
          <p className="text-muted-foreground">Aucun élève n'a encore rejoint la classe&nbsp;: les groupes se forment avec ses élèves.</p>
        ) : (
          <Card className="space-y-3 p-6">
            <h3 className="text-lg font-bold">Former les trinômes automatiquement</h3>
            <p className="text-muted-foreground">
              Les élèves qui ne sont dans aucun groupe ({ungrouped} sur {students.length}) sont répartis par ordre alphabétique en groupes
              de trois. S'il reste un élève, il rejoint le dernier groupe&nbsp;; s'il en reste deux, ils forment un binôme.
            </p>
            <FormError message={failed("auto-groups")?.message} />
            {ungrouped > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="auto-groups" />
                <Button type="submit" disabled={busy}>
                  Former les trinômes automatiquement
                </Button>
              </Form>
            ) : (
              <p className="font-medium">Tous les élèves de la classe sont dans un groupe.</p>
            )}
          </Card>
        )}

        {groups.length > 0 ? (
          <ul className="grid gap-4 md:grid-cols-2">
            {groups.map((group) => {
              const renameFailed = failed("rename-group", group.id);
              const deleteFailed = failed("delete-group", group.id);
              return (
                <li key={group.id}>
                  <Card className="flex h-full flex-col gap-3 p-5">
                    <h3 className="text-lg font-bold">{group.name}</h3>
                    {group.members.length === 0 ? (
                      <p className="text-muted-foreground">Aucun élève dans ce groupe.</p>
                    ) : (
                      <ul className="list-disc pl-5">
                        {group.members.map((member) => (
                          <li key={member.studentId}>{member.name}</li>
                        ))}
                      </ul>
                    )}
                    <p className="text-sm text-muted-foreground">
                      {group.slots === 0 ? "Aucune colle au colloscope" : `${group.slots} colle${group.slots > 1 ? "s" : ""} au colloscope`}
                    </p>
                    <details open={Boolean(renameFailed)}>
                      <summary className="cursor-pointer font-semibold text-primary">Renommer</summary>
                      <Form key={group.name} method="post" className="mt-2 flex flex-col gap-2" noValidate>
                        <input type="hidden" name="intent" value="rename-group" />
                        <input type="hidden" name="groupId" value={group.id} />
                        <FormError message={renameFailed?.fieldErrors.name ? undefined : renameFailed?.message} />
                        <TextField
                          label={`Nouveau nom du groupe «\u00a0${group.name}\u00a0»`}
                          name="name"
                          defaultValue={(renameFailed?.values?.name as string | undefined) ?? group.name}
                          maxLength={COLLE_NAME_MAX}
                          required
                          error={renameFailed?.fieldErrors.name}
                        />
                        <Button type="submit" size="sm" variant="outline" className="self-start" disabled={busy}>
                          Renommer le groupe
                        </Button>
                      </Form>
                    </details>
                    <details open={Boolean(deleteFailed)}>
                      <summary className="cursor-pointer font-semibold text-destructive">Supprimer</summary>
                      <Form method="post" className="mt-2 flex flex-col gap-2">
                        <input type="hidden" name="intent" value="delete-group" />
                        <input type="hidden" name="groupId" value={group.id} />
                        <FormError message={deleteFailed?.message} />
                        <p>Supprimer le groupe «&nbsp;{group.name}&nbsp;»&nbsp;? Ses élèves ne seront plus dans aucun groupe.</p>
                        <Button type="submit" variant="destructive" size="sm" className="self-start" disabled={busy}>
                          Confirmer la suppression
                        </Button>
                      </Form>
                    </details>
                  </Card>
                </li>
              );
            })}
          </ul>
        ) : null}

        {students.length > 0 ? (
          <Card className="p-6">
            <h3 className="mb-4 text-lg font-bold">Créer un groupe</h3>
            <Form key={`groups-${groups.length}`} method="post" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="create-group" />
              <FormError message={createFailed?.message} />
              <TextField
                label="Nom du groupe"
                name="name"
                defaultValue={createValues?.name ?? ""}
                maxLength={COLLE_NAME_MAX}
                required
                error={createFailed?.fieldErrors.name}
                hint={"Par exemple\u00a0: Groupe 1, ou Trinôme A."}
              />
              <fieldset
                className="flex flex-col gap-1"
                aria-describedby={createFailed?.fieldErrors.members ? "membres-erreur" : undefined}
                aria-invalid={Boolean(createFailed?.fieldErrors.members)}
              >
                <legend className="text-sm font-semibold">Membres</legend>
                <div className="grid gap-x-6 sm:grid-cols-2">
                  {students.map((student) => (
                    <Checkbox
                      key={student.studentId}
                      name="members"
                      value={student.studentId}
                      defaultChecked={createValues?.members.includes(student.studentId) ?? false}
                      label={student.groupName ? `${student.name} (${student.groupName})` : student.name}
                    />
                  ))}
                </div>
                {createFailed?.fieldErrors.members ? (
                  <p id="membres-erreur" className="text-sm font-medium text-destructive">
                    {createFailed.fieldErrors.members}
                  </p>
                ) : null}
              </fieldset>
              <Button type="submit" className="self-start" disabled={busy}>
                Créer le groupe
              </Button>
            </Form>
          </Card>
        ) : null}

        {students.length > 0 ? (
          <Card className="overflow-x-auto p-0">
            <table className="w-full text-left text-sm">
              <caption className="p-3 text-left text-lg font-bold">Élèves et groupes</caption>
              <thead className="border-b border-border bg-muted/50">
                <tr>
                  <th scope="col" className="p-3">
                    Élève
                  </th>
                  <th scope="col" className="p-3">
                    Groupe
                  </th>
                  <th scope="col" className="p-3">
                    Changer de groupe
                  </th>
                </tr>
              </thead>
              <tbody>
                {students.map((student) => {
                  const moveFailed = failed("move-student", student.studentId);
                  const selectId = `groupe-${student.studentId}`;
                  return (
                    <tr key={student.studentId} className="border-b border-border last:border-0">
                      <th scope="row" className="p-3 font-normal">
                        <div className="font-semibold">{student.name}</div>
                        <div className="text-muted-foreground">{student.email}</div>
                      </th>
                      <td className="p-3">{student.groupName ?? "Aucun groupe"}</td>
                      <td className="p-3">
                        <Form key={student.groupId ?? "aucun"} method="post" className="flex flex-wrap items-center gap-2">
                          <input type="hidden" name="intent" value="move-student" />
                          <input type="hidden" name="studentId" value={student.studentId} />
                          <label htmlFor={selectId} className="sr-only">
                            Nouveau groupe {ofName(student.name)}
                          </label>
                          <Select id={selectId} name="groupId" defaultValue={student.groupId ?? ""} className="w-auto">
                            <option value="">Aucun groupe</option>
                            {groups.map((group) => (
                              <option key={group.id} value={group.id}>
                                {group.name}
                              </option>
                            ))}
                          </Select>
                          <Button type="submit" size="sm" variant="outline" disabled={busy}>
                            Déplacer
                          </Button>
                        </Form>
                        {moveFailed ? (
                          <p role="alert" className="mt-1 font-medium text-destructive">
                            {moveFailed.message}
                          </p>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Card>
        ) : null}
      </section>

      {/* ── Colloscope ── */}
      <section aria-labelledby="colloscope" className="space-y-4">
        <h2 id="colloscope" className="text-2xl font-bold">
          Colloscope
        </h2>
        <FormError message={failed("delete-slot")?.message} />
        {slots.length === 0 ? (
          <p className="text-muted-foreground">Le colloscope est vide.</p>
        ) : (
          <Card className="overflow-x-auto p-0">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Colloscope de la classe, par semaine, jour et heure</caption>
              <thead className="border-b border-border bg-muted/50">
                <tr>
                  {["Semaine", "Jour", "Heure", "Salle", "Colleur", "Groupe", "Période"].map((heading) => (
                    <th key={heading} scope="col" className="p-3">
                      {heading}
                    </th>
                  ))}
                  <th scope="col" className="p-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {slots.map((slot) => (
                  <tr key={slot.id} className="border-b border-border last:border-0">
                    <td className="p-3">{slot.week}</td>
                    <td className="p-3">{slot.day}</td>
                    <td className="p-3">{slot.startTime}</td>
                    <td className="p-3">{slot.room || "—"}</td>
                    <td className="p-3">{slot.colleurName}</td>
                    <td className="p-3">{slot.groupName}</td>
                    <td className="p-3">{PERIODS[slot.period]}</td>
                    <td className="space-y-2 p-3">
                      <Link to={`/prof/colles?creneau=${slot.id}`} className={`${linkClass} inline-block min-h-6 py-0.5`}>
                        Noter
                        <span className="sr-only">
                          {" "}
                          la colle du groupe {slot.groupName}, {slot.week}, {slot.day} à {slot.startTime}
                        </span>
                      </Link>
                      <details>
                        <summary className="cursor-pointer font-semibold text-destructive">
                          Supprimer
                          <span className="sr-only">
                            {" "}
                            la ligne du {slot.day} à {slot.startTime}
                          </span>
                        </summary>
                        <Form method="post" className="mt-2 flex flex-col gap-2">
                          <input type="hidden" name="intent" value="delete-slot" />
                          <input type="hidden" name="slotId" value={slot.id} />
                          <p>Supprimer cette colle et ses notes&nbsp;?</p>
                          <Button type="submit" variant="destructive" size="sm" disabled={busy}>
                            Confirmer la suppression
                          </Button>
                        </Form>
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}

        <Card className="p-6">
          <h3 className="mb-4 text-lg font-bold">Ajouter une colle au colloscope</h3>
          {groups.length === 0 ? (
            <p className="text-muted-foreground">
              Formez d'abord les groupes de colle&nbsp;: chaque ligne du colloscope est la colle d'un groupe.
            </p>
          ) : (
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="add-slot" />
              <FormError message={slotFailed?.message} />
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <TextField
                  label="Semaine du (lundi)"
                  name="weekStart"
                  type="date"
                  defaultValue={slotValues.weekStart}
                  required
                  error={slotFailed?.fieldErrors.weekStart}
                />
                <SelectField
                  label="Jour"
                  name="weekday"
                  defaultValue={slotValues.weekday}
                  error={slotFailed?.fieldErrors.weekday}
                  options={WEEKDAYS}
                />
                <TextField
                  label="Heure"
                  name="startTime"
                  defaultValue={slotValues.startTime}
                  maxLength={10}
                  placeholder="17:00"
                  required
                  hint={"Par exemple\u00a0: 17:00"}
                  error={slotFailed?.fieldErrors.startTime}
                />
                <TextField
                  label="Salle (facultatif)"
                  name="room"
                  defaultValue={slotValues.room}
                  maxLength={COLLE_ROOM_MAX}
                  error={slotFailed?.fieldErrors.room}
                />
                <div className="sm:col-span-2">
                  <TextField
                    label="Colleur (adresse e-mail)"
                    name="colleurEmail"
                    type="email"
                    defaultValue={slotValues.colleurEmail}
                    maxLength={254}
                    required
                    hint="Le compte professeur du colleur sur Tremplin. Par défaut, vous."
                    error={slotFailed?.fieldErrors.colleurEmail}
                  />
                </div>
                <SelectField
                  label="Groupe"
                  name="groupId"
                  defaultValue={slotValues.groupId}
                  error={slotFailed?.fieldErrors.groupId}
                  options={Object.fromEntries(groups.map((group) => [group.id, group.name]))}
                  placeholder="Choisir un groupe"
                />
                <SelectField
                  label="Période"
                  name="period"
                  defaultValue={slotValues.period}
                  error={slotFailed?.fieldErrors.period}
                  options={PERIODS}
                />
              </div>
              <Button type="submit" className="self-start" disabled={busy}>
                Ajouter au colloscope
              </Button>
            </Form>
          )}
        </Card>
      </section>

      {/* ── Coefficient ── */}
      <section aria-labelledby="coefficient">
        <Card className="space-y-4 p-6">
          <h2 id="coefficient" className="text-2xl font-bold">
            Coefficient des colles
          </h2>
          <p>
            {counted
              ? `Dans la moyenne de chaque période, la moyenne de colle compte avec le coefficient ${coefficient}.`
              : `${COLLE_MESSAGES.notCounted}.`}
          </p>
          <Form key={coefficient} method="post" className="flex flex-col gap-4 sm:max-w-sm" noValidate>
            <input type="hidden" name="intent" value="coefficient" />
            <FormError message={coefficientFailed?.message} />
            <TextField
              label="Coefficient des colles"
              name="coefficient"
              inputMode="decimal"
              defaultValue={(coefficientFailed?.values?.coefficient as string | undefined) ?? coefficient}
              maxLength={10}
              hint={"De 0 à 99, par exemple 1 ou 0,5. 0\u00a0: les colles ne comptent pas dans la moyenne."}
              error={coefficientFailed?.fieldErrors.coefficient}
            />
            <Button type="submit" className="self-start" disabled={busy}>
              Enregistrer le coefficient
            </Button>
          </Form>
        </Card>
      </section>

      {/* ── Marks ── */}
      <section aria-labelledby="notes" className="space-y-4">
        <h2 id="notes" className="text-2xl font-bold">
          Notes de colle
        </h2>
        {periods.length === 0 || summary.length === 0 ? (
          <p className="text-muted-foreground">Aucune note de colle pour l'instant.</p>
        ) : (
          <Card className="overflow-x-auto p-0">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Moyenne de colle de chaque élève, sur 20, par période</caption>
              <thead className="border-b border-border bg-muted/50">
                <tr>
                  <th scope="col" className="p-3">
                    Élève
                  </th>
                  {periods.map((period) => (
                    <th key={period} scope="col" className="p-3">
                      {PERIODS[period as Period]} (sur 20)
                    </th>
                  ))}
                  <th scope="col" className="p-3">
                    Notes saisies
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.map((row) => (
                  <tr key={row.studentId} className="border-b border-border last:border-0">
                    <th scope="row" className="p-3 font-semibold">
                      {row.name}
                    </th>
                    {periods.map((period) => {
                      const mean = row.means[period as Period];
                      return (
                        <td key={period} className="p-3">
                          {mean ? `${formatMean(mean.mean)} (${mean.count} note${mean.count > 1 ? "s" : ""})` : "—"}
                        </td>
                      );
                    })}
                    <td className="p-3">{row.marks}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
        <p className="text-sm text-muted-foreground">
          «&nbsp;Non rendu&nbsp;» compte 0&nbsp;; Abs, Abs excusé, Disp et Non noté ne comptent pas dans la moyenne.
        </p>
      </section>
    </div>
  );
}
