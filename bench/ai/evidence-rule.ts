/**
 * Chooses how many works a claim's evidence holds, on SciFact *training* claims, without a
 * server: BM25's top 15 for each claim (as the search hands them to the evidence stage), the
 * relevance floor, then either a plain cap or 'the first two above the floor, more only above a
 * stronger relevance'. Prints, per rule, the share of claims whose cited work is kept and the
 * share of slots off topic, defined as in bench/ai/evidence.ts (neither cited for the claim nor
 * holding one of its two rarest terms), which measures the chosen rule through /api/rewrite.
 *
 *   npx tsx bench/ai/evidence-rule.ts
 */
import { preparedWork, relevance, RELEVANCE_FLOOR } from '../../src/server/ai/retrieval/relevance';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import { keyTerms } from '../../src/server/ai/text/key-terms';
import { readClaims, readCorpus } from './scifact-data';

interface Candidate {
  gold: boolean;
  offTopic: boolean;
  relevance: number;
}

const corpus = await readCorpus();
const claims = (await readClaims()).filter((claim) => claim.cited.length > 0);
const index = new Bm25Index();
for (const work of corpus.values()) {
  index.add({ docId: work.id, title: work.title, abstract: work.abstract ?? '' });
}
index.optimize();
const documentFrequency = new Map<string, number>();
for (const work of corpus.values()) {
  for (const term of new Set(keyTerms(`${work.title} ${work.abstract ?? ''}`))) {
    documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
}
const perClaim: Candidate[][] = claims.map((claim) => {
  const query = claim.claim.replace(/["“”]/g, ' ').replace(/(^|\s)[-+]/g, '$1');
  const specific = [...new Set(keyTerms(claim.claim))]
    .filter((term) => documentFrequency.has(term))
    .sort((a, b) => documentFrequency.get(a)! - documentFrequency.get(b)!)
    .slice(0, 2);
  return index.search({ query, limit: 15 }).map((hit) => {
    const work = corpus.get(String(hit.docId))!;
    const terms = new Set(keyTerms(`${work.title} ${work.abstract ?? ''}`));
    const gold = claim.cited.includes(String(hit.docId));
    return {
      gold,
      offTopic: !gold && !specific.some((term) => terms.has(term)),
      relevance: relevance(claim.claim, preparedWork(work)),
    };
  });
});

function report(name: string, choose: (above: Candidate[]) => Candidate[]): void {
  let withGold = 0;
  let slots = 0;
  let offTopic = 0;
  for (const candidates of perClaim) {
    const kept = choose(candidates.filter((entry) => entry.relevance >= RELEVANCE_FLOOR));
    if (kept.some((entry) => entry.gold)) withGold += 1;
    slots += kept.length;
    offTopic += kept.filter((entry) => entry.offTopic).length;
  }
  const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
  console.log(
    `${name.padEnd(28)} cited work kept ${pct(withGold, perClaim.length)}, off-topic slots ${pct(offTopic, slots)}, ${(slots / perClaim.length).toFixed(2)} works per claim`,
  );
}

console.log(`SciFact train: ${perClaim.length} claims with a cited work, BM25 top 15`);
for (const cap of [2, 3, 4]) report(`first ${cap}`, (above) => above.slice(0, cap));
for (const strong of [0.5, 0.6, 0.7, 0.8]) {
  report(`first 2, up to 4 above ${strong}`, (above) =>
    [...above.slice(0, 2), ...above.slice(2).filter((entry) => entry.relevance >= strong)].slice(
      0,
      4,
    ),
  );
}
