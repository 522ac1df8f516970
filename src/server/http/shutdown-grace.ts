import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the server waits for its sockets. Fastify closes the idle ones at once, but Node still
 * counts some as busy after their answer is over (a stream whose client went away without
 * closing the socket, a keep-alive socket after a request whose body was left unread): those
 * would hold a shutdown, or a deploy, for the 72 s keep-alive timeout or for ever. Sockets still
 * open when the grace is over are destroyed. They are tracked here: Node's own
 * `closeAllConnections` misses a socket whose request never finished arriving.
 */
export function closeSocketsAfterGrace(app: FastifyInstance, graceMs: number): void {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    setTimeout(() => {
      for (const socket of sockets) socket.destroy();
    }, graceMs).unref();
  });
}
