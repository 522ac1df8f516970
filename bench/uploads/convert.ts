/**
 * Upload conversion figures (no assertions):
 *  - side by side in one run, medians of RUNS: the 50-page two-column journal PDF converted
 *    in a warm process (pdf.js loaded, as in a conversion process that has started) beside
 *    `pdftotext -layout`'s whole process; the 1,000-page PDF beside the 50-page one (linear
 *    growth is 20x); the 100-page paper as .docx through the installed pandoc and through the
 *    WebAssembly build beside native `pandoc -t markdown`'s whole process;
 *  - a 50-page two-column text PDF: pages/s and peak memory of Scriptor's converter, side by
 *    side with poppler's pdftotext on the same file;
 *  - a 200-slide .pptx deck through pandoc (WebAssembly): slides/s and peak memory;
 *  - growth with size: 100- and 1,000-page PDFs (two-column journal pages, and one paragraph
 *    flowing through every page) and 2 and 16 MB of text notes, with the CPU time per unit, so
 *    a step that grows faster than the input shows as a rising cost per unit;
 *  - the structure score on the fixture set: headings and table cells recovered out of those
 *    present, per format.
 * Every measurement runs in a fresh process so its peak memory (max RSS) is its own.
 * Run: npx tsx bench/uploads/convert.ts [side-by-side | structure]: either section and the
 * structure score alone, or (no argument) everything
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { longPaper } from '../../src/server/export/testing/long-paper';
import { findProgram } from '../../src/server/files/convert/external-tool';
import { checkFile } from '../../src/server/files/convert/registry';
import {
  FIXTURE_CSV,
  FIXTURE_LATEX,
  FIXTURE_MARKDOWN,
  FIXTURE_PANDOC_MARKDOWN,
  FIXTURE_STRUCTURE,
  libreOfficeConvert,
  pandocWrite,
  savBytes,
  xlsxBytes,
} from '../../src/server/files/convert/testing/fixture-files';
import { flowingPdf, journalPdf } from '../../src/server/files/convert/testing/sample-pdf';
import { structureOf, structureScore } from '../../src/server/files/convert/testing/structure';

const PDF_PAGES = 50;
const RUNS = 5;
const SLIDES = 200;
const SELF = fileURLToPath(import.meta.url);

interface Measurement {
  seconds: number;
  /** CPU time of the conversion (user + system), steadier than wall time on a shared machine. */
  cpuSeconds: number;
  peakMb: number;
  characters: number;
}

/** Child mode: converts one file in this process and prints its time and peak memory. */
async function measureOne(file: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(file));
  const format = await checkFile(file, bytes);
  const converter = await format.load();
  const workDir = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-'));
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const markdown = await converter({ fileName: file, bytes, workDir, report: () => undefined });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  rmSync(workDir, { recursive: true, force: true });
  const result: Measurement = {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    peakMb: process.resourceUsage().maxRSS / 1024,
    characters: markdown.length,
  };
  process.stdout.write(JSON.stringify(result));
}

/**
 * Child mode: converts the file once to warm up (modules loaded, as in a started conversion
 * process), then `runs` times, and prints the median wall time of those.
 */
async function measureWarm(file: string, runs: number): Promise<void> {
  const bytes = new Uint8Array(readFileSync(file));
  const converter = await (await checkFile(file, bytes)).load();
  const once = async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-'));
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await converter({ fileName: file, bytes: bytes.slice(), workDir, report: () => undefined });
    const cpu = process.cpuUsage(cpuStart);
    const seconds = (performance.now() - start) / 1000;
    rmSync(workDir, { recursive: true, force: true });
    return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  };
  await once();
  const measured: { seconds: number; cpuSeconds: number }[] = [];
  for (let run = 0; run < runs; run++) measured.push(await once());
  const warm: Warm = {
    seconds: median(measured.map((one) => one.seconds)),
    cpuSeconds: median(measured.map((one) => one.cpuSeconds)),
  };
  process.stdout.write(JSON.stringify(warm));
}

/** Medians of warm conversions: wall time, and this process's CPU time (pandoc's is its own). */
interface Warm {
  seconds: number;
  cpuSeconds: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The warm median of a conversion in a child process; `env` may hide the installed pandoc. */
function warmInChild(file: string, runs: number, env: NodeJS.ProcessEnv = process.env): Warm {
  const run = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--warm', file, String(runs)], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Warm;
}

/** The median wall time of a whole process run `runs` times. */
function processMedian(command: string, args: string[], runs: number): number | undefined {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const result = spawnSync(command, args, { stdio: 'ignore' });
    if (result.status !== 0) return undefined;
    times.push((performance.now() - start) / 1000);
  }
  return median(times);
}

function inChild(file: string): Measurement {
  const run = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--one', file], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Measurement;
}

