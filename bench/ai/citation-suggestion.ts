/**
 * Citation suggestion on SciFact training claims: the offline engine's "add citations" step
 * (BM25 search of the claim over the 5,183 abstracts, the top 10 gated by the relevance floor,
 * and the best-ranked one that passes is cited). Prints hit@1 (the cited work is one the claim's
 * authors cited) and hit@3 (one of the first three passing candidates is), next to plain BM25
 * ranking. The floor was calibrated on these same claims (bench/ai/train-grounding-models.ts).
 *
 *   npx tsx bench/ai/citation-suggestion.ts
 */
import { addCitations, citableCandidates } from '../../src/server/ai/offline/add-citations';
import { plainQuery } from '../../src/server/ai/retrieval/section-claims';
import { findCitationMarkers } from '../../src/shared/citations/citation-marker';
import type { ScoredWork } from '../../src/server/literature/providers/literature-provider';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import { readClaims, readCorpus } from './scifact-data';

const CANDIDATES = 10;

async function main(): Promise<void> {
  const corpus = await readCorpus();
  const byRefId = new Map([...corpus.values()].map((work) => [work.refId, work]));
  const index = new Bm25Index();
  for (const work of corpus.values()) {
    index.add({ docId: work.id, title: work.title, abstract: work.abstract ?? '' });
  }
  index.optimize();
  const search = async (text: string, limit: number): Promise<ScoredWork[]> => {
    return index.search({ query: plainQuery(text), limit }).flatMap((hit) => {
      const work = corpus.get(String(hit.docId));
      return work ? [{ ...work, similarity_score: hit.score }] : [];
    });
  };

  const claims = (await readClaims()).filter((claim) => claim.cited.length > 0);
  let engineHit1 = 0;
  let engineCited = 0;
  let engineHit3 = 0;
  let bm25Hit1 = 0;
  let bm25Hit3 = 0;
  const started = performance.now();
  for (const claim of claims) {
    const gold = new Set(claim.cited);
    const candidates = await search(claim.claim, CANDIDATES);
    if (candidates[0] && gold.has(candidates[0].id)) bm25Hit1 += 1;
    if (candidates.slice(0, 3).some((work) => gold.has(work.id))) bm25Hit3 += 1;
    const suggested = citableCandidates(claim.claim, candidates);
    if (suggested.slice(0, 3).some((entry) => gold.has(entry.work.id))) engineHit3 += 1;

    const added = await addCitations(claim.claim, search);
    const cited = findCitationMarkers(added.text).flatMap((marker) => marker.refIds);
    if (cited.length > 0) engineCited += 1;
    const first = cited[0] ? byRefId.get(cited[0]) : undefined;
    if (first && gold.has(first.id)) engineHit1 += 1;
  }
  const ms = performance.now() - started;
  const pct = (count: number) => `${((count / claims.length) * 100).toFixed(1)}%`;
  console.log(`SciFact train claims with cited abstracts: ${claims.length}`);
  console.log(
    `Offline engine (cites the best-ranked work above the relevance floor): hit@1 ${pct(engineHit1)}, cited something for ${pct(engineCited)}`,
  );
  console.log(`  precision of what it cited: ${((engineHit1 / engineCited) * 100).toFixed(1)}%`);
  console.log(
    `  hit@3 (first three of BM25's top ${CANDIDATES} that pass the floor): ${pct(engineHit3)}`,
  );
  console.log(`Plain BM25: hit@1 ${pct(bm25Hit1)}, hit@3 ${pct(bm25Hit3)}`);
  console.log(`${(ms / claims.length).toFixed(1)} ms per claim`);
}

await main();
