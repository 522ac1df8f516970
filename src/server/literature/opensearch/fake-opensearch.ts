import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A small stand-in for an OpenSearch node for tests: it answers the client's version check,
 * index existence and creation, `_bulk` (NDJSON, stored by `_id`), `_refresh` and `_search`
 * (every stored document, with the request body recorded so tests can inspect the query).
 */
export async function startFakeOpenSearch(options: { failBulkNumber?: number } = {}) {
  const documents = new Map<string, Record<string, unknown>>();
  const searches: Record<string, unknown>[] = [];
  const created: unknown[] = [];
  let bulks = 0;

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const handle = (request: IncomingMessage, body: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/' && request.method === 'GET') {
      reply(response, 200, { version: { distribution: 'opensearch', number: '2.15.0' } });
    } else if (url.pathname === '/_bulk') {
      bulks += 1;
      if (bulks === options.failBulkNumber) {
        reply(response, 500, { error: { type: 'node_not_connected_exception' }, status: 500 });
        return;
      }
      const lines = body.split('\n').filter((line) => line.trim() !== '');
      const items: unknown[] = [];
      for (let i = 0; i + 1 < lines.length; i += 2) {
        const action = JSON.parse(lines[i]!) as { index: { _id: string } };
        documents.set(action.index._id, JSON.parse(lines[i + 1]!) as Record<string, unknown>);
        items.push({ index: { _id: action.index._id, status: 201, result: 'created' } });
      }
      reply(response, 200, { took: 3, errors: false, items });
    } else if (url.pathname.endsWith('/_refresh')) {
      reply(response, 200, { _shards: { total: 1, successful: 1, failed: 0 } });
    } else if (url.pathname.endsWith('/_search')) {
      searches.push(JSON.parse(body || '{}') as Record<string, unknown>);
      const hits = [...documents].map(([id, source], rank) => ({
        _index: 'works',
        _id: id,
        _score: 10 - rank,
        _source: source,
      }));
      reply(response, 200, { took: 2, timed_out: false, hits: { max_score: 10, hits } });
    } else if (request.method === 'HEAD') {
      response.writeHead(created.length > 0 ? 200 : 404);
      response.end();
    } else if (request.method === 'PUT') {
      created.push(JSON.parse(body) as unknown);
      reply(response, 200, { acknowledged: true, index: url.pathname.slice(1) });
    } else reply(response, 404, { error: 'no handler' });
  };

  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => handle(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    documents,
    searches,
    created,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
