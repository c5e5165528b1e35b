import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import type { RefObject } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import type { NavMenu } from "~/catalog/navigation";
import { AccountLinks } from "./account-links";
import type { HeaderUser } from "./account-links";
import { SocialLinks } from "./social-links";

/** The open mobile menu: focus moves into it, Escape closes it and focus returns to its opener. */
export default function MobileMenuPanel({
  menus,
  social,
  user,
  opener,
  onClose,
}: {
  menus: NavMenu[];
  social: { network: string; url: string }[];
  user: HeaderUser | null;
  opener: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    const openerButton = opener.current;
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener("keydown", onKey);
      openerButton?.focus();
    };
  }, [onClose, opener]);

  // Portalled to <body>: the header's backdrop-filter would otherwise confine a fixed child.
  return createPortal(
    <div id="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu" className="fixed inset-0 z-[60] flex flex-col bg-background">
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-border px-4">
        <span className="text-lg font-extrabold">Menu</span>
        <button
          ref={closeButton}
          type="button"
          onClick={onClose}
          aria-label="Fermer le menu"
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-muted"
        >
          <X aria-hidden="true" className="size-6" />
        </button>
      </div>
      <nav aria-label="Menu principal" className="flex-1 overflow-y-auto px-4 py-4">
        {menus.map((menu) => (
          <section key={menu.label} className="mb-6">
            <h2 className="mb-2 text-sm font-bold uppercase tracking-wide text-muted-foreground">{menu.label}</h2>
            <ul className="flex flex-col">
              {menu.groups
                .flatMap((group) => group.links)
                .map((link) => (
                  <li key={link.path}>
                    <Link to={link.path} className="block rounded-md px-2 py-3 text-lg hover:bg-muted" onClick={onClose}>
                      {link.label}
                    </Link>
                  </li>
                ))}
            </ul>
          </section>
        ))}
        <section className="mb-6">
          <h2 className="mb-2 text-sm font-bold uppercase tracking-wide text-muted-foreground">Mon espace</h2>
          <AccountLinks user={user} layout="column" />
        </section>
        <SocialLinks social={social} />
      </nav>
    </div>,
    document.body,
  );
}
