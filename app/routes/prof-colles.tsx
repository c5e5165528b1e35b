import { Form, Link, data, useNavigation } from "react-router";
import { findCatalogEntry } from "~/catalog/catalog";
import { FormError } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Textarea, TextField } from "~/components/ui/field";
import { guardSignedInRoute } from "~/features/access/guards.server";
import { requireColleSlot } from "~/features/colles/colle-guards.server";
import {
  COLLE_COMMENT_MAX,
  COLLE_MESSAGES,
  type ColleMarkLine,
  colleMarkLineSchema,
  commentFieldName,
  formatSlotWhen,
  formatWeek,
  markFieldName,
  ofName,
} from "~/features/colles/colles";
import { type ColleSlotRecord, listColleurSlots, listMarkingLines, saveColleMarks } from "~/features/colles/colles.server";
import { PERIODS, formatMark } from "~/features/grades/marks";
import { readFormData } from "~/features/http/request-body.server";
import { pageMeta } from "~/features/site/meta";
import { catalogPageMeta } from "~/features/site/page-meta.server";
import type { Toast } from "~/features/toast/toast";
import { useActionToast } from "~/features/toast/use-action-toast";
import type { Route } from "./+types/prof-colles";

/** What the page shows of a slot: when, where, who, and one line per student to mark. */
function slotView(slot: ColleSlotRecord, lines: Awaited<ReturnType<typeof listMarkingLines>>, userId: string) {
  return {
    id: slot.id,
    when: formatSlotWhen(slot),
    week: formatWeek(slot.weekStart),
    className: slot.className,
    classId: slot.classId,
    teachesClass: slot.classTeacherId === userId,
    isColleur: slot.colleurId === userId,
    colleurName: slot.colleurName,
    groupName: slot.groupName,
    room: slot.room,
    period: PERIODS[slot.period],
    lines: (lines.get(slot.id) ?? []).map((line) => ({
      studentId: line.studentId,
      name: line.name,
      mark: formatMark(line),
      comment: line.comment,
    })),
  };
}

export async function loader({ request, pattern }: Route.LoaderArgs) {
  const { session } = await guardSignedInRoute({ request, pattern });
  const meta = catalogPageMeta(findCatalogEntry("/prof/colles")!);
  const focusId = new URL(request.url).searchParams.get("creneau");
  if (focusId !== null) {
    // One slot, from the class's colles page: its colleur or the class's teacher, else 404.
    const { slot } = await requireColleSlot(request, focusId);
    const lines = await listMarkingLines([slot]);
    return { meta, focus: slotView(slot, lines, session.user.id), upcoming: [], past: [] };
  }
  const { upcoming, past } = await listColleurSlots(session.user.id);
  const lines = await listMarkingLines([...upcoming, ...past]);
  return {
    meta,
    focus: null,
    upcoming: upcoming.map((slot) => slotView(slot, lines, session.user.id)),
    past: past.map((slot) => slotView(slot, lines, session.user.id)),
  };
}

interface ActionData {
  slotId: string;
  /** What was typed, by student, given back after an error. */
  values?: Record<string, { mark: string; comment: string }>;
  errors?: Record<string, { mark?: string; comment?: string }>;
  message?: string;
  toast?: Toast;
}

