/**
 * The evidence a section is written from, measured through POST /api/rewrite as a user meets it:
 * a real server holding the bundled corpus (21,000 works) and the SciFact abstracts imported as
 * the README says, the fake OpenAI-compatible provider (which records every prompt and plans the
 * generic queries 'test query one' and 'test query two', so a plan that ignores the section is
 * tested too), and each SciFact training claim as a one-paragraph section of its own paper.
 *
 * Prints, over the sections whose claim has a cited work in the library: the share whose prompt
 * holds one of those works; the evidence slots that are not cited for the claim (strict), and
 * those that are off topic (neither cited for it nor holding one of the claim's two most specific
 * terms, rarest in the SciFact abstracts); how many sections got the 'no relevant literature'
 * note; how many works a prompt holds; and the work found in most prompts.
 *
 *   npx tsx bench/ai/evidence.ts [--claims 809] [--corpus 1]
 *
 * `--corpus 0` leaves the bundled corpus out (SciFact alone). Until undated works pass the year
 * filter, the SciFact abstracts (which have no year) are stored with the year 2000.
 */
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { works } from '../../src/server/db/schema/works';
import { importLiteratureFile } from '../../src/server/literature/corpus/import-literature-file';
import { corpusFiles } from '../../src/server/literature/corpus/bundled-corpus';
import { countSharedWorks, findVisibleWorks } from '../../src/server/literature/store/work-store';
import { evidenceIds, startFakeOpenAiServer } from '../../src/server/testing/fake-openai-server';
import { startTestServer } from '../../src/server/testing/test-server';
import { keyTerms } from '../../src/server/ai/text/key-terms';
import { plainAbstract } from '../../src/server/ai/text/plain-abstract';
import { numberFlag } from '../search/bench-args';
import { readClaims, readCorpus, SCIFACT } from './scifact-data';

const CORPUS_DIR = path.resolve(import.meta.dirname, '../../corpus');

const FILTERS = {
  includeText: '',
  excludeText: '',
  yearRange: [1990, new Date().getFullYear()],
  minCitations: 0,
  documentTypes: { article: true, preprint: true, wikipedia: false, rmv: false, web: false },
  jifFilter: { enabled: false, minValue: 0 },
};

async function main(): Promise<void> {
  const claimCount = numberFlag('claims', 809);
  const fake = await startFakeOpenAiServer();
  const server = await startTestServer('pglite', {
    OPENAI_BASE_URL: fake.baseUrl,
    DEFAULT_MODEL: 'openai:fake-small',
    BILLING: 'off',
  });
  try {
    const db = server.context.database.db;
    const started = performance.now();
    if (numberFlag('corpus', 1)) {
      for (const file of corpusFiles(CORPUS_DIR)) {
        await importLiteratureFile(db, file.path, { origin: 'corpus' });
      }
    }
    await importLiteratureFile(db, path.join(SCIFACT, 'corpus.jsonl'), { origin: 'corpus' });
    await db
      .update(works)
      .set({ publishedYear: 2000 })
      .where(and(eq(works.source, 'SciFact'), isNull(works.publishedYear)));
    const stored = await countSharedWorks(db);
    console.log(
      `${stored} works imported in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const corpus = await readCorpus();
    const documentFrequency = new Map<string, number>();
    for (const work of corpus.values()) {
      for (const term of new Set(keyTerms(`${work.title} ${work.abstract ?? ''}`))) {
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      }
    }
    const client = await server.signedInClient('Bench');
    const claims = (await readClaims()).filter((claim) => claim.cited.length > 0);
    const refIdOf = new Map<string, string>();
    const scifactWorks = await db
      .select({ refId: works.refId, sourceId: works.sourceId })
      .from(works)
      .where(eq(works.source, 'SciFact'));
    for (const row of scifactWorks) refIdOf.set(row.sourceId.replace(/^beir:/, ''), row.refId);

    let sections = 0;
    let withGold = 0;
    let slots = 0;
    let notCited = 0;
    let offTopic = 0;
    let noteShown = 0;
    const sizes: number[] = [];
    const appearances = new Map<string, number>();
    const rewriteStart = performance.now();
    for (const claim of claims.slice(0, claimCount)) {
      const gold = new Set(claim.cited.flatMap((doc) => refIdOf.get(doc) ?? []));
      if (gold.size === 0) continue;
      sections += 1;
      const content = `# A review\n\n## Background\n\n${claim.claim}`;
      const paper = await client.post('/api/papers', {
        title: 'A review',
        type: 'scientific',
        content,
      });
      const before = fake.chats.length;
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
          currentSection: claim.claim,
          paperId: paper.body.id,
          taskExplanation: 'Rewrite this section.',
          filters: FILTERS,
        }),
      });
      const streamed = await response.text();
      if (streamed.includes('[STATUS:no-relevant-literature:true]')) noteShown += 1;
      const writing = fake.chats.slice(before).find((chat) => chat.body.stream === true);
      const ids = writing ? evidenceIds(writing.prompt) : [];
      sizes.push(ids.length);
      if (ids.some((id) => gold.has(id))) withGold += 1;
      const specific = [...new Set(keyTerms(claim.claim))]
        .filter((term) => documentFrequency.has(term))
        .sort((a, b) => documentFrequency.get(a)! - documentFrequency.get(b)!)
        .slice(0, 2);
      const evidence = await findVisibleWorks(db, null, ids);
      for (const work of evidence) {
        slots += 1;
        appearances.set(work.title, (appearances.get(work.title) ?? 0) + 1);
        if (gold.has(work.refId)) continue;
        notCited += 1;
        const terms = new Set(keyTerms(`${work.title} ${plainAbstract(work.abstract)}`));
        if (!specific.some((term) => terms.has(term))) offTopic += 1;
      }
    }
    const ms = performance.now() - rewriteStart;
    const pct = (part: number, whole: number) =>
      `${((part / Math.max(1, whole)) * 100).toFixed(1)}%`;
    const sorted = [...sizes].sort((a, b) => a - b);
    const [commonest, count] = [...appearances].sort((a, b) => b[1] - a[1])[0] ?? ['-', 0];
    console.log(`${sections} one-claim sections whose claim has a cited work in the library:`);
    console.log(`  sections with a cited work in their evidence: ${pct(withGold, sections)}`);
    console.log(
      `  evidence slots: ${slots}; not cited for the claim ${pct(notCited, slots)}; off topic ${pct(offTopic, slots)}`,
    );
    console.log(
      `  works per prompt: mean ${(slots / Math.max(1, sections)).toFixed(1)}, median ${sorted[Math.floor(sorted.length / 2)] ?? 0}, max ${sorted.at(-1) ?? 0}; 'no relevant literature' ${noteShown} sections`,
    );
    console.log(`  work in most prompts: ${count} of ${sections} ("${commonest.slice(0, 70)}")`);
    console.log(`  ${(ms / Math.max(1, sections)).toFixed(0)} ms per rewrite`);
  } finally {
    await server.close();
    await fake.close();
  }
}

await main();
