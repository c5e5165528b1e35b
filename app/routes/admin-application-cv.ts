import { data } from "react-router";
import { requirePermission } from "~/features/access/guards.server";
import { findApplicationCv } from "~/features/requests/applications.server";
import { getFileStore } from "~/features/files/file-store.server";
import type { Route } from "./+types/admin-application-cv";

/**
 * The CV of a teacher application, for admins only (others get the policy's refusal: visitors → /login,
 * signed-in non-admins → /). Always a download, never shown inline, never cached; 404 for an unknown id.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "admin:users");
  const cv = await findApplicationCv(params.applicationId);
  if (!cv) throw data(null, { status: 404 });
  const content = await getFileStore().get(cv.key);
  if (!content) throw data(null, { status: 404 });
  const ascii = cv.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(content.length),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cv.name)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
