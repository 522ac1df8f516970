/** The benches' synthetic paper: headings and 100-word paragraphs, as markdown and as HTML. */

const WORDS_PER_PARAGRAPH = 100;
const PARAGRAPHS_PER_SECTION = 20;

const VOCABULARY = (
  'the model sleep memory consolidation network graph signal neural cortex analysis results ' +
  'suggest significant effect sample participants method data learning between across during ' +
  'however therefore increased reduced baseline condition measure response activity structure'
).split(' ');

/** A deterministic word stream, so every run writes the same paper. */
function* words(): Generator<string> {
  let state = 12_345;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield VOCABULARY[state % VOCABULARY.length] ?? 'word';
  }
}

export function syntheticBlocks(wordCount: number): {
  markdown: string;
  html: string;
  paragraphs: number;
} {
  const stream = words();
  const paragraphs = Math.ceil(wordCount / WORDS_PER_PARAGRAPH);
  const markdown: string[] = ['# Benchmark paper'];
  const html: string[] = ['<h1>Benchmark paper</h1>'];
  for (let p = 0; p < paragraphs; p++) {
    if (p % PARAGRAPHS_PER_SECTION === 0) {
      const title = `Section ${p / PARAGRAPHS_PER_SECTION + 1}`;
      markdown.push(`## ${title}`);
      html.push(`<h2>${title}</h2>`);
    }
    const text = Array.from({ length: WORDS_PER_PARAGRAPH }, () => stream.next().value).join(' ');
    markdown.push(`${text}.`);
    html.push(`<p>${text}.</p>`);
  }
  return { markdown: `${markdown.join('\n\n')}\n`, html: html.join(''), paragraphs };
}

export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}
