/**
 * Scriptor for `read-paper.ts`, in its own process: the real server on a fresh database
 * (BENCH_DB=pglite|postgres), one signed-in user and one 10,000-word paper. Prints one JSON
 * line with what the load generator needs, then serves until it is killed.
 */
import { startTestServer } from '../../src/server/testing/test-server';
import { paperMarkdown } from './paper-text';

const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
// The production default, not the test harness's one-second queue maintenance.
const server = await startTestServer(kind, { QUEUE_MAINTENANCE_SECONDS: '60' });
const client = await server.signedInClient('Bench User');
const created = await client.post('/api/papers', {
  title: 'Bench paper',
  type: 'scientific',
  content: paperMarkdown(10_000),
});
if (created.status !== 201) throw new Error(`create answered ${created.status}`);
console.log(
  JSON.stringify({
    url: server.url,
    cookie: client.cookieHeader(),
    paper: created.body,
    databaseUrl: kind === 'postgres' ? server.context.database.url : undefined,
  }),
);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
