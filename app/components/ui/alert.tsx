import type { ReactNode } from "react";

export type AlertTone = "info" | "success" | "warning" | "danger";
const tones: Record<AlertTone, string> = {
  info: "border-primary/40 bg-primary/5",
  success: "border-success/50 bg-success/5",
  warning: "border-accent/50 bg-accent-soft",
  danger: "border-destructive/50 bg-destructive-soft",
};

export function Alert({ tone = "info", title, children }: { tone?: AlertTone; title: string; children?: ReactNode }) {
  return (
    <div role={tone === "danger" ? "alert" : "note"} className={`rounded-xl border-l-4 border p-4 ${tones[tone]}`}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 text-sm">{children}</div> : null}
    </div>
  );
}
