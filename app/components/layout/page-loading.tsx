import { ShieldCheck } from "lucide-react";
import { useNavigation } from "react-router";
import { PAGE_FLAGS } from "~/catalog/page-flags";
import { hasPageFlag } from "~/catalog/site-pages";
import { Spinner } from "~/components/ui/spinner";

/**
 * Shown while the next page's code and data load. When that page is guarded (signed-in, Python or
 * maths access), its loader is checking access: the card says so.
 */
export function PageLoading() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  if (hasPageFlag(navigation.location.pathname, PAGE_FLAGS.guarded)) {
    return (
      <div
        data-testid="access-check"
        role="status"
        className="fixed left-1/2 top-20 z-50 flex -translate-x-1/2 items-center gap-3 rounded-2xl border border-border bg-card px-5 py-4 shadow-lg"
      >
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        <span className="font-medium">Vérification de l'accès...</span>
        <Spinner label="" className="size-5" />
      </div>
    );
  }
  return (
    <div
      data-testid="page-loading"
      className="fixed left-1/2 top-20 z-50 -translate-x-1/2 rounded-full border border-border bg-card px-4 py-2 shadow-lg"
    >
      <Spinner label="Chargement de la page…" />
    </div>
  );
}
