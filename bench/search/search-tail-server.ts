/**
 * Scriptor for `search-tail.ts`, in its own process: the real server on a fresh PGlite
 * database, the library alone as its literature source (LITERATURE_SOURCES=local), holding the
 * SciFact corpus. Prints one JSON line with the URL and a signed-in cookie, then serves until
 * it is killed.
 */
import { importLiteratureFile } from '../../src/server/literature/corpus/import-literature-file';
import { startTestServer } from '../../src/server/testing/test-server';

const server = await startTestServer('pglite', {
  LITERATURE_SOURCES: 'local',
  LITERATURE_CACHE_MINUTES: '0',
  QUEUE_MAINTENANCE_SECONDS: '60',
});
await importLiteratureFile(server.context.database.db, String(process.env.CORPUS_FILE), {
  origin: 'corpus',
});
const client = await server.signedInClient('Bench User');
// The index takes in the imported corpus at the first search; the load should not wait for it.
await client.post('/api/search', { q: 'warm up', documentTypes: {} });
console.log(JSON.stringify({ url: server.url, cookie: client.cookieHeader() }));
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
