import { data } from "react-router";
import { permissionsOf, requireResource } from "~/features/access/guards.server";
import { findReadableFile } from "~/features/assignments/assignments.server";
import { getFileStore } from "~/features/files/file-store.server";
import type { Route } from "./+types/file-download";

/**
 * A file handed in, for its student, the class's teacher or an admin; 404 for anyone else (as for an
 * unknown id). Always a download, never shown inline: a PDF or an image cannot run in our origin
 * (helmet adds `X-Content-Type-Options: nosniff` to every response).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const can = await permissionsOf(request);
  const isAdmin = await can("admin:users");
  const { resource: file } = await requireResource(request, "read:account:own", (user) => findReadableFile(params.fileId, user, isAdmin));
  const content = await getFileStore().get(file.storageKey);
  if (!content) throw data(null, { status: 404 });
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(content.length),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
