declare module "virtual:content-store" {
  import type { ContentStore } from "../content/pipeline/load";
  const store: ContentStore;
  export default store;
}
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
