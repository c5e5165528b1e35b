import { Menu } from "lucide-react";
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { NavMenu } from "~/catalog/navigation";
import type { HeaderUser } from "./account-links";

// The panel loads on first opening: most visits never open it, and every page would carry it otherwise.
const MobileMenuPanel = lazy(() => import("./mobile-menu-panel"));

/** Full-screen menu below the md breakpoint; the page behind it does not scroll while it is open. */
export function MobileMenu({
  menus,
  social,
  user,
}: {
  menus: NavMenu[];
  social: { network: string; url: string }[];
  user: HeaderUser | null;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const openButton = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div className="md:hidden">
      <button
        ref={openButton}
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Ouvrir le menu"
        aria-expanded={open}
        aria-controls="mobile-menu"
        className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-muted"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuPanel menus={menus} social={social} user={user} opener={openButton} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
