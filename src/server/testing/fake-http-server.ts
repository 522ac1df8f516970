import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
}

/**
 * A real HTTP server on 127.0.0.1 for tests of code that calls external services (OpenAlex,
 * doi.org): the client under test makes genuine requests, and the test sees what was asked.
 */
export async function startFakeHttpServer(
  handle: (request: RecordedRequest, response: ServerResponse) => void,
) {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const recorded = {
      method: request.method ?? 'GET',
      url: new URL(request.url ?? '/', 'http://127.0.0.1'),
      headers: request.headers,
    };
    requests.push(recorded);
    handle(recorded, response);
  });
  return { ...(await listenOnLoopback(server)), requests };
}
