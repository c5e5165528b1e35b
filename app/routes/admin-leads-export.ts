import { requirePermission } from "~/features/access/guards.server";
import { leadFiltersSchema } from "~/features/admin/lead-console";
import { leadsCsv } from "~/features/admin/lead-admin.server";
import type { Route } from "./+types/admin-leads-export";

/** The leads of the console's filters as a CSV file for a French spreadsheet, for admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "admin:users");
  const filters = leadFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const day = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });
  return new Response(await leadsCsv(filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="demandes-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
