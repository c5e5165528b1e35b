import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox, Fieldset } from "~/components/ui/field";
import { initialsOf } from "./application-forms";
import { LEVELS, SUBJECTS, type Level, type Subject } from "./requests";

export interface TeacherCardProfile {
  userId: string;
  displayName: string;
  subjects: readonly Subject[];
  levels: readonly Level[];
  bio: string;
}

/**
 * A teacher as /nos-profs shows them: initials as the avatar (no photos in this version), name, subjects,
 * levels, presentation and the link that opens /parent-form with this teacher chosen. `preview`: the same
 * card on /professeur-dashboard, where the link is shown but not followed.
 */
export function TeacherCard({ profile, preview = false }: { profile: TeacherCardProfile; preview?: boolean }) {
  const name = profile.displayName.trim() || "Votre nom";
  return (
    <Card className="flex h-full flex-col gap-4 p-6" data-testid="teacher-card">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
        >
          {initialsOf(name)}
        </span>
        <div>
          {/* In the preview the card sits under « Aperçu » (h3): its name is one level below. */}
          {preview ? <h4 className="text-xl font-bold">{name}</h4> : <h2 className="text-xl font-bold">{name}</h2>}
          <p className="text-sm text-muted-foreground">{profile.levels.map((level) => LEVELS[level]).join(", ") || "Niveaux à préciser"}</p>
        </div>
      </div>
      {profile.subjects.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Matières">
          {profile.subjects.map((subject) => (
            <li key={subject}>
              <Badge tone="accent">{SUBJECTS[subject]}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {profile.bio.trim() ? <p className="whitespace-pre-line">{profile.bio}</p> : null}
      <div className="mt-auto">
        {preview ? (
          <span className={buttonClasses("primary", "md")}>Demander ce professeur</span>
        ) : (
          <Link to={`/parent-form?prof=${encodeURIComponent(profile.userId)}`} className={buttonClasses("primary", "md")}>
            Demander ce professeur<span className="sr-only">{`\u00a0: ${name}`}</span>
          </Link>
        )}
      </div>
    </Card>
  );
}

interface ChoiceGroupProps {
  legend: string;
  name: string;
  /** value → label, in display order. */
  options: Readonly<Record<string, string>>;
  error?: string;
  hint?: ReactNode;
  /** Uncontrolled: the boxes checked at first. */
  defaultValues?: readonly string[];
  /** Controlled: the boxes checked, and what a click does. */
  values?: readonly string[];
  onToggle?: (value: string, checked: boolean) => void;
}

/** A list of checkboxes under one legend (subjects, levels), its hint and its error wired for screen readers. */
export function ChoiceGroup({ legend, name, options, error, hint, defaultValues, values, onToggle }: ChoiceGroupProps) {
  return (
    <Fieldset legend={legend} hint={hint} error={error}>
      <div className="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
        {Object.entries(options).map(([value, label]) =>
          values ? (
            <Checkbox
              key={value}
              name={name}
              value={value}
              label={label}
              checked={values.includes(value)}
              onChange={(event) => onToggle?.(value, event.currentTarget.checked)}
            />
          ) : (
            <Checkbox key={value} name={name} value={value} label={label} defaultChecked={defaultValues?.includes(value) ?? false} />
          ),
        )}
      </div>
    </Fieldset>
  );
}
