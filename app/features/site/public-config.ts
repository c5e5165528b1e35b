/** The part of the configuration the browser may see: external links and the host mention. */
export interface PublicConfig {
  bookingUrl: string;
  messagingUrl: string;
  social: { network: string; url: string }[];
  hostingName: string;
  siteUrl: string;
  /** Where the Python worker of numpy and matplotlib loads Pyodide from (docs/decisions/0008). */
  scientificPythonBase: string;
}
