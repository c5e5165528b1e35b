import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { CLASS_LEVELS, CLASS_SUBJECTS, type StudentClass } from "./classes";

/** What the dashboard receives of a class (dates travel as strings). */
export type MyClass = Omit<StudentClass, "joinedAt">;

/** « Mes classes » on the student's dashboard: the classes joined, and joining one with its code. */
export function MyClasses({
  classes,
  code,
  codeError,
}: {
  classes: MyClass[];
  /** Prefilled from a join link (?rejoindre=…) or kept after an error. */
  code: string;
  codeError?: string;
}) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="mes-classes" className="space-y-3" id="classes">
      <h2 id="mes-classes" className="text-xl font-bold">
        Mes classes
      </h2>
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
