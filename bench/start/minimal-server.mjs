// The reference for `bench/start/start.ts`: the least a Fastify + PGlite server does before it
// answers (open the same database, run one query, listen), with the page Scriptor serves.
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const db = new PGlite(process.env.PGLITE_DIR);
await db.query('select 1');
const app = Fastify();
app.get('/api/health', async () => ({ ok: true }));
app.get('/', async (_request, reply) =>
  reply.type('text/html').send(await readFile('dist/client/index.html')),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
