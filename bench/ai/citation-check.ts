/**
 * Citation-check quality on SciFact claims: each claim against the abstracts it cites (SUPPORT,
 * CONTRADICT — spelt REFUTE in some copies —, or NEI when the annotators found no evidence there)
 * and against one random abstract. The offline check was fitted on the training claims
 * (bench/ai/train-citation-check.ts prints its cross-validated figures), so on them these
 * figures are optimistic; point SCRIPTOR_DATASETS at held-out claims for honest ones. Prints ROC AUC (supported vs the rest) and the recall of unsupported pairs at the
 * 0.5 threshold (certainty <= 0.5 is shown as a warning), for the offline lexical scorer and,
 * when a provider is configured in the environment (README "AI providers"), for the model judge
 * on a sample (--judge-limit, default 100).
 *
 *   npx tsx bench/ai/citation-check.ts [--judge-limit 100]
 */
import { loadConfig } from '../../src/server/config/config';
import { ProviderRegistry } from '../../src/server/ai/providers/provider-registry';
import { lexicalScore, lexicalCheck } from '../../src/server/ai/check/lexical-scorer';
import { judgeCitation } from '../../src/server/ai/check/model-judge';
import type { Work } from '../../src/shared/citations/work';
import { numberFlag } from '../search/bench-args';
import { seededRandom } from '../search/seeded-random';
import { rocAuc } from './roc-auc';
import { readClaims, readCorpus, type Label } from './scifact-data';

interface Pair {
  claim: string;
  work: Work;
  label: Label | 'RANDOM';
}

function report(name: string, pairs: Pair[], certainty: number[]): void {
  const by = (labels: string[]) =>
    certainty.filter((_value, index) => labels.includes(pairs[index]!.label));
  const supported = by(['SUPPORT']);
  const recallAt = (values: number[]) =>
    values.filter((value) => value <= 0.5).length / Math.max(1, values.length);
  const line = (label: string, negatives: number[]) =>
    `  ${label.padEnd(34)} AUC ${rocAuc(supported, negatives).toFixed(3)}   recall of unsupported at 0.5: ${(recallAt(negatives) * 100).toFixed(1)}%  (n=${negatives.length})`;
  console.log(`${name}: ${pairs.length} pairs, ${supported.length} supported`);
  console.log(`  supported pairs kept above 0.5: ${((1 - recallAt(supported)) * 100).toFixed(1)}%`);
  console.log(line('vs cited but NEI + CONTRADICT', by(['NEI', 'CONTRADICT'])));
  console.log(line('vs cited, CONTRADICT only', by(['CONTRADICT'])));
  console.log(line('vs random abstract', by(['RANDOM'])));
  console.log(line('vs all unsupported', by(['NEI', 'CONTRADICT', 'RANDOM'])));
}

async function main(): Promise<void> {
  const corpus = await readCorpus();
  const claims = await readClaims();
  const ids = [...corpus.keys()];
  const random = seededRandom(9);
  const pairs: Pair[] = [];
  for (const claim of claims) {
    for (const doc of claim.cited) {
      const work = corpus.get(doc);
      if (work) pairs.push({ claim: claim.claim, work, label: claim.labels.get(doc) ?? 'NEI' });
    }
    let other = ids[Math.floor(random() * ids.length)]!;
    while (claim.cited.includes(other)) other = ids[Math.floor(random() * ids.length)]!;
    pairs.push({ claim: claim.claim, work: corpus.get(other)!, label: 'RANDOM' });
  }

  const started = performance.now();
  const lexical = pairs.map((pair) => lexicalCheck(pair.claim, pair.work).certainty);
  const ms = performance.now() - started;
  report('Offline lexical scorer', pairs, lexical);
  console.log(
    `  ${((ms / pairs.length) * 1000).toFixed(0)} µs per check (abstract analysed each time)`,
  );
  const raw = pairs.map(
    (pair) => lexicalScore(pair.claim, pair.work.title, pair.work.abstract ?? '').overlap,
  );
  const mean = (label: string) => {
    const values = raw.filter((_v, index) => pairs[index]!.label === label);
    return (values.reduce((a, b) => a + b, 0) / values.length).toFixed(3);
  };
  console.log(
    `  mean word overlap: SUPPORT ${mean('SUPPORT')}, CONTRADICT ${mean('CONTRADICT')}, NEI ${mean('NEI')}, RANDOM ${mean('RANDOM')}`,
  );

  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.DATA_DIR ?? '/tmp/scriptor-bench',
  });
  const model = config.ai.defaultModel;
  const providers = new ProviderRegistry(config.ai);
  if (!providers.configured || !model) {
    console.log('Model judge: no provider and DEFAULT_MODEL configured; skipped.');
    return;
  }
  const limit = numberFlag('judge-limit', 100);
  const sample = pairs.filter((_pair, index) => index % Math.ceil(pairs.length / limit) === 0);
  const instance = providers.languageModel(model);
  const judged: number[] = [];
  for (const pair of sample) {
    try {
      judged.push((await judgeCitation(instance, pair.claim, pair.work)).certainty);
    } catch {
      judged.push(lexicalCheck(pair.claim, pair.work).certainty);
    }
  }
  report(`Model judge (${model})`, sample, judged);
}

await main();
