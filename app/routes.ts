import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { catalog, routeIdFor } from "./catalog/catalog";

export default [
  ...catalog.map((entry) =>
    entry.path === "/" ? index(entry.module, { id: routeIdFor(entry) }) : route(entry.path, entry.module, { id: routeIdFor(entry) }),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
