import pg from 'pg';
import type { Logger } from 'pino';

/**
 * What a PgListener reports: a notification's payload (`''` when it had none), or `null` when the connection was
 * just (re)made or lost, so whatever changed meanwhile is unknown.
 */
export type PgListenerEvent = string | null;

/**
 * One PostgreSQL connection LISTENing on a channel, reconnecting when lost. `listening` is true only while
 * notifications are being received: a cache built on it keeps nothing otherwise, so a lost notification can never
 * leave a stale value behind. `onEvent` runs for every notification on the channel and also, with `null`, when the
 * connection is (re)made (before `listening` turns true) or lost (after it turned false).
 */
export class PgListener {
  #client: pg.Client | null = null;
  #listening = false;
  #stopped = false;
  #retry: NodeJS.Timeout | undefined;
  /** Statements on the connection, one at a time (pg deprecates a query issued while another runs). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string | null,
    private readonly channel: string,
    private readonly onEvent: (event: PgListenerEvent) => void,
    private readonly log?: Logger,
    private readonly applicationName = `enzo-${channel}`,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  }

  get listening(): boolean {
    return this.#listening;
  }

  async start(): Promise<void> {
    if (!this.databaseUrl) return;
    await this.#connect().catch((err: unknown) => {
      this.log?.warn({ err, channel: this.channel }, 'sin LISTEN: se reintenta');
      this.#scheduleReconnect();
    });
  }

  /**
   * Sends a NOTIFY on this channel from the listening connection itself, after the statements already queued on it;
   * `leaving` runs just before it is sent. Rejects when not listening or when the statement fails.
   */
  async notify(payload: string, leaving?: () => void): Promise<void> {
    const client = this.#client;
    if (!client) throw new Error(`not listening on ${this.channel}`);
    const sent = this.#queue.then(() => {
      leaving?.();
      return client.query(`SELECT pg_notify($1, $2)`, [this.channel, payload]);
    });
    this.#queue = sent.catch(() => undefined);
    await sent;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl!, application_name: this.applicationName });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.onEvent(msg.payload ?? '');
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    if (this.#stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.onEvent(null);
    this.#listening = true;
  }

  #lost(client: pg.Client) {
    if (this.#client !== client) return;
    this.#client = null;
    this.#listening = false;
    this.onEvent(null);
    if (!this.#stopped) {
      this.log?.warn({ channel: this.channel }, 'se perdió la conexión LISTEN; sin caché hasta reconectar');
      this.#scheduleReconnect();
    }
  }

  #scheduleReconnect() {
    if (this.#stopped || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#connect().catch(() => this.#scheduleReconnect());
    }, 1000);
    this.#retry.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#listening = false;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }
}
