import pg from 'pg';
import type { Logger } from 'pino';

/**
 * One PostgreSQL connection LISTENing on a channel, reconnecting when lost. `listening` is true only while
 * notifications are being received: a cache built on it keeps nothing otherwise, so a lost notification can never
 * leave a stale value behind. `onChange` runs for every notification, and also when the connection is (re)made or
 * lost (whatever changed meanwhile is unknown).
 */
export class PgListener {
  #client: pg.Client | null = null;
  #listening = false;
  #stopped = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string | null,
    private readonly channel: string,
    private readonly onChange: () => void,
    private readonly log?: Logger,
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

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl!, application_name: `enzo-${this.channel}` });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.onChange();
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
    this.onChange();
    this.#listening = true;
  }

  #lost(client: pg.Client) {
    if (this.#client !== client) return;
    this.#client = null;
    this.#listening = false;
    this.onChange();
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
