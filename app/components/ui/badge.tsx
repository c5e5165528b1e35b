import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "primary" | "accent" | "success" | "danger";
const tones: Record<BadgeTone, string> = {
  neutral: "bg-muted text-foreground",
  primary: "bg-primary text-primary-foreground",
  accent: "bg-accent-soft text-foreground",
  success: "border border-success text-success",
  danger: "bg-destructive-soft text-destructive",
};

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}
