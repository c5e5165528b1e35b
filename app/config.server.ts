import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Server configuration, read once from the environment. Every variable is documented in README.md. */
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalText,
  SITE_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must hold at least 32 characters").optional(),
  BOOKING_URL: z.url().default("https://calendly.com/tremplin-prepa/premier-cours"),
  MESSAGING_URL: z.url().default("https://wa.me/"),
  SOCIAL_INSTAGRAM_URL: z.url().default("https://www.instagram.com/tremplin.prepa/"),
  SOCIAL_LINKEDIN_URL: z.url().default("https://www.linkedin.com/company/tremplin-prepa/"),
  SOCIAL_YOUTUBE_URL: z.url().default("https://www.youtube.com/@tremplin-prepa"),
  LEGAL_PUBLISHER_NAME: optionalText,
  LEGAL_PUBLISHER_STATUS: optionalText,
  LEGAL_PUBLISHER_ADDRESS: optionalText,
  LEGAL_REGISTRATION: optionalText,
  LEGAL_PUBLICATION_DIRECTOR: optionalText,
  LEGAL_CONTACT_EMAIL: z
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  HOSTING_NAME: optionalText,
  HOSTING_ADDRESS: optionalText,
  TRUST_PROXY: optionalText,
  /** Seconds between two rounds of maintenance (expired sessions, rate-limit rows, old outbox files). */
  MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Largest total of files in one hand-in (submissions), in megabytes. */
  UPLOAD_MAX_MB: z.coerce.number().min(1).max(100).default(10),
  /** Uploaded files go to this S3-compatible bucket when it is set, to the database otherwise. */
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().default("us-east-1"),
  /** The service's address for a provider other than AWS (Scaleway, OVHcloud, MinIO, Cloudflare R2…). */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (https://endpoint/bucket/key) rather than in the host name; "true" by default with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", ""]).optional(),
  /** The team's address: told of each new lead, teacher application and review to moderate. */
  CONTACT_NOTIFY_EMAIL: z
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Leads and teacher applications older than this are deleted by the maintenance task (CNIL: 3 years for prospects). */
  REQUEST_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(1095),
  /** An OpenAI-compatible endpoint (hosted provider, vLLM, LM Studio, Ollama's /v1) for the generators' model engine. */
  AI_BASE_URL: optionalUrl,
  AI_MODEL: optionalText,
  AI_API_KEY: optionalText,
  /** How long a model may take before the generator falls back to the offline engine. */
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(45),
  /** Generations per tool and per day: for a signed-in user, and for a visitor (per client IP). */
  GENERATOR_DAILY_QUOTA: z.coerce.number().int().min(1).max(10_000).default(30),
  GENERATOR_VISITOR_DAILY_QUOTA: z.coerce.number().int().min(0).max(10_000).default(5),
  /** A full Pyodide distribution the operator hosts (issue #16): numpy and matplotlib run on it instead of 0.17.1. */
  PYODIDE_DIST_DIR: optionalText,
  /** Single sign-on (issue #27): each provider shows on /login once its client id and secret are set. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  /** "common" (work, school and personal accounts), "organizations", "consumers" or one tenant's id. */
  MICROSOFT_TENANT_ID: z.string().trim().default("common"),
  APPLE_CLIENT_ID: optionalText,
  /** The client secret JWT signed with the key of the Apple developer account (it expires after 6 months at most). */
  APPLE_CLIENT_SECRET: optionalText,
  /** A school's or a region's OpenID Connect provider: its issuer URL (discovery at /.well-known/openid-configuration). */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  /** The provider's name on the button « Continuer avec … ». */
  OIDC_NAME: optionalText,
  SMTP_URL: optionalText,
  EMAIL_FROM: z.string().default("Tremplin <no-reply@localhost>"),
  POSTHOG_KEY: optionalText,
  POSTHOG_HOST: z.url().default("https://eu.i.posthog.com"),
});

export type ServerConfig = ReturnType<typeof loadConfig>;

function failConfig(message: string): never {
  throw new Error(`Invalid configuration: ${message}`);
}

