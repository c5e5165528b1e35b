declare module "virtual:content-store" {
  /** The folder of the compiled content (index.json, entries/), relative to the working directory. */
  const location: { dir: string };
  export default location;
}
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
