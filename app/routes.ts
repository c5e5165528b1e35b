import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { catalog, routeIdFor } from "./catalog/catalog";

export default [
  ...catalog.map((entry) =>
    entry.path === "/" ? index(entry.module, { id: routeIdFor(entry) }) : route(entry.path, entry.module, { id: routeIdFor(entry) }),
  ),
  route("/logout", "routes/logout.ts"),
  route("/auth/callback/:provider", "routes/auth-callback.ts"),
  route("/api/session", "routes/api.session.ts"),
  route("/api/activity", "routes/api.activity.ts"),
  route("/api/progress", "routes/api.progress.ts"),
  route("/api/revision", "routes/api.revision.ts"),
  route("/api/generator/prepa-chatbot", "routes/api.generator-chatbot.ts"),
  route("/api/python/programme", "routes/api.python-program.ts"),
  route("/api/exercices/:setId/:exerciseId/:part", "routes/api.exercise-part.ts"),
  route("/compte/export", "routes/account-export.ts"),
  route("/fichiers/:fileId", "routes/file-download.ts"),
  route("/admin/candidatures/:applicationId/cv", "routes/admin-application-cv.ts"),
  route("/prof/courses/:courseId/grades/export", "routes/prof-grades-export.ts"),
  route("/admin/leads/export", "routes/admin-leads-export.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