/** pdftotext under GNU time, for its wall time and max RSS. */
function pdftotext(file: string): Measurement | undefined {
  const out = `${file}.txt`;
  const start = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', 'pdftotext', '-layout', file, out], {
    encoding: 'utf8',
  });
  const seconds = (performance.now() - start) / 1000;
  if (run.status !== 0) return undefined;
  const peakKb = Number(run.stderr.trim().split('\n').pop());
  return {
    seconds,
    cpuSeconds: Number.NaN,
    peakMb: peakKb / 1024,
    characters: readFileSync(out, 'utf8').length,
  };
}

function deckMarkdown(slides: number): string {
  return Array.from(
    { length: slides },
    (_, index) =>
      `## Slide ${index + 1}: sleep and memory\n\n- Replay during slow-wave sleep, finding ${index}\n- Spindles couple with slow oscillations\n- Recall improves by ${index % 17} percent`,
  ).join('\n\n');
}

const row = (cells: (string | number)[]) =>
  console.log(
    cells
      .map(String)
      .map((c) => c.padEnd(26))
      .join(''),
  );

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-'));
  try {
    const only = process.argv[2];
    if (only !== 'structure') await sideBySide(dir);
    if (only === undefined) await speedAndGrowth(dir);
    await structure(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Scriptor beside pdftotext and native pandoc, in one run. */
async function sideBySide(dir: string): Promise<void> {
  const pdf = path.join(dir, 'journal.pdf');
  writeFileSync(pdf, journalPdf(PDF_PAGES));
  const longPdf = path.join(dir, 'journal-1000.pdf');
  writeFileSync(longPdf, journalPdf(1000));
  const paperDocx = path.join(dir, 'paper.docx');
  writeFileSync(paperDocx, await pandocWrite('docx', longPaper(100).markdown));

  console.log(
    `\nSide by side, medians of ${RUNS} runs (load average ${loadavg()[0]?.toFixed(2)})\n`,
  );
  row(['input', 'Scriptor s', 'Scriptor CPU s', 'reference', 'reference s', 'ratio']);
  const ratioRow = (input: string, ours: Warm, name: string, theirs: number | undefined) =>
    row([
      input,
      ours.seconds.toFixed(3),
      ours.cpuSeconds.toFixed(3),
      name,
      theirs === undefined ? 'not installed' : theirs.toFixed(3),
      theirs === undefined ? '-' : `${(ours.seconds / theirs).toFixed(1)}x`,
    ]);
  const warm50 = warmInChild(pdf, RUNS);
  ratioRow(
    `${PDF_PAGES}-page PDF, warm`,
    warm50,
    'pdftotext -layout',
    processMedian('pdftotext', ['-layout', pdf, path.join(dir, 'journal.txt')], RUNS),
  );
  const warm1000 = warmInChild(longPdf, 3);
  ratioRow('1,000-page PDF, warm', warm1000, `${PDF_PAGES}-page PDF`, warm50.seconds);
  console.log(
    `  (CPU time: ${(warm1000.cpuSeconds / warm50.cpuSeconds).toFixed(1)}x the 50-page PDF's)`,
  );
  const pandoc = findProgram('pandoc');
  const nativePandoc = pandoc
    ? processMedian(
        pandoc,
        ['-f', 'docx', '-t', 'markdown', paperDocx, '-o', `${paperDocx}.md`],
        RUNS,
      )
    : undefined;
  if (pandoc) {
    ratioRow(
      '100-page .docx, warm',
      warmInChild(paperDocx, RUNS),
      'pandoc -t markdown',
      nativePandoc,
    );
  }
  ratioRow(
    '100-page .docx, wasm',
    warmInChild(paperDocx, RUNS, { ...process.env, PATH: '/nonexistent' }),
    'pandoc -t markdown',
    nativePandoc,
  );
  console.log(
    '\nScriptor: conversion inside a process that has converted before; reference: its whole process.' +
      '\nGoals: PDF <= 10x pdftotext, 1,000 pages <= 20x 50 pages, .docx <= 2x pandoc.',
  );
}

/** Pages/s and peak memory in fresh processes, and growth with size. */
async function speedAndGrowth(dir: string): Promise<void> {
  const pdf = path.join(dir, 'journal.pdf');
  writeFileSync(pdf, journalPdf(PDF_PAGES));
  const deck = path.join(dir, 'deck.pptx');
  writeFileSync(deck, await pandocWrite('pptx', deckMarkdown(SLIDES)));

  console.log(
    `\nSpeed and peak memory (fresh process each; peak includes Node and the converter)\n`,
  );
  row(['input', 'converter', 'units/s', 'seconds', 'peak MB']);
  const ours = inChild(pdf);
  row([
    `${PDF_PAGES}-page PDF`,
    'Scriptor (pdf.js)',
    (PDF_PAGES / ours.seconds).toFixed(1),
    ours.seconds.toFixed(2),
    ours.peakMb.toFixed(0),
  ]);
  const poppler = pdftotext(pdf);
  if (poppler) {
    row([
      `${PDF_PAGES}-page PDF`,
      'pdftotext -layout',
      (PDF_PAGES / poppler.seconds).toFixed(1),
      poppler.seconds.toFixed(2),
      poppler.peakMb.toFixed(0),
    ]);
  } else row([`${PDF_PAGES}-page PDF`, 'pdftotext', 'not installed']);
  const slides = inChild(deck);
  row([
    `${SLIDES}-slide deck`,
    'Scriptor (pandoc wasm)',
    (SLIDES / slides.seconds).toFixed(1),
    slides.seconds.toFixed(2),
    slides.peakMb.toFixed(0),
  ]);

  console.log(`\nGrowth with size (CPU seconds per unit should stay flat)\n`);
  row(['input', 'units', 'seconds', 'CPU s', 'CPU ms/unit', 'peak MB']);
  const notes = '# Session\n\nParticipants **slept** 7 h; see [the log](https://example.org).\n\n';
  const growth: [string, number, string, Uint8Array][] = [
    ['journal PDF (pages)', 100, 'pdf', journalPdf(100)],
    ['journal PDF (pages)', 1000, 'pdf', journalPdf(1000)],
    ['flowing PDF (pages)', 100, 'pdf', flowingPdf(100)],
    ['flowing PDF (pages)', 1000, 'pdf', flowingPdf(1000)],
    ['text notes (MB)', 2, 'txt', Buffer.from(notes.repeat((2 << 20) / notes.length))],
    ['text notes (MB)', 16, 'txt', Buffer.from(notes.repeat((16 << 20) / notes.length))],
  ];
  for (const [input, units, extension, bytes] of growth) {
    const file = path.join(dir, `growth-${units}.${extension}`);
    writeFileSync(file, bytes);
    const measured = inChild(file);
    row([
      input,
      units,
      measured.seconds.toFixed(2),
      measured.cpuSeconds.toFixed(2),
      ((1000 * measured.cpuSeconds) / units).toFixed(1),
      measured.peakMb.toFixed(0),
    ]);
  }
}

/** Headings and table cells recovered on the fixture set, per format. */
async function structure(dir: string): Promise<void> {
  console.log(
    `\nStructure score on the fixture set (headings and table cells recovered / present)\n`,
  );
  const docx = await pandocWrite('docx', FIXTURE_PANDOC_MARKDOWN);
  const pptx = await pandocWrite('pptx', FIXTURE_PANDOC_MARKDOWN);
  const fixtures: [string, Uint8Array | undefined][] = [
    ['fixture.txt', new Uint8Array(Buffer.from(FIXTURE_MARKDOWN))],
    ['fixture.docx', docx],
    ['fixture.pptx', pptx],
    ['fixture.tex', new Uint8Array(Buffer.from(FIXTURE_LATEX))],
    ['fixture.pdf', libreOfficeConvert('fixture.docx', docx, 'pdf')],
    ['fixture.doc', libreOfficeConvert('fixture.docx', docx, 'doc')],
    ['fixture.ppt', libreOfficeConvert('fixture.pptx', pptx, 'ppt')],
  ];
  const tableOnly: [string, Uint8Array | undefined][] = [
    ['fixture.csv', new Uint8Array(Buffer.from(FIXTURE_CSV))],
    [
      'fixture.xlsx',
      await xlsxBytes({
        Results: [
          ['Group', 'Score'],
          ['Control', 3.5],
          ['Treatment', 4.25],
        ],
      }),
    ],
    ['fixture.sav', savBytes()],
  ];
  row(['file', 'recovered', 'score']);
  let found = 0;
  let present = 0;
  const score = (
    name: string,
    bytes: Uint8Array | undefined,
    expected: Parameters<typeof structureScore>[1],
  ) => {
    if (!bytes) {
      row([name, 'tool not installed']);
      return;
    }
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    const run = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--markdown', file], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const result = structureScore(structureOf(run.stdout), expected);
    found += result.found;
    present += result.present;
    row([
      name,
      `${result.found}/${result.present}`,
      `${((100 * result.found) / result.present).toFixed(0)}%`,
    ]);
  };
  for (const [name, bytes] of fixtures) score(name, bytes, FIXTURE_STRUCTURE);
  // Spreadsheets and data files hold only the table (the .sav fixture has its own columns).
  for (const [name, bytes] of tableOnly.slice(0, 2))
    score(name, bytes, { headings: [], tableCells: FIXTURE_STRUCTURE.tableCells });
  score('fixture.sav', tableOnly[2]?.[1], {
    headings: ['Data', 'Codebook'],
    tableCells: ['id', 'group', 'score', 'Control', 'Treatment'],
  });
  row(['all', `${found}/${present}`, `${((100 * found) / present).toFixed(0)}%`]);
}

async function printMarkdown(file: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(file));
  const converter = await (await checkFile(file, bytes)).load();
  const workDir = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-'));
  process.stdout.write(
    await converter({ fileName: file, bytes, workDir, report: () => undefined }),
  );
  rmSync(workDir, { recursive: true, force: true });
}

const [mode, file] = process.argv.slice(2);
if (mode === '--one' && file) await measureOne(file);
else if (mode === '--warm' && file) await measureWarm(file, Number(process.argv[4] ?? RUNS));
else if (mode === '--markdown' && file) await printMarkdown(file);
else await main();
