import type { ReactNode } from "react";

/** The centred card of the sign-in, sign-up and recovery pages. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        {intro ? <div className="mt-2 text-muted-foreground">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm">{footer}</div> : null}
    </div>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive-soft px-3 py-2 text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
