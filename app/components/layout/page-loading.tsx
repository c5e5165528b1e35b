import { useNavigation } from "react-router";
import { Spinner } from "~/components/ui/spinner";

/** Shown while the next page's code and data load. */
export function PageLoading() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div
      data-testid="page-loading"
      className="fixed left-1/2 top-20 z-50 -translate-x-1/2 rounded-full border border-border bg-card px-4 py-2 shadow-lg"
    >
      <Spinner label="Chargement de la page…" />
    </div>
  );
}
