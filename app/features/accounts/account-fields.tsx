import { Field, TextField } from "~/components/ui/field";
import { PasswordInput } from "./password-input";

/** The fields the account forms share: a 6-digit code, the current password, a new password with its meter. */

export function CodeField({ label, error }: { label: string; error?: string }) {
  return <TextField label={label} error={error} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />;
}

export function CurrentPasswordField({
  error,
  name = "password",
  label = "Mot de passe",
}: {
  error?: string;
  name?: string;
  label?: string;
}) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <PasswordInput id={id} name={name} autoComplete="current-password" describedBy={describedBy} invalid={invalid} />
      )}
    </Field>
  );
}

export function NewPasswordField({
  error,
  userInputs,
  serverReasons,
  label = "Nouveau mot de passe",
  name = "newPassword",
}: {
  error?: string;
  userInputs: string[];
  serverReasons?: string[];
  label?: string;
  name?: string;
}) {
  return (
    <Field label={label} error={serverReasons ? undefined : error}>
      {({ id, describedBy, invalid }) => (
        <PasswordInput
          id={id}
          name={name}
          autoComplete="new-password"
          describedBy={describedBy}
          invalid={invalid || Boolean(serverReasons)}
          withMeter
          userInputs={userInputs}
          serverReasons={serverReasons}
        />
      )}
    </Field>
  );
}
