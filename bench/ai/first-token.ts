/**
 * The engine's own time per section before the first token: a real server (PGlite by default)
 * holding the bundled corpus (21,000 works), the fake OpenAI-compatible provider answering at once, and
 * rewrites of sections on varied topics. Prints, per request, the time until '[STATUS:writing]'
 * (query planning call, retrieval, ranking, token budgeting, prompt building) and until the first
 * generated text arrives.
 *
 *   npx tsx bench/ai/first-token.ts [--sections 30]
 *   npx tsx bench/ai/first-token.ts --works 1000000 --postgres 1   # topped up, see below
 *
 * `--works N` tops the library up to N works with synthetic ones grown from the arXiv sample
 * (bench/search/perturbed-corpus.ts: real vocabulary and term statistics, documents that
 * differ), stored through the same upsert as an import. `--postgres 1` uses a PostgreSQL server
 * (DATABASE_URL_TEST) instead of PGlite, which stores a million rows several times faster.
 */
import path from 'node:path';
import { importLiteratureFile } from '../../src/server/literature/corpus/import-literature-file';
import { countSharedWorks } from '../../src/server/literature/store/work-store';
import { corpusFiles } from '../../src/server/literature/corpus/bundled-corpus';
import { startFakeOpenAiServer } from '../../src/server/testing/fake-openai-server';
import { startTestServer } from '../../src/server/testing/test-server';
import { numberFlag } from '../search/bench-args';
import { readClaims } from './scifact-data';
import { topUpWorks } from './synthetic-works';

const CORPUS_DIR = path.resolve(import.meta.dirname, '../../corpus');

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const sections = numberFlag('sections', 30);
  const targetWorks = numberFlag('works', 0);
  const fake = await startFakeOpenAiServer();
  const server = await startTestServer(numberFlag('postgres', 0) ? 'postgres' : 'pglite', {
    OPENAI_BASE_URL: fake.baseUrl,
    DEFAULT_MODEL: 'openai:fake-small',
  });
  try {
    const db = server.context.database.db;
    const importStart = performance.now();
    for (const file of corpusFiles(CORPUS_DIR))
      await importLiteratureFile(db, file.path, { origin: 'corpus' });
    if (targetWorks > 0) await topUpWorks(db, targetWorks - (await countSharedWorks(db)));
    const works = await countSharedWorks(db);
    console.log(
      `${works} works imported in ${((performance.now() - importStart) / 1000).toFixed(0)} s`,
    );
    const client = await server.signedInClient('Bench');
    const indexStart = performance.now();
    await client.post('/api/search', {
      q: 'warm up the index',
      documentTypes: ['preprint', 'article'],
    });
    console.log(`index caught up in ${((performance.now() - indexStart) / 1000).toFixed(1)} s`);

    const claims = (await readClaims()).slice(0, sections);
    const toWriting: number[] = [];
    const toFirstToken: number[] = [];
    for (const [index, claim] of claims.entries()) {
      const content = `# Bench paper ${index}\n\n## Background\n\n${claim.claim} This section reviews the evidence.`;
      const paper = await client.post('/api/papers', {
        title: `Bench ${index}`,
        type: 'scientific',
        content,
      });
      const started = performance.now();
      const response = await fetch(`${server.url}/api/rewrite`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          cookie: client.cookieHeader(),
        },
        body: JSON.stringify({
          text: content,
          sectionNumber: '1',
          sectionLevel: 2,
          sectionTitle: 'Background',
          currentSection: `${claim.claim} This section reviews the evidence.`,
          paperId: paper.body.id,
          taskExplanation: 'Rewrite this section.',
          filters: {
            includeText: '',
            excludeText: '',
            yearRange: [1990, new Date().getFullYear()],
            minCitations: 0,
            documentTypes: {
              article: true,
              preprint: true,
              wikipedia: false,
              rmv: false,
              web: false,
            },
            jifFilter: { enabled: false, minValue: 0 },
          },
        }),
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      let writingAt = 0;
      let firstTokenAt = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
        if (!writingAt && received.includes('[STATUS:writing]')) writingAt = performance.now();
        const after = received.split('[PART:content]')[1];
        if (!firstTokenAt && after && after.replace(/\[[^\]]*\]/g, '').length > 0) {
          firstTokenAt = performance.now();
        }
      }
      toWriting.push(writingAt - started);
      toFirstToken.push(firstTokenAt - started);
    }
    const line = (label: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(
        `${label.padEnd(40)} p50 ${percentile(sorted, 50).toFixed(0)} ms   p95 ${percentile(sorted, 95).toFixed(0)} ms   max ${sorted.at(-1)?.toFixed(0)} ms`,
      );
    };
    console.log(
      `${claims.length} section rewrites over ${works} works (fake provider, instant answers):`,
    );
    line('request → [STATUS:writing]', toWriting);
    line('request → first generated text', toFirstToken);
  } finally {
    await server.close();
    await fake.close();
  }
}

await main();
