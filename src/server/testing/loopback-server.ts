import type { IncomingMessage, Server } from 'node:http';

/** Listens on a free port of 127.0.0.1; `close` also ends open streams (a hanging answer). */
export async function listenOnLoopback(
  server: Server,
): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The request body as text. */
export async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const piece of request) body += String(piece);
  return body;
}
