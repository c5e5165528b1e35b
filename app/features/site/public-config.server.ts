import { getConfig } from "../../config.server";
import { scientificPythonBase } from "../python/distribution.server";
import type { PublicConfig } from "./public-config";

export function getPublicConfig(): PublicConfig {
  const { publicLinks, hosting, siteUrl } = getConfig();
  return { ...publicLinks, hostingName: hosting.name, siteUrl, scientificPythonBase: scientificPythonBase() };
}
