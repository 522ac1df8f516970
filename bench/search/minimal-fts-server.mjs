// The reference for `search-tail.ts`: PostgreSQL full-text search as an administrator would set
// it up (tsvector column, GIN index, ts_rank), in a minimal Fastify server on PGlite, over the
// same corpus file (BEIR jsonl). A query's words are OR-ed, as a ranked search needs.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const db = new PGlite(process.env.PGLITE_DIR);
await db.exec(`create table docs (id text primary key, title text not null, abstract text not null,
  tsv tsvector generated always as (to_tsvector('english', title || ' ' || abstract)) stored);
  create index docs_tsv on docs using gin (tsv);`);
const lines = readFileSync(process.env.CORPUS_FILE, 'utf8').split('\n').filter(Boolean);
for (let start = 0; start < lines.length; start += 500) {
  const batch = lines.slice(start, start + 500).map((line) => JSON.parse(line));
  await db.query(
    'insert into docs (id, title, abstract) select * from unnest($1::text[], $2::text[], $3::text[])',
    [batch.map((doc) => doc._id), batch.map((doc) => doc.title), batch.map((doc) => doc.text)],
  );
}

const app = Fastify();
app.post('/api/search', async (request) => {
  const words =
    String(request.body.q)
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [];
  if (words.length === 0) return { results: [] };
  const { rows } = await db.query(
    `select id, title, abstract, ts_rank(tsv, query) as score
       from docs, to_tsquery('english', $1) query
      where tsv @@ query order by score desc limit $2`,
    [words.join(' | '), request.body.n ?? 100],
  );
  return { results: rows };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(JSON.stringify({ url: `http://127.0.0.1:${process.env.PORT}` }));
