import { Form, useNavigation } from "react-router";
import { FormError } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Checkbox, SelectField, TextField } from "~/components/ui/field";
import { CLASS_LEVELS, CLASS_SUBJECTS } from "./classes";

export interface ClassFormValues {
  name: string;
  level: string;
  subject: string;
  schoolYear: string;
  grantsMaths: boolean;
}

/** Creating or editing a class: the same fields, what was typed kept after an error. */
export function ClassForm({
  intent,
  values,
  fieldErrors = {},
  message,
  submitLabel,
}: {
  intent: "create" | "update";
  values: ClassFormValues;
  fieldErrors?: Record<string, string>;
  message?: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <FormError message={message} />
      <TextField
        label="Nom de la classe"
        name="name"
        defaultValue={values.name}
        maxLength={80}
        required
        error={fieldErrors.name}
        hint={"Par exemple\u00a0: ECG 2 — Maths approfondies, groupe B."}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Année" name="level" defaultValue={values.level} error={fieldErrors.level} options={CLASS_LEVELS} />
        <SelectField
          label="Matière"
          name="subject"
          defaultValue={values.subject}
          error={fieldErrors.subject}
          options={Object.fromEntries(Object.entries(CLASS_SUBJECTS).map(([value, { label }]) => [value, label]))}
        />
        <TextField
          label="Année scolaire"
          name="schoolYear"
          defaultValue={values.schoolYear}
          inputMode="numeric"
          maxLength={9}
          error={fieldErrors.schoolYear}
        />
      </div>
      <Checkbox
        label="Ouvrir les chapitres de maths aux élèves de la classe, tant qu'ils en font partie"
        name="grantsMaths"
        defaultChecked={values.grantsMaths}
      />
      <Button type="submit" className="self-start" disabled={navigation.state !== "idle"}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** The form's fields as typed, to give them back after an error. */
export function typedClassValues(formData: FormData): ClassFormValues {
  const text = (key: string) => String(formData.get(key) ?? "").slice(0, 200);
  return {
    name: text("name"),
    level: text("level"),
    subject: text("subject"),
    schoolYear: text("schoolYear"),
    grantsMaths: formData.get("grantsMaths") === "on",
  };
}
