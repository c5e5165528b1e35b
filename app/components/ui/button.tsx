import type { ComponentProps } from "react";
import { Link } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "destructive";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-3 disabled:cursor-not-allowed disabled:opacity-60 text-center";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground hover:bg-primary-hover",
  secondary: "bg-accent-soft text-foreground hover:brightness-95 dark:hover:brightness-125",
  outline: "border border-border bg-transparent text-foreground hover:bg-muted",
  ghost: "bg-transparent text-foreground hover:bg-muted",
  destructive: "bg-destructive text-white hover:brightness-110 dark:text-background",
};
const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-4 text-base",
  lg: "min-h-12 px-6 text-lg",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = "") {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className = "", type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize };

export function ButtonLink({ variant, size, className = "", ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}

type ExternalButtonLinkProps = ComponentProps<"a"> & { variant?: ButtonVariant; size?: ButtonSize };

/** An external link styled as a button; opens in a new tab. */
export function ExternalButtonLink({ variant, size, className = "", children, ...props }: ExternalButtonLinkProps) {
  return (
    <a target="_blank" rel="noopener noreferrer" className={buttonClasses(variant, size, className)} {...props}>
      {children}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
