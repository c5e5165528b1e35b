import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState } from "react";
import { Input } from "~/components/ui/field";
import type { PasswordStrength } from "./password-strength";

interface PasswordInputProps {
  id: string;
  name: string;
  describedBy?: string;
  invalid?: boolean;
  autoComplete: "current-password" | "new-password";
  /** Shows the live strength meter (sign-up, new password). */
  withMeter?: boolean;
  userInputs?: string[];
  /** Reasons the server gave for refusing the submitted password; shown until the user types again. */
  serverReasons?: string[];
}

const BAR_COLORS = ["bg-destructive", "bg-destructive", "bg-accent", "bg-success", "bg-success"];

export function PasswordInput({
  id,
  name,
  describedBy,
  invalid,
  autoComplete,
  withMeter = false,
  userInputs = [],
  serverReasons,
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState("");
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  // The server's reasons stay until the user edits the password again.
  const [editedSinceServer, setEditedSinceServer] = useState(false);
  useEffect(() => setEditedSinceServer(false), [serverReasons]);
  const inputsKey = userInputs.join("\u0000");

  useEffect(() => {
    if (!withMeter || !value) {
      setStrength(null);
      return;
    }
    let cancelled = false;
    // The dictionaries are large: they load only when someone types a new password.
    const timer = setTimeout(() => {
      import("./password-strength").then(({ checkPasswordStrength }) => {
        if (!cancelled) setStrength(checkPasswordStrength(value, inputsKey.split("\u0000")));
      });
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [value, withMeter, inputsKey]);

  return (
    <div>
      <div className="relative">
        <Input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          aria-describedby={[describedBy, withMeter ? `${id}-strength` : undefined].filter(Boolean).join(" ") || undefined}
          aria-invalid={invalid}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setEditedSinceServer(true);
          }}
          className="pr-12"
          required
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? "Masquer le mot de passe" : "Afficher le mot de passe"}
          className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg hover:bg-muted"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      </div>
      {serverReasons && !editedSinceServer ? (
        <div role="alert" className="mt-2 text-sm text-destructive" data-testid="password-reasons">
          <p className="font-semibold">Mot de passe trop faible&nbsp;:</p>
          <ul className="list-disc pl-5">
            {serverReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : withMeter ? (
        <div id={`${id}-strength`} aria-live="polite" className="mt-2 min-h-12">
          {strength ? (
            <>
              <div className="flex gap-1" aria-hidden="true">
                {[0, 1, 2, 3].map((index) => (
                  <span
                    key={index}
                    className={`h-1.5 flex-1 rounded-full ${index < Math.max(1, strength.score) ? BAR_COLORS[strength.score] : "bg-muted"}`}
                  />
                ))}
              </div>
              <p className="mt-1 text-sm" data-testid="password-strength">
                Robustesse&nbsp;: <strong>{["Très faible", "Faible", "Moyen", "Solide", "Très solide"][strength.score]}</strong>
                {strength.acceptable ? " — ce mot de passe convient." : ""}
              </p>
              {!strength.acceptable ? (
                <ul className="mt-1 list-disc pl-5 text-sm text-muted-foreground">
                  {strength.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              Au moins 10 caractères, difficiles à deviner (une phrase de plusieurs mots convient bien).
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
