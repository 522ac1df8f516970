import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Work } from '../../shared/citations/work';
import { extractRefIds } from '../../shared/document';
import type { PaperType } from '../../shared/papers/paper-types';
import citedWorks from './cited-works.json' with { type: 'json' };

export interface ExamplePaper {
  id: string;
  title: string;
  type: PaperType;
  /** One sentence for the list: what the example shows. */
  description: string;
  content: string;
  /** The works the content cites, as the library stores them (real works of the bundled corpus). */
  citations: Work[];
}

const PAPERS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'papers');

/** One example per main paper type (002 §2 'Example papers'); files in papers/. */
const CATALOGUE: { id: string; type: PaperType; description: string }[] = [
  {
    id: 'scientific',
    type: 'scientific',
    description: 'A short scientific paper with a model, its parameters and their sources.',
  },
  {
    id: 'literature-review',
    type: 'literature_review',
    description: 'A literature review bringing four strands of research together.',
  },
  {
    id: 'essay',
    type: 'essay',
    description: 'An argumentative essay whose every claim cites an article.',
  },
  {
    id: 'assignment',
    type: 'assignment',
    description: 'A course assignment comparing two study strategies on published evidence.',
  },
];

const WORKS = new Map((citedWorks as Work[]).map((work) => [work.refId, work]));

function load(entry: (typeof CATALOGUE)[number]): ExamplePaper {
  const markdown = readFileSync(path.join(PAPERS_DIR, `${entry.id}.md`), 'utf8');
  // The first line is the title heading; the paper keeps it in its title field.
  const [heading = '', ...rest] = markdown.split('\n');
  const content = rest.join('\n').trim() + '\n';
  const citations = extractRefIds(content).map((refId) => {
    const work = WORKS.get(refId);
    if (!work)
      throw new Error(`Example ${entry.id} cites ${refId}, which is not in cited-works.json`);
    return work;
  });
  return { ...entry, title: heading.replace(/^#\s+/, ''), content, citations };
}

let examples: ExamplePaper[] | null = null;

/** The example papers, read once. */
export function examplePapers(): ExamplePaper[] {
  examples ??= CATALOGUE.map(load);
  return examples;
}

export function findExamplePaper(id: string): ExamplePaper | undefined {
  return examplePapers().find((example) => example.id === id);
}
