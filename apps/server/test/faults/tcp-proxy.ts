import net from 'node:net';

/**
 * A TCP proxy between the app's pool and PostgreSQL, so a test can "restart" the database without
 * touching the shared server: `restart()` cuts every open connection and refuses new ones (the
 * port is closed: ECONNREFUSED) until `start()`; `blackhole()` keeps accepting but forwards
 * nothing, as a dropped network does; `cutOnce()` cuts the connection that sends a given message;
 * `blackholeAt()` opens the black hole at a given message.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket; dead: boolean }>();
  private silent = false;
  private cut: { marker: Buffer; after: boolean; swallow: boolean; done: () => void } | null = null;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Accepts and forwards (again), on the same port as before. */
  async start(): Promise<void> {
    this.silent = false;
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The database goes away: every open connection is cut and the port refuses new ones. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.destroyAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Connections open (and new ones accepted) but nothing passes in either direction, until `stop()`. */
  blackhole(): void {
    this.silent = true;
    for (const pair of this.pairs) pair.dead = true;
  }

  /** New connections forward again; the ones swallowed by the black hole stay dead (their packets are lost). */
  heal(): void {
    this.silent = false;
  }

  /**
   * The next time the app sends a message containing `marker` (e.g. `commit`), its connection is cut
   * before PostgreSQL sees it (`after: false`), or after PostgreSQL ran it but before its answer
   * reaches the app (`after: true`). Resolves when the cut happened.
   */
  cutOnce(marker: string, options: { after: boolean }): Promise<void> {
    return new Promise((resolve) => {
      this.cut = { marker: Buffer.from(marker), after: options.after, swallow: false, done: resolve };
    });
  }

  /** The black hole opens when the app sends a message containing `marker`; that message is lost too. */
  blackholeAt(marker: string): Promise<void> {
    return new Promise((resolve) => {
      this.cut = { marker: Buffer.from(marker), after: false, swallow: true, done: resolve };
    });
  }

  get openConnections(): number {
    return this.pairs.size;
  }

  async close(): Promise<void> {
    await this.stop();
  }

  private destroyAll(): void {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    this.pairs.clear();
  }

  private accept(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    // A connection opened into the black hole never forwards, even after heal().
    const pair = { client, upstream, dead: this.silent };
    this.pairs.add(pair);
    let cutAfterAnswer: (() => void) | null = null;
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);

    client.on('data', (chunk: Buffer) => {
      if (pair.dead) return;
      const cut = this.cut;
      if (cut && chunk.includes(cut.marker)) {
        this.cut = null;
        if (cut.swallow) {
          this.blackhole();
          cut.done();
          return;
        }
        if (!cut.after) {
          end();
          cut.done();
          return;
        }
        cutAfterAnswer = () => {
          end();
          cut.done();
        };
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (pair.dead) return;
      if (cutAfterAnswer) {
        cutAfterAnswer();
        return;
      }
      client.write(chunk);
    });
  }
}
