/**
 * Markdown parse and serialize times for a paper of realistic size: 60,000 words with 500
 * citations and 50 equations, plus headings, lists, tables and a bibliography. Prints the
 * median of several runs; no assertions. Run: npx tsx bench/document-parse.ts
 */
import { parseMarkdown, serializeMarkdown, splitSections } from '../src/shared/document';

const WORDS = 60_000;
const CITATIONS = 500;
const EQUATIONS = 50;
const RUNS = 7;

const vocabulary = (
  'sleep memory consolidation hippocampus cortex replay spindle oscillation slow wave ' +
  'participants effect significant analysis model evidence suggests however therefore ' +
  'results baseline condition retrieval encoding interference learning performance data'
).split(' ');

/** A deterministic pseudo-random generator, so every run measures the same paper. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function refId(index: number): string {
  return `ref_${index.toString(36).padStart(8, '0')}`;
}

function buildPaper(): string {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const blocks: string[] = ['# A Synthetic Paper on Sleep and Memory'];
  let words = 0;
  let citations = 0;
  let equations = 0;
  let paragraph = 0;
  while (words < WORDS) {
    paragraph++;
    if (paragraph % 25 === 1) blocks.push(`## Section ${Math.ceil(paragraph / 25)}`);
    else if (paragraph % 8 === 1) blocks.push(`### Subsection ${paragraph}`);
    const sentences: string[] = [];
    for (let sentence = 0; sentence < 5; sentence++) {
      const length = 12 + Math.floor(next() * 10);
      const text: string[] = [];
      for (let i = 0; i < length; i++) text.push(pick(vocabulary));
      words += length;
      if (next() < 0.1) text[2] = `**${text[2]}**`;
      if (next() < 0.1) text[5] = `*${text[5]}*`;
      let line = text.join(' ');
      if (citations < CITATIONS && next() < 0.17) {
        line +=
          next() < 0.3
            ? ` [${refId(citations)}; ${refId(citations + 1)}]`
            : ` [${refId(citations)}]`;
        citations++;
      }
      if (equations < EQUATIONS && next() < 0.02) {
        line += ` where $$x_${equations} = \\frac{a}{b}$$ holds`;
        equations++;
      }
      sentences.push(`${line[0]?.toUpperCase()}${line.slice(1)}.`);
    }
    blocks.push(sentences.join(' '));
    if (paragraph % 40 === 0) blocks.push('- first point\n- second point\n  - a detail');
    if (paragraph % 60 === 0)
      blocks.push('| Measure | Value |\n| --- | ---: |\n| mean | 0.42 |\n| sd | 0.10 |');
  }
  blocks.push('## References');
  const entries: string[] = [];
  for (let i = 0; i <= citations; i++)
    entries.push(`[x${refId(i)}] Author, A. (2020). Title ${i}. *Journal*, 1, ${i}.`);
  blocks.push(entries.join('\n'));
  return blocks.join('\n\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const markdown = buildPaper();
const doc = parseMarkdown(markdown);
// Warm up the JIT before measuring.
for (let i = 0; i < 2; i++) serializeMarkdown(parseMarkdown(markdown));

const parse = median(Array.from({ length: RUNS }, () => time(() => parseMarkdown(markdown))));
const serialize = median(Array.from({ length: RUNS }, () => time(() => serializeMarkdown(doc))));
const sections = median(Array.from({ length: RUNS }, () => time(() => splitSections(markdown))));

let citations = 0;
let equations = 0;
doc.descendants((node) => {
  if (node.type.name === 'reference') citations++;
  if (node.type.name === 'inlineEquation' || node.type.name === 'blockEquation') equations++;
  return true;
});
const wordCount = markdown.split(/\s+/).length;
console.log(
  `paper: ${(markdown.length / 1024).toFixed(0)} KiB, ~${wordCount} words, ${doc.childCount} blocks, ` +
    `${citations} citations, ${equations} equations`,
);
console.log(`parseMarkdown:     ${parse.toFixed(1)} ms (median of ${RUNS})`);
console.log(`serializeMarkdown: ${serialize.toFixed(1)} ms (median of ${RUNS})`);
console.log(`splitSections:     ${sections.toFixed(1)} ms (median of ${RUNS})`);
