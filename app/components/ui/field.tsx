import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";

const control =
  "w-full rounded-lg border border-border bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground aria-[invalid=true]:border-destructive";

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error wired together for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A group of radio buttons or checkboxes under one legend, its hint and its error wired for screen readers. */
export function Fieldset({ legend, hint, error, children }: { legend: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Input({ className = "", ...props }: ComponentProps<"input">) {
  return <input className={`${control} min-h-11 ${className}`} {...props} />;
}

export function Textarea({ className = "", ...props }: ComponentProps<"textarea">) {
  return <textarea className={`${control} min-h-28 ${className}`} {...props} />;
}

export function Select({ className = "", ...props }: ComponentProps<"select">) {
  return <select className={`${control} min-h-11 ${className}`} {...props} />;
}

export function Checkbox({ label, ...props }: ComponentProps<"input"> & { label: string }) {
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-base">
      <input type="checkbox" className="size-5 accent-[var(--primary)]" {...props} />
      {label}
    </label>
  );
}

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & { label: string; error?: string; hint?: string };

/** The usual labelled text input: Field and Input wired together. */
export function TextField({ label, error, hint, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} {...inputProps} />}
    </Field>
  );
}

type TextareaFieldProps = Omit<ComponentProps<"textarea">, "id"> & { label: string; error?: string; hint?: string };

/** The usual labelled text area: Field and Textarea wired together. */
export function TextareaField({ label, error, hint, ...textareaProps }: TextareaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => <Textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} {...textareaProps} />}
    </Field>
  );
}

type SelectFieldProps = Omit<ComponentProps<"select">, "id" | "children"> & {
  label: string;
  error?: string;
  hint?: string;
  /** value → label, in display order. */
  options: Readonly<Record<string, string>>;
  /** A first choice with an empty value (« Aucun », « Choisir… »). */
  placeholder?: string;
};

/** The usual labelled select: Field and Select wired together, one option per entry. */
export function SelectField({ label, error, hint, options, placeholder, ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <Select id={id} aria-describedby={describedBy} aria-invalid={invalid} {...selectProps}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {Object.entries(options).map(([value, optionLabel]) => (
            <option key={value} value={value}>
              {optionLabel}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