export async function action({ request, pattern }: Route.ActionArgs) {
  await guardSignedInRoute({ request, pattern });
  const formData = await readFormData(request);
  const slotId = String(formData.get("slotId") ?? "").slice(0, 100);
  if (formData.get("intent") !== "marks") return data<ActionData>({ slotId, message: COLLE_MESSAGES.unknownAction }, { status: 400 });
  const { slot } = await requireColleSlot(request, slotId);
  const lines = (await listMarkingLines([slot])).get(slot.id) ?? [];
  const values: NonNullable<ActionData["values"]> = {};
  const errors: NonNullable<ActionData["errors"]> = {};
  const messages: string[] = [];
  const parsedLines: ColleMarkLine[] = [];
  for (const line of lines) {
    // A student who joined the group after the form was shown has no line in it: their mark is left as it is.
    if (!formData.has(markFieldName(line.studentId)) && !formData.has(commentFieldName(line.studentId))) continue;
    const typed = {
      mark: String(formData.get(markFieldName(line.studentId)) ?? "").slice(0, 200),
      comment: String(formData.get(commentFieldName(line.studentId)) ?? "").slice(0, COLLE_COMMENT_MAX + 200),
    };
    values[line.studentId] = typed;
    const parsed = colleMarkLineSchema.safeParse(typed);
    if (parsed.success) {
      parsedLines.push({ studentId: line.studentId, ...parsed.data });
      continue;
    }
    const lineErrors: { mark?: string; comment?: string } = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as "mark" | "comment";
      lineErrors[key] ??= issue.message;
    }
    errors[line.studentId] = lineErrors;
    messages.push(COLLE_MESSAGES.marksLine(line.name, (lineErrors.mark ?? lineErrors.comment)!));
  }
  if (messages.length > 0) return data<ActionData>({ slotId: slot.id, values, errors, message: messages.join(" ") }, { status: 400 });
  await saveColleMarks(slot, parsedLines);
  return data<ActionData>({ slotId: slot.id, toast: { type: "success", title: COLLE_MESSAGES.marksSaved } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

type SlotView = ReturnType<typeof slotView>;

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

function MarkingForm({ slot, result, headingLevel }: { slot: SlotView; result: ActionData | undefined; headingLevel: 2 | 3 }) {
  const navigation = useNavigation();
  const failed = result && !result.toast && result.slotId === slot.id ? result : undefined;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card className="space-y-4 p-6" id={`creneau-${slot.id}`}>
      <div>
        <Heading className="text-lg font-bold">
          {slot.groupName} — {slot.when}
        </Heading>
        <p className="text-sm text-muted-foreground">
          {slot.className} · {slot.period}
          {slot.room ? ` · salle ${slot.room}` : ""}
          {slot.isColleur ? "" : ` · colleur\u00a0: ${slot.colleurName}`}
        </p>
      </div>
      {slot.lines.length === 0 ? (
        <p className="text-muted-foreground">Ce groupe n'a aucun élève pour l'instant.</p>
      ) : (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="marks" />
          <input type="hidden" name="slotId" value={slot.id} />
          <FormError message={failed?.message} />
          {slot.lines.map((line) => {
            const typed = failed?.values?.[line.studentId];
            const errors = failed?.errors?.[line.studentId];
            return (
              <div key={line.studentId} className="grid gap-3 border-t border-border pt-4 sm:grid-cols-[12rem_1fr]">
                <TextField
                  label={`Note ${ofName(line.name)} (sur 20)`}
                  name={markFieldName(line.studentId)}
                  defaultValue={typed?.mark ?? line.mark}
                  maxLength={40}
                  autoComplete="off"
                  hint="12,5 ou Abs, Abs excusé, Disp, Non rendu, Non noté"
                  error={errors?.mark}
                />
                <Field label={`Commentaire pour ${line.name}`} error={errors?.comment}>
                  {({ id, describedBy, invalid }) => (
                    <Textarea
                      id={id}
                      name={commentFieldName(line.studentId)}
                      defaultValue={typed?.comment ?? line.comment}
                      maxLength={COLLE_COMMENT_MAX}
                      rows={2}
                      className="min-h-16"
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                    />
                  )}
                </Field>
              </div>
            );
          })}
          <Button type="submit" className="self-start" disabled={navigation.state !== "idle"}>
            Enregistrer les notes
          </Button>
        </Form>
      )}
    </Card>
  );
}

export default function ProfColles({ loaderData: { focus, upcoming, past }, actionData }: Route.ComponentProps) {
  const result = actionData as ActionData | undefined;
  useActionToast(result?.toast);
  if (focus)
    return (
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
        <nav aria-label="Fil d'Ariane" className="text-sm">
          <Link to="/prof/colles" className="text-primary underline underline-offset-4">
            Mes colles
          </Link>
          {" › "}
          {focus.teachesClass ? (
            <>
              <Link to={`/prof/courses/${focus.classId}/colles`} className="text-primary underline underline-offset-4">
                Colles — {focus.className}
              </Link>
              {" › "}
            </>
          ) : null}
          <span aria-current="page">Notes d'une colle</span>
        </nav>
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight">Notes de colle</h1>
          <p className="mt-2 text-muted-foreground">
            Une note sur 20 (12,5 ou 12.5) ou un statut, et un commentaire pour chaque élève du groupe.
            {focus.isColleur ? "" : " Vous notez cette colle en tant que professeur de la classe."}
          </p>
        </header>
        <MarkingForm slot={focus} result={result} headingLevel={2} />
      </div>
    );
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Mes colles</h1>
        <p className="mt-2 text-muted-foreground">
          Les colles dont vous êtes le colleur, dans toutes les classes. Pour chaque élève, saisissez une note sur 20 (12,5 ou 12.5) ou un
          statut (Abs, Abs excusé, Disp, Non rendu, Non noté), et un commentaire.
        </p>
      </header>
      {upcoming.length === 0 && past.length === 0 ? (
        <p className="text-muted-foreground">
          Vous n'avez aucune colle pour l'instant. Le professeur d'une classe vous désigne colleur depuis la page des colles de sa classe.
        </p>
      ) : null}
      {upcoming.length > 0 ? (
        <section aria-labelledby="a-venir" className="space-y-4">
          <h2 id="a-venir" className="text-2xl font-bold">
            À venir
          </h2>
          {upcoming.map((slot) => (
            <MarkingForm key={slot.id} slot={slot} result={result} headingLevel={3} />
          ))}
        </section>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby="passees" className="space-y-4">
          <h2 id="passees" className="text-2xl font-bold">
            Passées
          </h2>
          {past.map((slot) => (
            <MarkingForm key={slot.id} slot={slot} result={result} headingLevel={3} />
          ))}
        </section>
      ) : null}
      <p>
        <Link to="/prof/courses" className={linkClass}>
          Mes cours
        </Link>
      </p>
    </div>
  );
}
