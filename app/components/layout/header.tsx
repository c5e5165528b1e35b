import { Link } from "react-router";
import { headerMenus } from "~/catalog/navigation";
import { SearchLauncher } from "~/features/search/search-palette";
import type { PublicConfig } from "~/features/site/public-config";
import { AccountLinks, type HeaderUser } from "./account-links";
import { HEADER_OPAQUE_AFTER_PX } from "./constants";
import { MobileMenu } from "./mobile-menu";
import { NavDropdown } from "./nav-dropdown";
import { SocialLinks } from "./social-links";
import { ThemeToggle } from "./theme";
import { useScrollState } from "./use-scroll";

export function Header({ config, user }: { config: PublicConfig; user: HeaderUser | null }) {
  const { y, progress } = useScrollState();
  const scrolled = y > HEADER_OPAQUE_AFTER_PX;
  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 border-b backdrop-blur transition-colors duration-200 ${
        scrolled ? "border-border bg-background/95 shadow-sm" : "border-transparent bg-background/60"
      }`}
    >
      <div
        aria-hidden="true"
        data-testid="scroll-progress"
        className="absolute left-0 top-0 h-1 bg-primary"
        style={{ width: `${progress * 100}%` }}
      />
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight" aria-label="Tremplin, accueil">
          <span aria-hidden="true" className="inline-block size-8 rounded-lg bg-primary [clip-path:polygon(0_100%,100%_100%,100%_30%)]" />
          Tremplin
        </Link>
        <nav aria-label="Navigation principale" className="hidden items-center gap-1 md:flex">
          {headerMenus.map((menu) => (
            <NavDropdown key={menu.label} menu={menu} />
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <div className="hidden xl:block">
            <SocialLinks social={config.social} />
          </div>
          <SearchLauncher signedIn={user !== null} />
          <ThemeToggle />
          <div className="hidden md:block">
            <AccountLinks user={user} />
          </div>
          <MobileMenu menus={headerMenus} social={config.social} user={user} />
        </div>
      </div>
    </header>
  );
}
