import { createServer, type Server } from 'node:net';

/** Host uids given to sandboxes when the server runs as root, one per live sandbox. */
const FIRST_UID = 200_000;
const COUNT = 10_000;

/** A uid held by this process until `release`. */
export interface UidLease {
  uid: number;
  release(): Promise<void>;
}

/**
 * Sandbox uids unique on the host, across every server process: a uid is held by listening on
 * the abstract Unix socket named after it, which the kernel gives to one process at a time and
 * frees the moment that process exits (however it exits), so there is nothing to clean up after
 * a crash. Abstract sockets belong to a network namespace: processes in separate containers
 * need separate uid ranges (docs/data-analysis.md).
 */
export class UidPool {
  private next = Math.floor(Math.random() * COUNT);

  async take(): Promise<UidLease> {
    for (let tries = 0; tries < COUNT; tries += 1) {
      const uid = FIRST_UID + ((this.next + tries) % COUNT);
      const server = await hold(`\0scriptor-sandbox-uid-${uid}`);
      if (!server) continue;
      this.next = uid - FIRST_UID + 1;
      return {
        uid,
        release: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    }
    throw new Error('Too many sandboxes are running on this host');
  }
}

function hold(name: string): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(name, () => resolve(server));
    server.unref();
  });
}
