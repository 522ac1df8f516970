/**
 * Reads BibTeX and CSL-JSON reference files of growing size and prints the time per phase, to
 * show that reading grows linearly with the entry count (issue 8 item 3).
 *
 *   npx tsx bench/import/reference-import.ts [max entries, default 20000]
 */
import { importEntries } from '../../src/server/citations/import/import-works';

const max = Number(process.argv[2] ?? 20_000);

function bibtex(count: number): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `@article{key${i},\n  title = {Study number ${i} of sleep},\n  author = {Doe, Jane and Roe, Rick},\n` +
      `  journal = {J. Tests}, year = {${1990 + (i % 30)}}, volume = {${i}}\n}`,
  ).join('\n');
}

function cslJson(count: number): string {
  const items = Array.from({ length: count }, (_, i) => ({
    id: `k${i}`,
    type: 'article-journal',
    title: `Study number ${i} of sleep`,
    author: [{ family: 'Doe', given: 'Jane' }],
    issued: { 'date-parts': [[1990 + (i % 30)]] },
  }));
  return JSON.stringify(items, null, 2);
}

console.log('format     entries   MB   split ms   read ms   µs/entry');
for (const [format, make] of [
  ['bibtex', bibtex],
  ['csl-json', cslJson],
] as const) {
  for (let count = Math.max(1, Math.floor(max / 4)); count <= max; count *= 2) {
    const text = make(count);
    const started = performance.now();
    const entries = importEntries(text);
    const split = performance.now();
    for (let index = 0; index < entries.count; index += 1) entries.read(index);
    const read = performance.now();
    console.log(
      `${format.padEnd(9)} ${String(count).padStart(8)} ${(text.length / 1e6).toFixed(1).padStart(5)}` +
        ` ${(split - started).toFixed(0).padStart(9)} ${(read - split).toFixed(0).padStart(9)}` +
        ` ${(((read - started) * 1000) / count).toFixed(0).padStart(10)}`,
    );
  }
}
