/**
 * How many of the works attached to each template section are on topic for it: the offline
 * template path (no model) over the bundled corpus for the topics of topics.ts, judged against
 * the labels in template-relevance-labels.json (README.md here says how they were made).
 * Prints, per template section and overall, the works attached, how many are labelled on topic,
 * and how many have no label yet (a changed pipeline attaches works nobody judged).
 *
 *   npx tsx bench/structure/template-relevance.ts            # the figures
 *   npx tsx bench/structure/template-relevance.ts --dump 1   # also print the unlabelled works
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusFiles } from '../../src/server/literature/corpus/bundled-corpus';
import { importLiteratureFile } from '../../src/server/literature/corpus/import-literature-file';
import { startTestServer } from '../../src/server/testing/test-server';
import { numberFlag } from '../search/bench-args';
import { BENCH_TOPICS } from './topics';

const CORPUS_DIR = path.resolve(import.meta.dirname, '../../corpus');
const LABELS = path.join(import.meta.dirname, 'template-relevance-labels.json');
const FILTERS = {
  includeText: '',
  excludeText: '',
  yearRange: [1990, new Date().getFullYear()],
  minCitations: 0,
  documentTypes: { article: true, preprint: true, wikipedia: false, rmv: false, web: false },
  jifFilter: { enabled: false, minValue: 0 },
};

/** One judgement: is `refId` on topic for section `section` of the paper on `topic`? */
interface Label {
  topic: string;
  section: string;
  refId: string;
  title: string;
  onTopic: boolean;
}

interface Tally {
  attached: number;
  onTopic: number;
  unlabelled: number;
  /** Sections that got no work at all. */
  empty: number;
}

const share = (tally: Tally) => {
  const labelled = tally.attached - tally.unlabelled;
  return labelled > 0 ? `${((tally.onTopic / labelled) * 100).toFixed(0)} %` : '-';
};

/** One line per key (a template section or a topic) and one for all. */
function printTallies(name: string, tallies: ReadonlyMap<string, Tally>): void {
  console.log(
    `${name.padEnd(42)} attached  on topic  unlabelled  no works  share on topic (labelled)`,
  );
  const total: Tally = { attached: 0, onTopic: 0, unlabelled: 0, empty: 0 };
  const line = (key: string, tally: Tally) =>
    console.log(
      `${key.padEnd(42)} ${String(tally.attached).padStart(8)}  ${String(tally.onTopic).padStart(8)}  ${String(tally.unlabelled).padStart(10)}  ${String(tally.empty).padStart(8)}  ${share(tally)}`,
    );
  for (const [key, tally] of tallies) {
    line(key, tally);
    total.attached += tally.attached;
    total.onTopic += tally.onTopic;
    total.unlabelled += tally.unlabelled;
    total.empty += tally.empty;
  }
  line('all', total);
}

async function main(): Promise<void> {
  const dump = numberFlag('dump', 0) === 1;
  const labels: Label[] = JSON.parse(readFileSync(LABELS, 'utf8')) as Label[];
  const judged = new Map(
    labels.map((label) => [`${label.topic}|${label.section}|${label.refId}`, label]),
  );
  const server = await startTestServer('pglite');
  try {
    for (const file of corpusFiles(CORPUS_DIR)) {
      await importLiteratureFile(server.context.database.db, file.path, { origin: 'corpus' });
    }
    const client = await server.signedInClient('Bench');
    const bySection = new Map<string, Tally>();
    const byTopic = new Map<string, Tally>();
    const unlabelled: Label[] = [];
    for (const topic of BENCH_TOPICS) {
      const started = await client.post('/api/structure', {
        ...topic,
        paperType: 'scientific',
        filters: FILTERS,
      });
      let body: Record<string, unknown> = {};
      for (;;) {
        body = (await client.get(`/api/structure?jobId=${String(started.body.jobId)}`)).body;
        if (body.status === 'completed' || body.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const result = body.result as {
        sections: { title: string; works: { refId: string; title: string }[] }[];
      };
      const topicTally = { attached: 0, onTopic: 0, unlabelled: 0, empty: 0 };
      byTopic.set(topic.title, topicTally);
      for (const section of result.sections) {
        const tally = bySection.get(section.title) ?? {
          attached: 0,
          onTopic: 0,
          unlabelled: 0,
          empty: 0,
        };
        if (section.works.length === 0) {
          tally.empty += 1;
          topicTally.empty += 1;
        }
        for (const work of section.works) {
          tally.attached += 1;
          topicTally.attached += 1;
          const label = judged.get(`${topic.title}|${section.title}|${work.refId}`);
          if (!label) {
            tally.unlabelled += 1;
            topicTally.unlabelled += 1;
            unlabelled.push({
              topic: topic.title,
              section: section.title,
              refId: work.refId,
              title: work.title,
              onTopic: false,
            });
          } else if (label.onTopic) {
            tally.onTopic += 1;
            topicTally.onTopic += 1;
          }
        }
        bySection.set(section.title, tally);
      }
    }
    console.log(
      `${BENCH_TOPICS.length} topics, scientific template, no model, ${labels.length} labels:`,
    );
    printTallies('section', bySection);
    console.log('');
    printTallies('topic', byTopic);
    if (dump) console.log(JSON.stringify(unlabelled, null, 2));
  } finally {
    await server.close();
  }
}

await main();
