import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { COLLABORATION_PATH } from '../collaboration/live-documents';
import { isSameSite } from './origin-check';

/**
 * The live documents' WebSocket on the API's own port: an upgrade request for
 * COLLABORATION_PATH from this site (a page of another site could otherwise open it with the
 * visitor's cookie) is handed to Hocuspocus once the services have started; any other upgrade
 * is refused.
 */
export function serveLiveDocuments(
  app: FastifyInstance,
  { liveDocuments, config }: AppContext,
  servicesStarted: Promise<void>,
): void {
  const allowedOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  // The HTTP server waits for its sockets before it closes: the live documents' go first.
  app.addHook('preClose', async () => liveDocuments.closeSockets());
  app.server.on('upgrade', (request, socket, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const origin = request.headers.origin;
    const host = request.headers.host ?? '';
    if (
      url.pathname !== COLLABORATION_PATH ||
      (origin !== undefined && !isSameSite(allowedOrigin, origin, host))
    ) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    servicesStarted.then(
      () => liveDocuments.handleUpgrade(request, socket, head),
      () => socket.destroy(),
    );
  });
}
