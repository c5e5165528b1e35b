import { EventEmitter } from "node:events";
import pg from "pg";

/**
 * Cross-instance notifications (issue #12): an instance that changes something other instances keep in
 * memory says so, and every instance drops what it kept. On PostgreSQL: NOTIFY on one channel, heard on
 * a dedicated LISTEN connection per instance that reconnects with backoff; notifications sent while it
 * was down are lost, so on reconnecting every subscriber is called as if everything had changed. On
 * PGlite (one process by design): an in-process emitter.
 */
export const BROADCAST_CHANNEL = "tremplin_events";

/** What changed. `content`: the compiled content (npm run build:content); `public-data`: data that public pages show. */
export const TOPICS = ["content", "public-data"] as const;
export type Topic = (typeof TOPICS)[number];

const emitter = new EventEmitter();
let listener: PostgresListener | undefined;
let publishThrough: ((payload: string) => Promise<void>) | undefined;

function dispatch(payload: string) {
  let topic: unknown;
  try {
    topic = (JSON.parse(payload) as { topic?: unknown }).topic;
  } catch {
    return;
  }
  if ((TOPICS as readonly unknown[]).includes(topic)) emitter.emit(topic as Topic);
}

/** Calls `handler` whenever one of the topics changes, on any instance. Returns the unsubscribe function. */
export function onBroadcast(topics: readonly Topic[], handler: () => void): () => void {
  for (const topic of topics) emitter.on(topic, handler);
  return () => {
    for (const topic of topics) emitter.off(topic, handler);
  };
}

/** Tells every instance (this one included) that `topic` changed. */
export async function broadcast(topic: Topic): Promise<void> {
  const payload = JSON.stringify({ topic });
  if (publishThrough) await publishThrough(payload);
  else dispatch(payload);
}

/** Sends a notification from any process connected to the database (npm run build:content). */
export async function notifyInstances(client: { query: (text: string, values: unknown[]) => Promise<unknown> }, topic: Topic) {
  await client.query("select pg_notify($1, $2)", [BROADCAST_CHANNEL, JSON.stringify({ topic })]);
}

class PostgresListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private delayMs = MIN_DELAY_MS;
  private timer: NodeJS.Timeout | undefined;
  private connectedOnce = false;

  constructor(
    private readonly connectionString: string,
    private readonly applicationName: string,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString, application_name: this.applicationName });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => {});
      if (this.stopped) return;
      console.error(
        `The notification connection to PostgreSQL was lost${error ? ` (${error.message})` : ""}; reconnecting in ${this.delayMs} ms.`,
      );
      this.timer = setTimeout(() => void this.connect(), this.delayMs);
      this.delayMs = Math.min(this.delayMs * 2, MAX_DELAY_MS);
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (message) => {
      if (message.channel === BROADCAST_CHANNEL && message.payload) dispatch(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${BROADCAST_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    this.client = client;
    this.delayMs = MIN_DELAY_MS;
    if (this.connectedOnce) {
      // Whatever was announced while the connection was down is unknown: drop everything.
      for (const topic of TOPICS) emitter.emit(topic);
    }
    this.connectedOnce = true;
  }

  get listening(): boolean {
    return this.client !== undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.client?.end().catch(() => {});
    this.client = undefined;
  }
}

const MIN_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;

/**
 * Starts the channel: on PostgreSQL, the LISTEN connection (named `applicationName`, as
 * pg_stat_activity shows it) and NOTIFY through `publish`; without a database URL, in process.
 */
export async function startBroadcast(options: {
  databaseUrl?: string;
  applicationName: string;
  publish?: (channel: string, payload: string) => Promise<void>;
}): Promise<void> {
  if (!options.databaseUrl) return;
  const publish = options.publish;
  publishThrough = publish ? (payload) => publish(BROADCAST_CHANNEL, payload) : undefined;
  listener = new PostgresListener(options.databaseUrl, options.applicationName);
  await listener.start();
}

/** Whether the LISTEN connection is up (true on PGlite, where there is none to lose). */
export function broadcastListening(): boolean {
  return listener ? listener.listening : true;
}

export async function stopBroadcast(): Promise<void> {
  await listener?.stop();
  listener = undefined;
  publishThrough = undefined;
}
