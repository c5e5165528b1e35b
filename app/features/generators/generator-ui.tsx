import type { ReactNode } from "react";
import { Link } from "react-router";
import { FormError } from "~/components/layout/auth-card";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/features/toast/toaster";
import { ENGINE_LABELS, type Engine, type Source } from "./generators";
import type { GeneratorSlug, GeneratorTool } from "./tool-list";
import { plural } from "~/lib/plural";

/** The quota part of the loader data (route.server.ts QuotaView), as the pages receive it. */
export interface QuotaInfo {
  signedIn: boolean;
  /** A signed-in user's daily quota per tool, and a visitor's (per client address). */
  perDay: number;
  visitorPerDay: number;
  remaining: Partial<Record<string, number>>;
}

/** « Il vous reste 28 générations sur 30 aujourd'hui. » or the visitors' limits (their page is cached). */
export function quotaSentence(quota: QuotaInfo, slug: GeneratorSlug, remainingNow?: number): string {
  const remaining = remainingNow ?? quota.remaining[slug];
  if (quota.signedIn && remaining !== undefined)
    return `Il vous reste ${plural(remaining, "génération", "générations")} sur ${quota.perDay} aujourd'hui pour cet outil.`;
  return `Sans compte\u00a0: ${plural(quota.visitorPerDay, "génération", "générations")} par jour et par outil. Avec un compte gratuit\u00a0: ${quota.perDay}.`;
}

export function engineSentence(modelOn: boolean): string {
  return modelOn
    ? "Moteur actif\u00a0: un modèle de langue, qui ne s'appuie que sur les passages des cours Tremplin qu'on lui fournit (le moteur hors ligne prend le relais s'il échoue)."
    : "Moteur actif\u00a0: le moteur hors ligne, qui travaille uniquement sur les cours et les banques d'exercices de Tremplin.";
}

/** The top of a tool's page: title, what it does, engine and quota. */
export function ToolHeader({
  tool,
  modelOn,
  quota,
  remainingNow,
}: {
  tool: GeneratorTool;
  modelOn: boolean;
  quota: QuotaInfo;
  remainingNow?: number;
}) {
  return (
    <header className="max-w-3xl space-y-3">
      <p className="text-sm font-semibold">
        <Link to="/generator" className="text-primary underline underline-offset-4">
          Générateurs IA
        </Link>
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{tool.title}</h1>
      <p className="text-lg text-muted-foreground">{tool.summary}</p>
      <p className="text-sm">{engineSentence(modelOn)}</p>
      <p className="text-sm" data-testid="quota">
        {quotaSentence(quota, tool.slug as GeneratorSlug, remainingNow)}
      </p>
    </header>
  );
}

/** The end of a tool's form: the refusal's message, and the button that says when it is working. */
export function SubmitRow({ busy, label, busyLabel, error }: { busy: boolean; label: string; busyLabel: string; error?: string }) {
  return (
    <>
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

/** Which engine made a result, and the note when the model failed. */
export function EngineNote({ engine, notice }: { engine: Engine; notice?: string }) {
  return (
    <div className="space-y-2">
      <Badge tone={engine === "model" ? "accent" : "primary"}>{ENGINE_LABELS[engine]}</Badge>
      {notice ? <Alert tone="warning" title={notice} /> : null}
    </div>
  );
}

/** The pages a result draws on, as links. */
export function SourceList({ sources, heading = "Sources" }: { sources: readonly Source[]; heading?: string }) {
  if (!sources.length) return null;
  return (
    <section aria-label={heading} className="space-y-1">
      <h3 className="text-sm font-semibold">{heading}</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {sources.map((source) => (
          <li key={source.url}>
            <Link to={source.url} className="text-primary underline underline-offset-4">
              {source.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A titled list of points (a method, its pitfalls…), left out when there is none. */
export function PointList({ title, points }: { title: string; points: readonly string[] }) {
  if (!points.length) return null;
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="list-disc space-y-1 pl-5">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </div>
  );
}

/** Copies a result as plain text. */
export function CopyButton({ text, label = "Copier" }: { text: string; label?: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => toast.success("Copié dans le presse-papiers."),
          () => toast.error("La copie a échoué\u00a0: sélectionnez le texte et copiez-le à la main."),
        );
      }}
    >
      {label}
    </Button>
  );
}

/** Examples a visitor can try in one click: each fills the form (a link to the page with its query). */
export function Examples({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="exemples" className="space-y-2">
      <h2 id="exemples" className="text-lg font-bold">
        Exemples
      </h2>
      <ul className="flex flex-wrap gap-2">{children}</ul>
    </section>
  );
}

export function ExampleLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className="inline-flex min-h-9 items-center rounded-full border border-border px-3 text-sm hover:bg-muted">
        {children}
      </Link>
    </li>
  );
}
