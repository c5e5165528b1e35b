import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { NavLink as RouterNavLink } from "react-router";
import type { NavMenu } from "~/catalog/navigation";
import { DROPDOWN_CLOSE_DELAY_MS, DROPDOWN_OPEN_DELAY_MS } from "./constants";

/**
 * Disclosure menu: opens 300 ms after a mouse pointer enters and closes 150 ms after it leaves;
 * click, Enter or Space toggle it at once (keyboard and touch); Escape closes it.
 */
export function NavDropdown({ menu }: { menu: NavMenu }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const schedule = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div
      ref={container}
      className="relative"
      onPointerEnter={(event) => event.pointerType === "mouse" && schedule(true, DROPDOWN_OPEN_DELAY_MS)}
      onPointerLeave={(event) => event.pointerType === "mouse" && schedule(false, DROPDOWN_CLOSE_DELAY_MS)}
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          clearTimeout(timer.current);
          setOpen((value) => !value);
        }}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 font-medium hover:bg-muted"
      >
        {menu.label}
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-1 min-w-64 rounded-xl border border-border bg-card p-4 shadow-lg"
      >
        <div className="flex gap-8">
          {menu.groups.map((group, index) => (
            <div key={group.heading ?? index} className="min-w-44">
              {group.heading ? (
                <p className="mb-2 text-xs font-bold uppercase tracking-wide text-muted-foreground">{group.heading}</p>
              ) : null}
              <ul className="flex flex-col gap-0.5">
                {group.links.map((link) => (
                  <li key={link.path}>
                    <RouterNavLink
                      to={link.path}
                      onClick={() => setOpen(false)}
                      className={({ isActive }) =>
                        `block rounded-md px-2 py-1.5 hover:bg-muted ${isActive ? "font-semibold text-primary" : ""}`
                      }
                    >
                      {link.label}
                    </RouterNavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
