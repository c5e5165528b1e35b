import { UnverifiedNotice } from "~/features/accounts/unverified-notice";
import { VERIFICATION_MESSAGES } from "~/features/accounts/verification-messages";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { CLASS_LEVELS, CLASS_SUBJECTS, type StudentClass } from "./classes";

/** What the dashboard receives of a class (dates travel as strings). */
export type MyClass = Omit<StudentClass, "joinedAt">;

/** An assignment of the student's classes, as the dashboard lists it. */
export interface MyAssignment {
  id: string;
  classId: string;
  title: string;
  className: string;
  dueLabel: string;
  timeLeft: string;
  state: "pending" | "submitted" | "graded";
  late: boolean;
  mark: string | null;
  maxPoints: number;
}

const STATE_LABELS = { pending: "À faire", submitted: "Rendu", graded: "Noté" } as const;

/** The notices (marks published…) and the assignments of the student's classes: what to do, handed in, marked. */
function MyAssignments({
  assignments,
  notices,
}: {
  assignments: MyAssignment[];
  notices: { id: number; title: string; body: string; link: string }[];
}) {
  return (
    <div className="space-y-4">
      {notices.length > 0 ? (
        <Card className="space-y-2 border-primary/50 p-5" role="status">
          <ul className="space-y-2">
            {notices.map((notice) => (
              <li key={notice.id}>
                <Link to={notice.link} className="font-semibold text-primary underline underline-offset-4">
                  {notice.title}
                </Link>
                <span className="block text-sm text-muted-foreground">{notice.body}</span>
              </li>
            ))}
          </ul>
          <Form method="post">
            <input type="hidden" name="intent" value="dismiss-notices" />
            <Button type="submit" variant="ghost" size="sm">
              J'ai vu
            </Button>
          </Form>
        </Card>
      ) : null}
      {assignments.length > 0 ? (
        <Card className="p-5">
          <h3 className="mb-3 font-bold">Mes devoirs</h3>
          <ul className="divide-y divide-border">
            {assignments.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div>
                  <Link to={`/dashboard/devoirs/${item.id}`} className="font-semibold text-primary underline underline-offset-4">
                    {item.title}
                  </Link>
                  <span className="block text-sm text-muted-foreground">
                    {item.className} · à rendre le {item.dueLabel}
                    {item.state === "pending" ? ` (${item.timeLeft})` : ""}
                  </span>
                </div>
                <span className="flex items-center gap-2">
                  {item.late ? <Badge tone="danger">En retard</Badge> : null}
                  <Badge tone={item.state === "graded" ? "success" : item.state === "submitted" ? "primary" : "neutral"}>
                    {item.state === "graded" && item.mark
                      ? `${item.mark}${/^\d/.test(item.mark) ? ` / ${item.maxPoints}` : ""}`
                      : STATE_LABELS[item.state]}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

/** « Mes classes » on the student's dashboard: the classes joined, and joining one with its code. */
export function MyClasses({
  classes,
  assignments,
  notices,
  code,
  codeError,
  emailVerified,
}: {
  classes: MyClass[];
  assignments: MyAssignment[];
  notices: { id: number; title: string; body: string; link: string }[];
  /** Prefilled from a join link (?rejoindre=…) or kept after an error. */
  code: string;
  codeError?: string;
  /** Joining waits for a confirmed address (the server refuses it otherwise). */
  emailVerified: boolean;
}) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="mes-classes" className="space-y-3" id="classes">
      <h2 id="mes-classes" className="text-xl font-bold">
        Mes classes
      </h2>
      <MyAssignments assignments={assignments} notices={notices} />
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="p-5">
          {classes.length === 0 ? (
            <p className="text-muted-foreground">
              Vous ne faites partie d'aucune classe. Votre professeur vous donne un code pour rejoindre la sienne.
            </p>
          ) : (
            <ul className="space-y-4">
              {classes.map((item) => (
                <li key={item.id} className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold">{item.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {item.teacherName} · {CLASS_SUBJECTS[item.subject].label} · {CLASS_LEVELS[item.level]} · {item.schoolYear}
                    </p>
                    {item.grantsMaths ? <p className="text-sm">Cette classe vous ouvre les chapitres de maths.</p> : null}
                    <Link to={`/dashboard/classes/${item.id}`} className="text-sm font-semibold text-primary underline underline-offset-4">
                      Mes notes et moyennes
                    </Link>
                  </div>
                  <details>
                    <summary className="cursor-pointer text-sm font-semibold text-muted-foreground">Quitter</summary>
                    <Form method="post" className="mt-2 flex flex-col gap-2">
                      <input type="hidden" name="intent" value="leave" />
                      <input type="hidden" name="classId" value={item.id} />
                      <p className="text-sm">Quitter la classe «&nbsp;{item.name}&nbsp;»&nbsp;? Il faudra son code pour y revenir.</p>
                      <Button type="submit" variant="outline" size="sm">
                        Confirmer
                      </Button>
                    </Form>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="p-5">
          <Form method="post" className="flex flex-col gap-3" noValidate>
            {emailVerified ? null : <UnverifiedNotice text={VERIFICATION_MESSAGES.classJoin} />}
            <input type="hidden" name="intent" value="join" />
            <Field label="Rejoindre une classe" hint="Le code que votre professeur vous a donné, par exemple ABCD-EF23." error={codeError}>
              {({ id, describedBy, invalid }) => (
                <Input id={id} name="code" defaultValue={code} autoComplete="off" aria-describedby={describedBy} aria-invalid={invalid} />
              )}
            </Field>
            <Button type="submit" className="self-start" disabled={navigation.state !== "idle"}>
              Rejoindre
            </Button>
          </Form>
        </Card>
      </div>
    </section>
  );
}
