// The reference for `read-paper.ts`: the least a Fastify server does to read and save one paper
// row (no session, no history), on PostgreSQL (DATABASE_URL) or on PGlite (PGLITE_DIR). The
// paper to serve is read from PAPER_JSON (Scriptor's answer for the same paper).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const paper = JSON.parse(readFileSync(process.env.PAPER_JSON, 'utf8'));

async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return (text, values) => pool.query(text, values);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(process.env.PGLITE_DIR);
  return (text, values) => db.query(text, values);
}

const query = await openDatabase();
await query(`create table if not exists minimal_papers (
  id uuid primary key, owner_id text not null, title text not null, type text not null,
  description text not null, methodology text not null, field text not null,
  content text not null, citations jsonb not null, language text not null,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
await query(
  `insert into minimal_papers (id, owner_id, title, type, description, methodology, field,
     content, citations, language) values ($1, 'owner', $2, $3, $4, $5, $6, $7, $8, $9)
   on conflict (id) do nothing`,
  [
    paper.id,
    paper.title,
    paper.type,
    paper.description,
    paper.methodology,
    paper.field,
    paper.content,
    JSON.stringify(paper.citations),
    paper.language,
  ],
);

const app = Fastify();
app.get('/api/papers/:id', async (request, reply) => {
  const { rows } = await query('select * from minimal_papers where id = $1', [request.params.id]);
  if (rows.length === 0) return reply.code(404).send({ error: 'Paper not found' });
  return rows[0];
});
app.put('/api/papers/:id', async (request, reply) => {
  const { title, content } = request.body;
  const { rows } = await query(
    'update minimal_papers set title = $2, content = $3, updated_at = now() where id = $1 returning *',
    [request.params.id, title, content],
  );
  if (rows.length === 0) return reply.code(404).send({ error: 'Paper not found' });
  return rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(JSON.stringify({ url: `http://127.0.0.1:${process.env.PORT}` }));