/** A provider's client: both halves, or none (half a client is a mistake, said at start). */
function clientPair(clientId: string | undefined, clientSecret: string | undefined, prefix: string) {
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) failConfig(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together`);
  return { clientId, clientSecret };
}

function withTenant<T extends object>(client: T | undefined, tenantId: string) {
  return client ? { ...client, tenantId } : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${details}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const port = values.PORT;
  const siteUrl = (values.SITE_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  return {
    isProduction: values.NODE_ENV === "production",
    /** Cookies get the Secure flag and responses HSTS when the public URL is HTTPS. */
    isHttps: siteUrl.startsWith("https://"),
    port,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    siteUrl,
    trustProxy: values.TRUST_PROXY,
    maintenanceIntervalMs: values.MAINTENANCE_INTERVAL_SECONDS * 1000,
    sessionSecret: values.SESSION_SECRET,
    uploadMaxBytes: Math.round(values.UPLOAD_MAX_MB * 1024 * 1024),
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT,
          // Without keys the SDK looks for credentials itself (AWS_* variables, instance role…).
          credentials:
            values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: values.S3_FORCE_PATH_STYLE ? values.S3_FORCE_PATH_STYLE === "true" : Boolean(values.S3_ENDPOINT),
        }
      : undefined,
    contactNotifyEmail: values.CONTACT_NOTIFY_EMAIL,
    requestRetentionMs: values.REQUEST_RETENTION_DAYS * 86_400_000,
    /** The generators' model engine: on when both the endpoint and the model are set. */
    ai:
      values.AI_BASE_URL && values.AI_MODEL
        ? {
            baseUrl: values.AI_BASE_URL.replace(/\/$/, ""),
            model: values.AI_MODEL,
            apiKey: values.AI_API_KEY,
            timeoutMs: values.AI_TIMEOUT_SECONDS * 1000,
          }
        : undefined,
    generatorQuota: { user: values.GENERATOR_DAILY_QUOTA, visitor: values.GENERATOR_VISITOR_DAILY_QUOTA },
    pyodideDistDir: values.PYODIDE_DIST_DIR,
    sso: {
      google: clientPair(values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET, "GOOGLE"),
      microsoft: withTenant(
        clientPair(values.MICROSOFT_CLIENT_ID, values.MICROSOFT_CLIENT_SECRET, "MICROSOFT"),
        values.MICROSOFT_TENANT_ID,
      ),
      apple: clientPair(values.APPLE_CLIENT_ID, values.APPLE_CLIENT_SECRET, "APPLE"),
      oidc: values.OIDC_ISSUER
        ? {
            issuer: values.OIDC_ISSUER.replace(/\/$/, ""),
            name: values.OIDC_NAME ?? "votre établissement",
            ...(clientPair(values.OIDC_CLIENT_ID, values.OIDC_CLIENT_SECRET, "OIDC") ??
              failConfig("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET")),
          }
        : undefined,
    },
    smtpUrl: values.SMTP_URL,
    emailFrom: values.EMAIL_FROM,
    posthog: values.POSTHOG_KEY ? { key: values.POSTHOG_KEY, host: values.POSTHOG_HOST.replace(/\/$/, "") } : undefined,
    publicLinks: {
      bookingUrl: values.BOOKING_URL,
      messagingUrl: values.MESSAGING_URL,
      social: [
        { network: "Instagram", url: values.SOCIAL_INSTAGRAM_URL },
        { network: "LinkedIn", url: values.SOCIAL_LINKEDIN_URL },
        { network: "YouTube", url: values.SOCIAL_YOUTUBE_URL },
      ],
    },
    legal: {
      publisherName: values.LEGAL_PUBLISHER_NAME,
      publisherStatus: values.LEGAL_PUBLISHER_STATUS,
      publisherAddress: values.LEGAL_PUBLISHER_ADDRESS,
      registration: values.LEGAL_REGISTRATION,
      publicationDirector: values.LEGAL_PUBLICATION_DIRECTOR,
      contactEmail: values.LEGAL_CONTACT_EMAIL,
    },
    hosting: {
      // Without configuration the instance is run by whoever started it: the operator hosts it.
      name: values.HOSTING_NAME ?? "l'exploitant de cette instance de Tremplin",
      address: values.HOSTING_ADDRESS,
    },
  };
}

let cached: ServerConfig | undefined;

export function getConfig(): ServerConfig {
  cached ??= loadConfig(process.env);
  return cached;
}

/**
 * The secret that signs cookies. Without SESSION_SECRET a random one is generated once and kept in
 * the data folder, which is right for one instance; several instances must share SESSION_SECRET.
 */
export function getSessionSecret(): string {
  const config = getConfig();
  if (config.sessionSecret) return config.sessionSecret;
  const secretFile = path.join(config.dataDir, "session-secret");
  if (existsSync(secretFile)) return readFileSync(secretFile, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(secretFile, secret, { mode: 0o600 });
  return secret;
}
